"""A fast deep copy for states made of pydantic models, lists, dicts and scalars.

Resolution copies the whole state so that the caller's state is never changed;
``copy.deepcopy`` spends most of its time on bookkeeping these plain trees do not
need. Frozen models are shared, not copied: nothing can change them.
"""
from __future__ import annotations

import dataclasses
from itertools import chain
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_SCALARS = (str, int, float, bool, type(None))
_SCALAR_TYPES = frozenset(_SCALARS)
_all_scalar_types = _SCALAR_TYPES.issuperset
_set = object.__setattr__
_TUPLE_ONLY = {tuple}


def _immutable(v: Any) -> bool:
    """Shared rather than copied: a scalar, or a tuple of scalars (a point). Exact
    types, so a subclass with state of its own is never shared."""
    t = type(v)
    return t in _SCALAR_TYPES or (t is tuple and all(type(x) in _SCALAR_TYPES for x in v))


def _frozen_dataclass(value: Any) -> bool:
    """A frozen dataclass of scalars (a grid square, a hex, a pose of rules/core/tables)
    cannot change, so it is shared like a scalar."""
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen:
        return False
    return all(_immutable(v) or _frozen_dataclass(v)
               for v in (getattr(value, f.name) for f in dataclasses.fields(value)))


def clone(value: Any) -> Any:
    # The common cases by exact type first: isinstance against BaseModel (an ABC) is
    # slow, and a state holds hundreds of values. Subclasses go the general way below.
    t = type(value)
    if t in _SCALAR_TYPES:
        return value
    if t is list:
        if not value:
            return []
        if type(value[0]) is tuple:
            # A trail of points: their coordinates' types are read in C.
            if set(map(type, value)) == _TUPLE_ONLY and _all_scalar_types(map(type, chain.from_iterable(value))):
                return value.copy()
            return [clone(v) for v in value]
        # A plain loop: a generator for all() costs more than the test on a short list.
        for v in value:
            if not _immutable(v):
                return [clone(v) for v in value]
        return value.copy()
    if t is dict:
        if _all_scalar_types(map(type, value.values())):
            return value.copy()
        return {k: v if type(v) in _SCALAR_TYPES else clone(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return value
        return clone_model(value)
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, list):
        # Lists of scalars or points (a ship's trail) need no element-wise copy.
        if all(_immutable(v) for v in value):
            return value.copy()
        return [clone(v) for v in value]
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return value if _immutable(value) else tuple(clone(v) for v in value)
    if _frozen_dataclass(value):
        return value
    raise TypeError(f"cannot clone a {type(value).__name__} in a game state")


def clone_model(model: M) -> M:
    if model.__pydantic_extra__ is not None or getattr(model, "__pydantic_private__", None) is not None:
        copy = model.model_copy()
        for name, field_value in model.__dict__.items():
            if not isinstance(field_value, _SCALARS):
                object.__setattr__(copy, name, clone(field_value))
        return copy
    # What ``model_copy`` does for a model without extra or private attributes, less
    # its generic bookkeeping: a state is some 150 models, copied at every step.
    cls = type(model)
    copy = cls.__new__(cls)
    fields = model.__dict__.copy()
    for name, value in fields.items():
        if type(value) not in _SCALAR_TYPES:
            fields[name] = clone(value)
    _set(copy, "__dict__", fields)
    _set(copy, "__pydantic_extra__", None)
    _set(copy, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(copy, "__pydantic_private__", None)
    return copy

"""A fast deep copy for states made of pydantic models, lists, dicts and scalars.

Resolution copies the whole state so that the caller's state is never changed;
``copy.deepcopy`` spends most of its time on bookkeeping these plain trees do not
need. Frozen models are shared, not copied: nothing can change them.

A model is copied from its class's declared field types, worked out once: fields
declared as scalars, literals, tuples of them or frozen models are shared without a
look; lists and dicts of such are copied flat; models, lists and dicts of models are
copied model by model; anything else is copied by looking at the value. The
declarations are trusted (pydantic does not check an assignment), so the conformance
suite checks every state it plays against them (:func:`undeclared_mutables`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from itertools import chain
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

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
    cls = type(model)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return _clone_loose(model)
    # What ``model_copy`` does for a model without extra or private attributes, less
    # its generic bookkeeping, and only the fields that can hold something mutable
    # looked at: a state is some 150 models, copied at every step.
    copy = cls.__new__(cls)
    fields = model.__dict__.copy()
    for name, how in plan:
        value = fields[name]
        if value is not None:
            try:
                fields[name] = how(value)
            except (TypeError, AttributeError):
                # Not what its field declares (a tuple where a list is declared, say,
                # assigned without validation): copied by looking at the value.
                fields[name] = clone(value)
    _set(copy, "__dict__", fields)
    _set(copy, "__pydantic_extra__", None)
    _set(copy, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _set(copy, "__pydantic_private__", None)
    return copy


def _clone_loose(model: BaseModel) -> BaseModel:
    """A model with extra or private attributes: pydantic's copy, then each field."""
    copy = model.model_copy()
    for name, field_value in model.__dict__.items():
        if not isinstance(field_value, _SCALARS):
            object.__setattr__(copy, name, clone(field_value))
    return copy


# How each model class's fields are copied, worked out once from its declared field
# types (keyed by the class itself, which the program keeps: the same answer for every
# state). ``None``: a class with extra or private attributes, copied the general way.
_PLANS: dict[type, tuple[tuple[str, Callable[[Any], Any]], ...] | None] = {}


def _plan(cls: type[BaseModel]) -> tuple[tuple[str, Callable[[Any], Any]], ...] | None:
    if cls.model_config.get("extra") == "allow" or cls.__private_attributes__:
        return None
    plan = []
    for name, field in cls.model_fields.items():
        how = _copier(field.annotation)
        if how is not None:
            plan.append((name, how))
    return tuple(plan)


def _copier(annotation: Any) -> Callable[[Any], Any] | None:
    """How a value of this declared type is copied; ``None``: it is shared (nothing can
    change it). Only exact, simple declarations get a fast way; the rest go through
    :func:`clone`, which looks at the value itself."""
    if _shared(annotation):
        return None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, UnionType) and len(args) == 2 and type(None) in args:
        annotation = args[0] if args[1] is type(None) else args[1]  # ``X | None``: None is skipped
        origin, args = get_origin(annotation), get_args(annotation)
    if _mutable_model(annotation):
        return clone_model
    if origin is list and len(args) == 1:
        if _shared(args[0]):
            return list.copy
        if _mutable_model(args[0]):
            return _clone_models
    if origin is dict and len(args) == 2 and _shared(args[0]):
        if _shared(args[1]):
            return dict.copy
        if _mutable_model(args[1]):
            return _clone_model_values
    return clone


def _clone_models(values: list) -> list:
    return [clone_model(v) for v in values]


def _clone_model_values(values: dict) -> dict:
    return {k: clone_model(v) for k, v in values.items()}


def _mutable_model(annotation: Any) -> bool:
    return _model_class(annotation) and not annotation.model_config.get("frozen")


def _shared(annotation: Any) -> bool:
    """Immutable by its declaration: a scalar, a literal, a tuple of such, a frozen model."""
    if annotation in _SCALAR_TYPES:
        return True
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return all(type(a) in _SCALAR_TYPES for a in args)
    if origin in (Union, UnionType) or origin is tuple:
        return bool(args) and all(a is Ellipsis or _shared(a) for a in args)
    return _model_class(annotation) and bool(annotation.model_config.get("frozen"))


def _model_class(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def undeclared_mutables(model: BaseModel, where: str = "") -> list[str]:
    """The fields of ``model`` (and of the models within it) whose value something could
    change although their declared type says it cannot, or that hold mutable items in a
    container copied flat: a copy would share them. ``clone_model`` trusts the
    declarations; the conformance suite checks every state it plays against them."""
    found: list[str] = []
    plan = _PLANS.get(type(model)) or _plan(type(model))
    if plan is None:
        return found
    how_of = dict(plan)
    for name, value in model.__dict__.items():
        path, how = f"{where}{type(model).__name__}.{name}", how_of.get(name)
        if how is None:
            if not _unchanging(value):
                found.append(path)
            continue
        if value is None:
            continue
        if how is clone:
            continue  # looked at value by value when copied
        if how in (list.copy, _clone_models) and type(value) is not list or (
                how in (dict.copy, _clone_model_values) and type(value) is not dict):
            found.append(f"{path}: {type(value).__name__}")
        elif how is list.copy or how is dict.copy:
            items = value if type(value) is list else value.values()
            found += [f"{path}[...]" for item in items if not _unchanging(item)][:1]
        else:
            for item in ([value] if how is clone_model else value if type(value) is list else value.values()):
                if isinstance(item, BaseModel):
                    found += undeclared_mutables(item, f"{path}/")
                else:
                    found.append(f"{path}: {type(item).__name__}")
    return found


def _unchanging(value: Any) -> bool:
    if isinstance(value, BaseModel):
        return bool(value.model_config.get("frozen"))
    return _immutable(value) or _frozen_dataclass(value)

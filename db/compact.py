"""How the big JSON columns are kept small: compressed text, and states as deltas.

A 20-ship state is some 45 KB of JSON and a step changes a few ships of it, so storing
the whole state on every step made the database grow by a whole state per step.

- **Packed text.** A JSON column holds either the JSON text (TEXT, as every row did
  before) or that same text zlib-compressed (BLOB): the type of the value says which, so
  old rows need no marker. A value is compressed only where that makes it smaller.
- **Keyframes and deltas.** A step's state is stored whole (a keyframe) every
  ``KEYFRAME_EVERY`` steps; the steps between hold a delta against their keyframe's
  state (not against the step before: any state is at most two rows away). A delta is a
  list of operations on the keyframe's JSON document (:func:`diff`, :func:`patch`).

Exactness: the state read back must be the state stored, byte for byte once dumped.
A delta is checked when it is made (:func:`delta_for`): patched onto the keyframe's state
it must give the new state's text exactly, or the state is stored whole instead. Python
calls ``1 == 1.0 == True`` equal, so the differ alone could miss such a change; the check
cannot.
"""
from __future__ import annotations

import json
import marshal
import zlib
from typing import Any, Callable, Iterable

# Chosen by measurement (bench/bench_storage.py): with deltas taken against a keyframe,
# a longer interval makes fewer whole states but larger deltas as the game drifts away
# from its keyframe; 16 was the smallest per step for a 20-ship game.
KEYFRAME_EVERY = 16
# zlib level 6 (the default): level 1 leaves a keyframe a third larger for 20% less
# time; level 9 gains under 2% for 15% more. Decompression costs the same at any level.
LEVEL = 6

Packed = str | bytes


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pack(text: str) -> Packed:
    """The text, compressed where that is smaller (short lists such as ``[]`` are not)."""
    raw = text.encode("utf-8")
    packed = zlib.compress(raw, LEVEL)
    return packed if len(packed) < len(raw) else text


def unpack(value: Packed | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return zlib.decompress(value).decode("utf-8")


def load(value: Packed | None) -> Any:
    text = unpack(value)
    return None if text is None else json.loads(text)


class SharedLoads:
    """Parsed JSON shared by every row that stores the same text: a games row's setup is
    its scenario's (some 10 KiB parsed for a frigate duel), the same for every game of
    that scenario, and the rows of every running game are remembered (:mod:`db.memo`).
    What it hands out is shared, as a remembered row already is: read, never changed.
    Past ``limit`` texts it starts over."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._kept: dict[Packed, Any] = {}

    def load(self, value: Packed | None) -> Any:
        if value is None or not isinstance(value, (str, bytes)):
            return load(value)
        found = self._kept.get(value, _NONE)
        if found is _NONE:
            found = load(value)
            if len(self._kept) >= self.limit:
                self._kept.clear()
            self._kept[value] = found
        return found


_NONE: Any = object()


# -- deltas -------------------------------------------------------------------------------
# An operation is [code, path, argument]; a path is the keys and list indexes from the
# document's root. "u": update the object at path with the argument's members (keys it
# already has, so their order stays); "s": set the value at path (the empty path replaces
# the document); "x": extend the list at path with the items; "t": cut the list at path to
# a length. A ship's moved coordinates are one "u", not one operation each: fewer and
# shorter operations are quicker to read back.

def diff(old: Any, new: Any) -> list[list[Any]]:
    """Operations that turn ``old`` into ``new``: objects with the same keys in the same
    order and lists are compared member by member, anything else is replaced whole."""
    ops: list[list[Any]] = []
    if not (type(old) is type(new) and old == new):
        _walk(old, new, [], ops)
    return ops


def _walk(old: Any, new: Any, path: list[Any], ops: list[list[Any]]) -> None:
    """``old`` and ``new`` differ: the operations for the difference."""
    if type(old) is dict and type(new) is dict and list(old) == list(new):
        changed = {}
        for key, value in new.items():
            was = old[key]
            if type(was) is type(value) and was == value:
                continue
            if _comparable(was, value):
                _walk(was, value, path + [key], ops)
            else:
                changed[key] = value
        if changed:
            ops.append(["u", path, changed])
    elif type(old) is list and type(new) is list and old and new:
        if len(new) < len(old):
            ops.append(["t", path, len(new)])
        for i in range(min(len(old), len(new))):
            was, value = old[i], new[i]
            if type(was) is type(value) and was == value:
                continue
            if _comparable(was, value):
                _walk(was, value, path + [i], ops)
            else:
                ops.append(["s", path + [i], value])
        if len(new) > len(old):
            ops.append(["x", path, new[len(old):]])
    else:
        ops.append(["s", path, new])


def _comparable(old: Any, new: Any) -> bool:
    """Worth comparing member by member: objects with the same keys, lists both holding
    objects (a short list of numbers, a point of a ship's trail, is set whole)."""
    if type(old) is dict and type(new) is dict:
        return list(old) == list(new)
    return (type(old) is list and type(new) is list and bool(old) and bool(new)
            and type(old[0]) is dict and type(new[0]) is dict)


def patch(doc: Any, ops: list[list[Any]]) -> Any:
    """Apply :func:`diff`'s operations to ``doc`` (changed in place) and return it."""
    for code, path, arg in ops:
        if code == "s" and not path:
            doc = arg
            continue
        target = doc
        for key in path[:-1] if code == "s" else path:
            target = target[key]
        if code == "u":
            target.update(arg)
        elif code == "s":
            target[path[-1]] = arg
        elif code == "x":
            target.extend(arg)
        else:
            del target[arg:]
    return doc


def needs_keyframe(idx: int, keyframe_idx: int | None) -> bool:
    """Whether step ``idx`` must store its state whole, given its game's last live keyframe."""
    return keyframe_idx is None or idx - keyframe_idx >= KEYFRAME_EVERY


def delta_for(base: Any, new: Any, new_text: str, pack_with: "Callable[[str], Packed] | None" = None
              ) -> Packed | None:
    """The packed delta from the keyframe's state ``base`` (parsed from its stored text;
    this changes it) to ``new``, whose text is ``new_text``; None if no delta reproduces
    ``new_text`` exactly."""
    ops = diff(base, new)
    if dump(patch(base, ops)) != new_text:
        return None
    return (pack_with or pack)(dump(ops))


def states_of(rows: Iterable[tuple[int, Packed, int | None]]) -> list[Any]:
    """The states of a game's steps from their rows (id, stored state, keyframe id), in
    index order: each keyframe is read once, and each delta patches a copy of it. The
    copy is made by marshal, a few times quicker than parsing the JSON again; it keeps
    every type and the order of keys, and never leaves this function."""
    copies: dict[int, bytes] = {}
    out = []
    for row_id, value, base_id in rows:
        if base_id is None:
            state = load(value)
            copies[row_id] = marshal.dumps(state)
        else:
            state = patch(marshal.loads(copies[base_id]), load(value))
        out.append(state)
    return out


def state_of(value: Packed, base: Packed | None) -> Any:
    """A stored state: whole (``base`` None) or a delta against the keyframe's value."""
    if base is None:
        return load(value)
    return patch(load(base), load(value))

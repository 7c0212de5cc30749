"""The state copy used by every resolution: deep where it must be, shared where safe."""
from typing import Any

from pydantic import BaseModel, ConfigDict

from rules.core.copying import clone_model


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)
    n: int


class Inner(BaseModel):
    v: list[int]


class Outer(BaseModel):
    trail: list[tuple[float, float]]
    nested: list[tuple[list[int], int]]
    inner: Inner
    by_name: dict[str, Inner]
    frozen: Frozen


def test_clone_is_deep_for_everything_mutable():
    a = Outer(trail=[(1.0, 2.0)], nested=[([1], 2)], inner=Inner(v=[1]), by_name={"x": Inner(v=[2])},
              frozen=Frozen(n=1))
    b = clone_model(a)
    assert b == a
    b.trail.append((3.0, 4.0))
    b.nested[0][0].append(9)
    b.inner.v.append(5)
    b.by_name["x"].v.append(6)
    assert a.trail == [(1.0, 2.0)] and a.nested == [([1], 2)]
    assert a.inner.v == [1] and a.by_name["x"].v == [2]
    assert b.frozen is a.frozen  # nothing can change it: shared


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow")
    v: list[int]


def test_clone_keeps_what_was_set_and_extra_fields():
    a = Inner(v=[1])
    b = clone_model(a)
    assert b.model_fields_set == a.model_fields_set and b.model_fields_set is not a.model_fields_set
    assert b.model_dump(exclude_unset=True) == a.model_dump(exclude_unset=True)
    loose = Loose(v=[1], note="x")
    copy = clone_model(loose)
    assert copy == loose and copy.model_dump() == {"v": [1], "note": "x"}
    copy.v.append(2)
    assert loose.v == [1]


def test_frozen_table_coordinates_are_shared_and_other_dataclasses_refused():
    """A grid square, a hex or a pose of rules/core/tables may sit in a state: they cannot
    change, so a copy shares them; a dataclass that can change has no place in a state."""
    import dataclasses

    from rules.core.copying import clone
    from rules.core.tables.hexmap import Hex
    from rules.core.tables.open_table import Pose
    from rules.core.tables.squares import Square

    for frozen in (Square(2, 1), Hex(0, -3), Pose(1.5, 2.0, 90.0)):
        assert clone(frozen) is frozen
        assert clone([frozen, frozen]) == [frozen, frozen]

    @dataclasses.dataclass
    class Loose:
        x: int

    import pytest
    with pytest.raises(TypeError):
        clone(Loose(1))


class Leaf(BaseModel):
    n: int = 0
    tags: list[str] = []


class Branchy(BaseModel):
    maybe: Leaf | None = None
    leaves: list[Leaf] = []
    by_id: dict[str, Leaf] = {}
    counts: dict[str, int] = {}
    point: tuple[float, float] | None = None
    anything: Any = None
    label: str = ""


class LeafPlus(Leaf):
    extra_list: list[int] = []


def test_each_declared_kind_of_field_is_copied_as_deep_as_it_must_be():
    """The copy works from each model's declared field types: every kind of
    declaration still gives a copy that shares nothing that can change."""
    a = Branchy(maybe=LeafPlus(n=1, extra_list=[1]), leaves=[Leaf(tags=["a"])], by_id={"x": Leaf(tags=["b"])},
                counts={"k": 1}, point=(1.0, 2.0), anything={"deep": [1]}, label="s")
    b = clone_model(a)
    assert b == a and type(b.maybe) is LeafPlus
    b.maybe.extra_list.append(2)
    b.maybe.tags.append("z")
    b.leaves[0].tags.append("z")
    b.leaves.append(Leaf())
    b.by_id["x"].tags.append("z")
    b.counts["k"] = 2
    b.anything["deep"].append(2)
    assert a == Branchy(maybe=LeafPlus(n=1, extra_list=[1]), leaves=[Leaf(tags=["a"])], by_id={"x": Leaf(tags=["b"])},
                        counts={"k": 1}, point=(1.0, 2.0), anything={"deep": [1]}, label="s")
    assert clone_model(Branchy()) == Branchy()


def test_values_that_break_their_declared_type_are_found():
    """The copy trusts the declarations; the conformance suite asks this of every state."""
    from rules.core.copying import undeclared_mutables

    ok = Branchy(leaves=[Leaf()], anything=[[1]])
    assert undeclared_mutables(ok) == []
    bad = Branchy(leaves=[Leaf()], counts={})
    bad.label = ["not", "a", "string"]  # no validation on assignment
    bad.counts["k"] = [1]
    bad.leaves[0].n = {"n": 1}
    assert undeclared_mutables(bad) == ["Branchy.leaves/Leaf.n", "Branchy.counts[...]", "Branchy.label"]
    odd = Branchy()
    odd.leaves = (Leaf(),)
    odd.maybe = {"n": 1}
    assert undeclared_mutables(odd) == ["Branchy.maybe: dict", "Branchy.leaves: tuple"]


def test_a_value_unlike_its_declaration_is_still_copied():
    """Pydantic does not check an assignment: a tuple where a list is declared, a dict
    where a model is, still give a copy (by looking at the value)."""
    a = Branchy()
    a.leaves = (Leaf(tags=["a"]),)
    a.maybe = {"n": [1]}
    a.counts = ("k", 1)
    b = clone_model(a)
    b.leaves[0].tags.append("z")
    b.maybe["n"].append(2)
    assert a.leaves[0].tags == ["a"] and a.maybe == {"n": [1]} and b.counts == ("k", 1)

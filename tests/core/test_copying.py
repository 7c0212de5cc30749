"""The state copy used by every resolution: deep where it must be, shared where safe."""
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

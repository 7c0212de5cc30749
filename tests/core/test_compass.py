"""The compass rose names a heading by its nearest of the rulebook's 16 points."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.tables.compass import POINTS_16, compass


@pytest.mark.parametrize("degrees,name", [(0, "N"), (22.5, "NNE"), (45, "NE"), (90, "E"), (180, "S"),
                                          (270, "W"), (337.5, "NNW"), (359, "N"), (-90, "W"), (720 + 45, "NE")])
def test_points(degrees, name):
    assert compass(degrees) == name


def test_boundaries_round_clockwise():
    assert compass(11.2499) == "N" and compass(11.25) == "NNE"
    assert compass(348.75) == "N" and compass(348.7499) == "NNW"


@given(st.floats(-1e4, 1e4, allow_nan=False))
def test_every_heading_has_one_of_sixteen_names(degrees):
    assert compass(degrees) in POINTS_16


@given(st.integers(-3600, 3600))
def test_whole_turns_keep_the_name(degrees):
    assert compass(degrees) == compass(degrees + 360) == compass(degrees - 720)

"""L'equipaggio: nationality."""
from __future__ import annotations

from rules.pirates import movement
from tests.pirates.helpers import new_state


def test_equipaggio_captured_crew_of_another_nation_does_not_act():
    """"Su una nave può salire equipaggio di qualunque tipo, ma solo quello della medesima
    nazionalità sarà in grado di agire.\""""
    from rules.pirates import crews as C

    state = new_state()
    heron = state.ship("red-heron")
    assert C.aboard_with(state, heron, C.HELMSMAN) is not None
    helmsman = C.aboard_with(state, heron, C.HELMSMAN)
    heron.side = helmsman.side = "blue"  # brought to blue's home in tow: both change hands
    helmsman.born = "red"
    assert C.aboard_with(state, heron, C.HELMSMAN) is None
    assert movement.segments_of(state, heron) == heron.speed  # no extra S from her

"""What the map shows of what just happened comes from the view: the shots of this
phase and of the last phase with action (as the public ``broadside`` events tell
them), each ship's boxes struck when that phase's damage was marked, and the turn a
ship went down. The usual table of tests/cannoni/test_rules_fire.py: Virginie ("v")
with her starboard broadside on HMS Indefatigable ("t"), 6" to the east."""
from __future__ import annotations

from rules.cannoni import damage
from rules.cannoni.view import view
from rules.core.view import PublicView
from tests.cannoni.conftest import act, of
from tests.cannoni.test_rules_fire import ready, shoot, table


def test_a_broadside_is_in_the_view_until_the_next_phase_with_action():
    state = ready(table())
    before = {k: t.lost for k, t in state.ship("t").hull.items()}
    state, b, events = shoot(state, [6, 5])  # 6 + 4 at 4-6": twice the target's 5, two hits
    assert b["hits"] == 2 and not b["critical"]
    public = view(state, None)
    # Virginie was the only ship of phase 4: her shot closed it, and it stays on show.
    assert public["phase"] == 3
    assert public["shots"] == [{"firer": "v", "target": "t", "hits": 2, "critical": False, "effect": True,
                                "done": True}]
    assert PublicView.read(public).shots[0].hits == 2
    struck = {f"hull.{k}": t.lost - before[k] for k, t in state.ship("t").hull.items() if t.lost > before[k]}
    assert struck and sum(struck.values()) == 2
    assert next(s for s in public["ships"] if s["id"] == "t")["last_damage"] == struck
    assert next(s for s in public["ships"] if s["id"] == "v")["last_damage"] == {}
    # Phase 3: she acts again and does not fire; that phase closes and shows nothing fired.
    state, events = act(state, "v", {"action": "pass"})
    assert of(events, "phase_end")
    public = view(state, None)
    assert public["shots"] == []
    assert all(s["last_damage"] == {} for s in public["ships"])


def test_a_shot_in_progress_and_the_last_phases_show_together():
    state = ready(table(), chits={"v": 5, "t": 4})
    state, b, _ = shoot(state, [1, 10])  # a miss; Indefatigable still to act in phase 4
    shots = view(state, None)["shots"]
    assert shots == [{"firer": "v", "target": "t", "hits": 0, "critical": False, "effect": True, "done": False}]


def test_a_ship_lost_keeps_the_turn_she_went_down():
    state = table(turn=3)
    state.step = "action"
    damage.remove_sunk(state, state.ship("t"))
    ship = next(s for s in view(state, None)["ships"] if s["id"] == "t")
    assert ship["status"] == "sunk" and ship["lost_turn"] == 3 and ship["x"] == 36.0



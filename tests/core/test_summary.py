"""A finished game in brief (``rules.core.summary``): the decisive moments found from the
public views and losses agree with what the events of recorded games say."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset
from rules.core.summary import FIRST_BLOOD, Moment, find_moments, summarise

RECORDS = Path(__file__).resolve().parents[2] / "records"
# What each Cannoni event that takes a ship out of the fight makes of her.
FATES = {"struck": "struck", "captured": "taken", "sunk": "sunk", "sinking": "sinking", "left_table": "left"}
DAMAGE = {"hull_damage", "rigging_damage", "crew_loss", "critical_damage", "fire_breaks_out", "mast_down"}


def _told(record: GameRecord):
    """Every public event with the turn it happened in (the turn_start events before it)."""
    result, states = replay(record, keep_states=True)
    turn = 0
    told = []
    for step in result.steps:
        for event in step.events:
            if event.to is not None:
                continue
            if event.kind == "turn_start":
                turn = event.data["turn"]
            told.append((turn, event))
    return told, states


def _from_events(told) -> tuple[tuple | None, list[tuple]]:
    """First blood (turn, firer, target) and each ship's fate (turn, fate, name), read
    from the events alone: a broadside followed by damage to its target is first blood."""
    names: dict[str, str] = {}
    firing = None
    blood = None
    fates = []
    for turn, e in told:
        if "ship" in e.data and "name" in e.data:
            names[e.data["ship"]] = e.data["name"]
        if e.kind == "broadside":
            firing = (e.data["ship"], e.data["target"])
        elif e.kind in ("phase_end", "turn_start"):
            firing = None
        elif e.kind in DAMAGE and firing and blood is None and e.data.get("ship") == firing[1]:
            blood = (turn, names[firing[0]], names[firing[1]])
        if e.kind in FATES:
            fates.append((turn, FATES[e.kind], e.data["name"]))
    return blood, fates


@pytest.mark.parametrize("name", ["cannoni-frigate-duel", "cannoni-squadron-action", "cannoni-boarding-capture",
                                  "cannoni-brig-action"])
def test_the_moments_of_a_recorded_game_are_what_its_events_say(name):
    record = GameRecord.load(RECORDS / f"{name}.json")
    rules = get_ruleset(record.ruleset)
    told, states = _told(record)
    summary = summarise(rules, states)
    blood, fates = _from_events(told)
    found = [m for m in summary.moments if m.kind == FIRST_BLOOD]
    if blood is None:
        assert not found
    else:
        assert [(m.turn, m.by, m.name) for m in found] == [blood]
    # in order of turns (within one resolution, side by side: the views do not say which came first)
    moments = [(m.turn, m.kind, m.name) for m in summary.moments if m.kind != FIRST_BLOOD]
    assert [t for t, _, _ in moments] == sorted(t for t, _, _ in moments)
    assert sorted(moments) == sorted(fates)
    # the losses at the end are the sides' lists, and the result the rules'
    last = rules.losses(states[-1])
    assert {s.side: s.lost for s in summary.sides} == {side: last.get(side, []) for side in rules.losses(states[0])}
    assert summary.outcome == rules.outcome(states[-1])


def test_the_records_have_the_moments_this_test_is_about():
    """The records above do hold struck ships, a ship taken and first blood (else the
    test would prove little)."""
    kinds = set()
    for name in ("cannoni-squadron-action", "cannoni-boarding-capture"):
        record = GameRecord.load(RECORDS / f"{name}.json")
        _, states = replay(record, keep_states=True)
        kinds |= {m.kind for m in summarise(get_ruleset(record.ruleset), states).moments}
    assert {"struck", "taken", FIRST_BLOOD} <= kinds


def _view(turn, ships, shots=()):
    return {"ruleset": "x", "turn": turn, "sides": ["a", "b"], "ships": ships, "shots": list(shots)}


def test_a_fate_that_changes_is_a_new_moment_and_a_ship_back_in_the_fight_may_be_lost_again():
    fox = {"id": "f", "name": "Fox", "side": "a"}
    hare = {"id": "h", "name": "Hare", "side": "b"}
    frames = [
        (_view(1, [fox, hare]), {"a": [], "b": []}),
        (_view(1, [fox, hare], [{"firer": "h", "target": "f", "hits": 0}]), {"a": [], "b": []}),  # a miss
        (_view(2, [fox | {"struck": True}, hare], [{"firer": "h", "target": "f", "hits": 2}]), {"a": ["Fox"], "b": []}),
        (_view(3, [fox | {"struck": True, "captured_by": "b", "side": "b"}, hare]), {"a": ["Fox"], "b": []}),
        (_view(4, [fox, hare]), {"a": [], "b": []}),  # retaken
        (_view(5, [fox | {"status": "sunk", "lost_turn": 5}, hare]), {"a": ["Fox"], "b": []}),
    ]
    assert find_moments(frames) == [
        Moment(turn=1, kind=FIRST_BLOOD, name="Fox", side="a", by="Hare", by_side="b", hits=2),
        Moment(turn=1, kind="struck", name="Fox", side="a"),
        Moment(turn=2, kind="taken", name="Fox", side="a"),
        Moment(turn=5, kind="sunk", name="Fox", side="a"),  # her lost_turn, the rules' own word
    ]


def test_two_ships_of_one_name_are_two_losses():
    one = {"id": "r1", "name": "Redoutable", "side": "b"}
    two = {"id": "r2", "name": "Redoutable", "side": "b"}
    frames = [
        (_view(1, [one, two]), {"b": []}),
        (_view(2, [one, two | {"status": "sunk"}]), {"b": ["Redoutable"]}),
        (_view(3, [one | {"struck": True}, two | {"status": "sunk"}]), {"b": ["Redoutable", "Redoutable"]}),
    ]
    assert [(m.turn, m.kind, m.name) for m in find_moments(frames)] == [(1, "sunk", "Redoutable"),
                                                                        (2, "struck", "Redoutable")]

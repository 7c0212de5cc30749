"""The one source of chance: seeded, forced, recorded."""
import pytest

from rules.core.dice import ForcedDice, RecordDiverged, Roll, Roller, SeededDice
from rules.core.events import EventLog


def test_seeded_dice_repeat_for_the_same_seed():
    a, b = SeededDice(42), SeededDice(42)
    assert [a.next(10, "x") for _ in range(50)] == [b.next(10, "x") for _ in range(50)]


def test_seeded_dice_stay_on_the_faces():
    dice = SeededDice(1)
    values = {dice.next(6, "x") for _ in range(600)}
    assert values == {1, 2, 3, 4, 5, 6}


def test_every_roll_is_an_event_and_a_record():
    log = EventLog()
    roller = Roller(ForcedDice([7, 3]), log)
    assert roller.roll(10, "broadside") == 7
    assert roller.roll(10, "target", to=["p1"]) == 3
    assert [r.value for r in roller.rolls] == [7, 3]
    assert [e.kind for e in log.events] == ["roll", "roll"]
    assert log.events[1].to == ["p1"] and not log.events[1].visible_to(None)


def test_forced_dice_check_recorded_sides():
    dice = ForcedDice([Roll(sides=6, value=3, reason="quick play")])
    with pytest.raises(RecordDiverged, match="d6"):
        dice.next(10, "broadside")


def test_forced_dice_reject_impossible_faces_and_exhaustion():
    with pytest.raises(RecordDiverged):
        ForcedDice([11]).next(10, "x")
    with pytest.raises(RecordDiverged, match="no forced die"):
        ForcedDice([]).next(10, "x")


def test_forced_dice_fall_back_to_a_source():
    dice = ForcedDice([2], fallback=SeededDice(3))
    assert dice.next(10, "x") == 2
    assert 1 <= dice.next(10, "x") <= 10


def test_choice_and_shuffle_use_recorded_dice():
    log = EventLog()
    roller = Roller(ForcedDice([2, 1]), log)
    assert roller.choice(["a", "b", "c"], "pick") == "b"
    assert roller.shuffle(["x", "y"], "order") == ["x", "y"]
    assert len(roller.rolls) == 2  # the last of a shuffle needs no die

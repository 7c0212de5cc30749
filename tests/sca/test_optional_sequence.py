"""Optional rule 3: the full game's sequence of play, a player's part in two segments."""
from __future__ import annotations

import math

import pytest

from tests.conformance.test_rulesets import play
from tests.sca.helpers import kinds, order, part, ship, start

N, E, SE, S = 0, 4, 6, 8


def moves(step) -> list[int]:
    return [e.data["mm"] for e in step.events if e.kind == "moved"]


def test_regola_opzionale_3_sequenza_di_gioco():
    """"Il turno di un giocatore è ulteriormente diviso in due segmenti ... Primo segmento: tiro di
    dado per l'Abilità e attivazione degli ordini sulla tabella Abilità; movimento, la nave può virare,
    orzare o poggiare alla fine del segmento; completamento delle azioni; fuoco/caricamento. Secondo
    segmento: movimento (la velocità di movimento è in accordo con eventuali variazioni di velatura
    ordinate ed eseguite nel primo segmento); ulteriori virate, orzate o poggiate; fuoco/caricamento."

    A frigate on a beam reach under easy sail (90 mm a turn in a breeze) orders more sail, to bear
    away to SE at the end of the first segment and on to S at the end of the second, and fires her
    starboard broadside in the first segment. Ability 12 (4+4+4, average crew)."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 900, 860, SE), wind=N,
                           two_segments=True)
    after, step = part(ruleset, state, [order(state, "a", course="SE", course2="S", sail="up", fire="starboard",
                                              fire_when="first")], [4, 4, 4])
    seen = kinds(step)
    # The sail is thrown first, the first run goes at the old sail's half (45 mm) on her old
    # heading, then she bears away, fires, and runs the new sail's half (90 mm) on SE.
    assert seen.index("sail_set") < seen.index("segment") < seen.index("moved")
    assert moves(step) == [45, 90]
    first, second = [e for e in step.events if e.kind == "moved"]
    assert first.data["heading"] == "E" and second.data["heading"] == "SE"
    turns = [e.data["heading"] for e in step.events if e.kind == "course"]
    assert turns == ["SE", "S"]
    segments = [i for i, e in enumerate(step.events) if e.kind == "segment"]
    shot = next(i for i, e in enumerate(step.events) if e.kind in ("shot_hit", "shot_miss"))
    assert segments[0] < shot < segments[1]
    a = after.ship("a")
    assert a.heading == S and a.sail == "full"
    leg = 90 / math.sqrt(2)
    assert (a.x, a.y) == pytest.approx((1000 + 45 + leg, 1000 - leg))
    # The map shows where she turned: a dog-leg, not a straight line.
    assert a.trail == [(1000.0, 1000.0), (1045.0, 1000.0), (round(1045 + leg, 1), round(1000 - leg, 1))]


def test_regola_opzionale_3_the_second_change_follows_from_the_first():
    """"ulteriori virate, orzate o poggiate": the second change is a luff (up to 2 points) or a bearing
    away (up to 3) from the first segment's course, so the form offers it and the check holds it there;
    fire is in the first or the second segment."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2500, 1500, E), wind=N,
                           two_segments=True)
    form = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert form.param("fire_when").values() == ["second", "first"]
    assert {"E", "SE", "S", "SSW"} <= set(form.param("course2").values())
    (problem,) = ruleset.validate(state, order(state, "a", course="E", course2="SSW"))
    assert problem.code == "sca-second-course" and "E" in problem.message
    assert problem.text("it").startswith("A non può passare da E a SSW")
    assert not ruleset.validate(state, order(state, "a", course="SE", course2="SSW"))
    off = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2500, 1500, E), wind=N)[1]
    plain = ruleset.spec(off, ruleset.pending(off)[0]).action("sail")
    assert plain.param("course2") is None and plain.param("fire_when").values() == ["after", "before", "middle"]


def test_regola_opzionale_3_a_failed_change_is_read_from_where_she_is():
    """One Ability score holds for the whole part ("resta valido per l'intero turno"): at 3 the first
    change fails and the critical tack bears her away a point (ESE); the second, ordered as SE → S, is
    then read from ESE, where it is not a legal change: she holds ESE."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2500, 1500, E), wind=N,
                           two_segments=True)
    after, step = part(ruleset, state, [order(state, "a", course="SE", course2="SSW")], [1, 1, 1])
    seen = kinds(step)
    assert "course_failed" in seen and "critical_tack" in seen and "course2_void" in seen
    assert after.ship("a").heading == 5


@pytest.mark.parametrize("seed", [1, 2])
def test_regola_opzionale_3_a_whole_game_plays(seed):
    ruleset, state, record = play("sca", "squadrons", seed, options={"two_segments": True})
    assert ruleset.outcome(state) is not None
    assert any(o.payload.get("course2") for s in record.steps for o in s.orders)


def test_regola_opzionale_3_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"two_segments": True})
    assert played.outcome is not None and played.decisions > 0

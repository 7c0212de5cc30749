"""A fort and a ship without a name of her own are worded in the reader's language in a
refusal's words and in the event lines, and events and states stored before that keep
reading (rules/pirates/naming.py, rules/pirates/texts.py)."""
from __future__ import annotations

import json
from pathlib import Path

from renderer.api import describe_image, render_card, render_map
from rules.core.events import Event
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset
from rules.pirates import forts
from rules.pirates.movement import Plan, check_move
from rules.pirates.state import PiratesState
from rules.pirates.texts import describe
from tests.pirates.helpers import dice, new_state, put

OLD = Path(__file__).parent / "data" / "old_skirmish"  # a captains' game stored by an earlier build


def _sloop(state):
    return next(s for s in state.ships if s.id.endswith("sloop-3"))


def test_a_refusal_names_an_unnamed_ship_in_italian():
    state = new_state()
    sloop = put(_sloop(state), 5, 5, 0)
    sloop.stuck_to = "calico-cat"
    (problem,) = check_move(state, sloop, Plan([]))
    assert problem.text("it") == "sloop rosso 3 è incastrata con Calico Cat e non può muovere."
    assert problem.text("en") == "red sloop 3 is stuck to Calico Cat and cannot move."
    assert problem.message == problem.text("en")


def test_a_refusal_names_the_ship_in_the_way_in_italian():
    state = new_state()
    heron = next(s for s in state.ships if s.id == "red-heron")
    put(heron, 8, 4, 0)
    put(_sloop(state), 8, 6, 0)  # dead ahead, bow on: she may not be rammed from there
    problems = check_move(state, heron, Plan([(0, 3)]))
    assert problems and "sloop rosso 3" in problems[0].text("it"), [p.text("it") for p in problems]


def _fort(state):
    ship = next(s for s in state.ships if s.id == "sea-wasp")
    put(ship, 5, 7, 2)
    ship.docked = "rock"
    return forts.build(state, ship, "stockade", roller := dice(then=1)), roller


def test_a_fort_is_named_in_the_readers_language():
    state = new_state()
    fort, roller = _fort(state)
    built = next(e for e in roller.log.events if e.kind == "fort_built")
    hit = Event(kind="fort_hit", data={"fort": fort.id, "left": 1, "names": state.names(fort.id)})
    assert describe(hit, "en") == "stockade of Rock is hit: 1 gun(s) left."
    assert describe(hit, "it") == "Colpo a segno su palizzata di Rock: restano 1 cannoni."
    assert "palizzata" in describe(built, "it") and "stockade" not in describe(built, "it")
    # the event keeps a text (code and parameters), not the English name
    assert built.data["names"][fort.id]["code"] == "pirates.fort-name"
    json.dumps(built.data)


def test_a_forts_card_and_form_name_it_in_italian():
    state = new_state()
    fort, _ = _fort(state)
    view = get_ruleset("pirates").view(state, None)
    render_card(view, fort.id, lang="it")
    from rules.pirates.naming import piece_name, ship_words

    assert piece_name(next(f for f in view["forts"] if f["id"] == fort.id), "it") == "palizzata di Rock"
    assert ship_words(fort).render("it") == "palizzata di Rock"


def test_an_event_naming_an_unnamed_ship_keeps_a_text():
    state = new_state()
    names = state.names("red-sloop-3", "rock")
    assert names["rock"] == "Rock" and names["red-sloop-3"]["code"] == "pirates.unnamed.sloop.red"
    moved = Event(kind="treasure_moved", data={"treasure": "t1", "start": "rock", "end": "red-sloop-3",
                                               "names": names})
    assert describe(moved, "it") == "Un tesoro passa da Rock a sloop rosso 3."


def test_old_stored_events_still_read_and_their_fort_in_italian():
    events = [Event.model_validate(e) for e in json.loads((OLD / "events.json").read_text())]
    built = next(e for e in events if e.kind == "fort_built")
    assert built.data["names"]["fort-east-key"] == "stockade of East Key"  # as the old build stored it
    for lang in ("en", "it"):
        lines = [describe(e, lang) for e in events]
        assert all(lines)
    assert not any("stockade" in describe(e, "it") or "red sloop" in describe(e, "it") for e in events)
    # a line naming the fort, as the old build stored its names
    hit = Event(kind="fort_hit", data={"fort": "fort-east-key", "left": 1, "names": built.data["names"]})
    assert describe(hit, "it") == "Colpo a segno su palizzata di East Key: restano 1 cannoni."
    assert describe(hit, "en") == "stockade of East Key is hit: 1 gun(s) left."


def test_an_old_record_replays_and_an_old_saved_state_loads_and_renders():
    record = GameRecord.load(OLD / "record.json")
    done, _ = replay(record)
    assert done.outcome is not None
    state = PiratesState.model_validate(json.loads((OLD / "state.json").read_text()))
    assert state.forts and state.forts[0].name == "stockade of East Key"
    view = get_ruleset("pirates").view(state, None)
    render_map(view, legend=False)
    assert describe_image(view, "it")
    from rules.pirates.naming import ship_words

    assert ship_words(state.forts[0]).render("it") == "palizzata di East Key"

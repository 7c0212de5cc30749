"""Forte: other fleets' use of a fort, "con il permesso del proprietario del forte"
(rules/pirates/permits.py, rules/pirates/cargo.py)."""
from __future__ import annotations

from rules.core.decisions import Decision, Order
from rules.pirates import cargo, steps, turns
from rules.pirates.state import Fort, Gun, Slot
from rules.pirates.texts import describe
from rules.pirates.view import view
from renderer.pirates import board as board_module
from renderer.pirates.board import PiratesBoard
from renderer.theme import Theme
from tests.pirates.helpers import dice, new_state, put


def _fort_state():
    state = new_state()
    state.forts.append(Fort(id="fort-rock", key="stockade", name="stockade of Rock", side="red", island="rock",
                            value=5, squares=[(6, 6)], flags=[(6, 6)], guns=[Gun(range="S", score=3)]))
    small, big = state.treasures[0], state.treasures[1]  # 2 and 5
    small.place = big.place = "fort-rock"
    gull = put(state.ship("gull"), 5, 5, 2)
    gull.docked = "rock"
    state.order = [Slot(side="red", count=1)]
    return state, gull, small


def _event(roller, kind):
    return next(e for e in roller.log.events if e.kind == kind)


def _act(state, payload, player="p1"):
    decision = Decision(id=f"t{state.turn}.a1", kind="act", player=player)
    roller = dice()
    problems = steps.manoeuvre_check(state, decision, payload, None)
    if problems:
        return problems, roller
    steps.manoeuvre_resolve(state, {decision.id: Order(decision=decision.id, player=player, payload=payload)}, roller)
    return [], roller


def test_forte_con_il_permesso_del_proprietario_a_guest_loads_and_unloads():
    """"Una nave attraccata all'isola può imbarcare e sbarcare equipaggio e tesori dal forte,
    con il permesso del proprietario del forte, come se fosse la propria isola base. Come
    minimo un valore di monete pari al valore del forte deve restare nel forte": Red's fort,
    Blue's Gull docked at its island. Without leave she takes nothing; Red grants it (a
    free action of her manoeuvre), the Gull takes the 2 (the 5 stays, the fort's value) and
    may put treasure back; Red withdraws it and she can no more."""
    state, gull, small = _fort_state()
    assert cargo.destinations(state, "blue", small) == []
    spec = steps.manoeuvre_spec(state, steps.manoeuvre_pending(state)[0], None, None)
    permit = next(a for a in spec.actions if a.action == "permit")
    assert [c.value for c in permit.param("guest").choices] == ["blue"]
    assert permit.param("fort").choices[0].label.render("en") == "stockade of Rock (used by: no other fleet)"
    problems, roller = _act(state, {"action": "permit", "fort": "fort-rock", "guest": "blue", "allow": "yes"})
    assert problems == [] and state.forts[0].guests == ["blue"]
    assert state.order[0].count == 1  # a free action: Red's slot is still to play
    told = _event(roller, "fort_granted")
    assert describe(told, "en") == ("Red lets the Blue fleet use stockade of Rock: its ships docked there may load "
                                    "and unload treasure from it.")
    assert describe(told, "it").startswith("Rossa concede alla flotta Blu l'uso del suo forte (palizzata di Rock)")
    assert cargo.destinations(state, "blue", small) == [gull.id]
    assert cargo.destinations(state, "blue", state.treasures[1]) == []  # the 5 stays: the fort's value
    assert cargo.destinations(state, "green", small) == []  # leave is for Blue only
    coin = state.treasures[2]
    coin.place = gull.id
    assert "fort-rock" in cargo.destinations(state, "blue", coin)  # sbarcare into the fort
    cargo.move(state, "blue", coin.id, "fort-rock", dice())
    assert coin.public and coin.place == "fort-rock"
    # shown on the fort's card and in the public view
    public = view(state, None)
    assert public["forts"][0]["guests"] == ["blue"]
    # once a turn for each fort and fleet
    again, _ = _act(state, {"action": "permit", "fort": "fort-rock", "guest": "blue", "allow": "no"})
    assert [p.code for p in again] == ["pirates-no-permit"]
    assert "once a turn" in again[0].text("en") and "una volta per turno" in again[0].text("it")
    state.forts[0].changed = []  # the next turn
    problems, roller = _act(state, {"action": "permit", "fort": "fort-rock", "guest": "blue", "allow": "no"})
    assert problems == [] and state.forts[0].guests == []
    assert describe(_event(roller, "fort_withdrawn"), "it") == "Rossa revoca alla flotta Blu l'uso del suo forte (palizzata di Rock)."
    assert cargo.destinations(state, "blue", small) == []


def test_forte_only_the_owner_grants_and_the_card_says_who_may_use_it(monkeypatch):
    state, gull, small = _fort_state()
    state.order = [Slot(side="blue", count=1)]
    problems, _ = _act(state, {"action": "permit", "fort": "fort-rock", "guest": "blue", "allow": "yes"}, "p2")
    assert [p.code for p in problems] == ["pirates-no-permit"]
    assert "only a fort's owner" in problems[0].text("en")
    spec = steps.manoeuvre_spec(state, steps.manoeuvre_pending(state)[0], None, None)
    assert all(a.action != "permit" for a in spec.actions)  # Blue owns no fort
    state.order = [Slot(side="red", count=1)]
    withdrawn, _ = _act(state, {"action": "permit", "fort": "fort-rock", "guest": "blue", "allow": "no"})
    assert "no permission to withdraw" in withdrawn[0].text("en")
    drawn: list[list[str]] = []
    real = board_module.plain_card
    monkeypatch.setattr(board_module, "plain_card", lambda title, lines, theme: drawn.append(list(lines))
                        or real(title, lines, theme))
    board = PiratesBoard()
    board.card(view(state, None), "fort-rock", Theme(lang="en"))
    state.forts[0].guests = ["blue"]
    board.card(view(state, None), "fort-rock", Theme(lang="it"))
    assert drawn[0][-1] == "Used with leave by: no other fleet" and drawn[1][-1] == "In uso con permesso a: Blu"
    turns.start_turn(state, dice(then=1))
    assert state.forts[0].changed == [] and state.forts[0].guests == ["blue"]  # leave lasts until withdrawn

"""The club's house rule "Gioco guidato dalle carte": every side orders at once, then the turn's
phases come as the cards are drawn."""
from __future__ import annotations

import pytest

from renderer.sca.board import ScaBoard
from tests.conformance.test_rulesets import play
from tests.sca.helpers import kinds, order, part, ship, start

E = 4


def test_gioco_guidato_dalle_carte():
    """"All'inizio del turno si mescola il mazzo delle carte ... i giocatori assegnano gli ordini alle
    proprie navi e tirano i consueti d6 per stabilire il punteggio di abilità solo che questa operazione
    è eseguita contemporaneamente da tutti i giocatori. ... si scopre la prima carta del mazzo, ogni
    carta riporta un'azione e le navi che hanno ordini o che sono obbligate a eseguire quell'azione la
    effettuano immediatamente"; "Aumentare o diminuire la velatura. Come di consueto, la modifica ha
    effetto nella successiva fase di movimento (che potrebbe essere in questo stesso turno se la squadra
    non ha ancora mosso nel turno o nel turno successivo in caso contrario)".

    Both fleets throw 12 (4+4+4). The deck (wind, fires, freeing, sails, batteries, Bob's and Anne's
    movement, the two boardings) is drawn with a d9, d8, ...: 7 draws Bob's movement first, 6 Anne's,
    then the rest in order, so the sail card comes after both fleets have run."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 1000, 1200, E), wind=0,
                           card_turn=True)
    assert [(d.subject, d.player) for d in ruleset.pending(state)] == [("a", "p1"), ("t", "p2")]
    after, step = part(ruleset, state, [order(state, "a", sail="up", fire="port"), order(state, "t")],
                       [4, 4, 4, 4, 4, 4, 7, 6, 1, 1, 1, 1, 1, 1])
    cards = [(e.data["card"], e.data["player"] or e.data["fleet"]) for e in step.events if e.kind == "card"]
    assert cards == [("move", "Bob"), ("move", "Anne"), ("wind", ""), ("extinguish", ""), ("free", ""),
                     ("sail", ""), ("batteries", ""), ("board", "british"), ("board", "french")]
    runs = [(e.data["ship"], e.data["mm"]) for e in step.events if e.kind == "moved"]
    assert runs == [("T", 90), ("A", 90)]  # the French first; Anne's more sail comes after her run
    assert kinds(step).index("shot_hit") < kinds(step).index("sail_set")
    assert after.ship("a").sail == "full" and after.turn == 2
    assert [d.subject for d in ruleset.pending(after)] == ["a", "t"]
    assert ScaBoard().status_line(ruleset.view(after, None)) == "Turn 2 of 15 · every side orders, the cards decide"
    line = ruleset.describe(next(e for e in step.events if e.kind == "card"), "it")
    assert line == "Carta: movimento e tiro — Bob."


def test_gioco_guidato_dalle_carte_the_wind_card():
    """"Direzione e forza del vento, si esegue il test per controllare se cambia il vento in direzione
    e/o intensità. Il test è eseguito come di consueto" (Appendice 1 here: 3 turns the wind a point),
    "e ogni cambiamento ha effetto a partire dalla prossima fase di movimento": the end of the turn
    throws no more."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 1000, 1600, E), wind=0,
                           card_turn=True, changing_wind=True)
    after, step = part(ruleset, state, [order(state, "a"), order(state, "t")],
                       [4, 4, 4, 4, 4, 4, 1, 1, 1, 1] + [1] * 7)  # the wind card first; its test throws 3
    assert [e.data["card"] for e in step.events if e.kind == "card"][0] == "wind"
    assert "wind" in kinds(step) and after.wind != 0


@pytest.mark.parametrize("scenario", ["squadrons", "harbour"])
def test_gioco_guidato_dalle_carte_a_whole_game_plays(scenario):
    ruleset, state, record = play("sca", scenario, 1, options={"card_turn": True})
    assert ruleset.outcome(state) is not None
    assert all(len({o.player for o in s.orders}) > 1 for s in record.steps[:3])


def test_gioco_guidato_dalle_carte_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"card_turn": True})
    assert played.outcome is not None and played.decisions > 0


def test_gioco_guidato_dalle_carte_regola_avanzata():
    """"Per avvantaggiare gli equipaggi migliori ... inserire nel mazzo due carte movimento e due carte
    tiro per le squadre composte esclusivamente da navi con equipaggio Elite o Good. La prima carta estratta
    consente alle navi della squadra di eseguire l'azione corrispondente, la seconda estratta non avrà
    nessun effetto."

    Anne's squadron is Good: the deck holds ten cards (her movement twice). Drawn with a d10, d9, ...:
    Anne's second movement card (8) comes first and moves her; her other one (6) then does nothing."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, crew="good"), ship("t", "french", 1000, 1600, E),
                           wind=0, card_turn=True, card_advanced=True)
    after, step = part(ruleset, state, [order(state, "a"), order(state, "t")],
                       [4, 4, 4, 4, 4, 4, 8, 6, 1, 1, 1, 1, 1, 1, 1])
    cards = [(e.data["card"], e.data["player"], e.data["spent"]) for e in step.events if e.kind == "card"]
    assert cards[:2] == [("move", "Anne", False), ("move", "Anne", True)] and len(cards) == 10
    assert [e.data["ship"] for e in step.events if e.kind == "moved"] == ["A", "T"]
    assert ruleset.describe(next(e for e in step.events if e.kind == "card" and e.data["spent"]), "en") == (
        "Card: movement and fire — Anne, drawn again: no effect.")
    plain = start(ship("a", "british", 1000, 1000, E, crew="average"), ship("t", "french", 1000, 1600, E),
                  wind=0, card_turn=True, card_advanced=True)[1]
    from rules.sca.cards import deck
    assert deck(plain, plain.ships).count("move:p1") == 1

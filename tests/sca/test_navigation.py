"""Optional rule 5 (navigation): the six sail settings and the speed by wind, point of sail and
ship type, as read in docs/rules/sca.md (the document's speed tables are lost in the OCR)."""
from __future__ import annotations

from rules.sca import navigation as N
from rules.sca.orders import sail_values
from rules.sca.sailing import ship_speed
from tests.conformance.test_rulesets import play
from tests.sca.helpers import kinds, order, part, ship, start

E = 4


def test_regola_opzionale_5_sei_gradi_di_velatura():
    """"Il regolamento prevede sei diversi gradi di velatura, riportati di seguito in ordine progressivo
    Storm Sail ... Topsail and Jib ... Easy Sail ... All Plain Sail ... Full Sail ... Studding Sail".

    A frigate the scenario puts under full sail starts under All Plain Sail; a sail order makes one
    step (the "aumentare velatura" column: 12 succeeds) to Full Sail, and she runs on the beam in a
    breeze at 180 x 1.125 = 202.5, to the 5 mm 200."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"),
                           ship("t", "french", 2800, 1800, 12), navigation=True)
    a = state.ship("a")
    assert (a.canvas, a.sail, ship_speed(state, a)) == ("plain", "full", 180.0)
    state, step = part(ruleset, state, [order(state, "a", sail="up")], [4, 4, 4])
    a = state.ship("a")
    assert (a.canvas, a.sail) == ("full", "full") and "sail_set" in kinds(step)
    assert a.x - 1000 == 200.0
    assert ruleset.view(state, None)["ships"][0]["canvas"] == "full"


def test_regola_opzionale_5_the_ladder_from_furled_to_studding_sails():
    """One step a turn along the six settings, furled below the first ("Storm Sail: il minimo per
    controllare la nave"): from Studding Sail there is no more to make, from furled no less."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"),
                           ship("t", "french", 2800, 1800, 12), navigation=True)
    a = state.ship("a")
    assert sail_values(a) == ["hold", "up"]
    ups = [N.step(s, "up") for s in N.SETTINGS]
    assert ups == ["storm", "topsails", "easy", "plain", "full", "studding", "studding"]
    a.canvas, a.sail = "studding", "full"
    assert sail_values(a) == ["hold", "down"]
    assert [N.GRADE[s] for s in N.SETTINGS] == ["furled", "easy", "easy", "easy", "full", "full", "full"]


def test_regola_opzionale_5_tabella_delle_velocita():
    """"La velocità di un veliero è determinata dalla forza del vento, dalla sua andatura rispetto al
    vento, dalla velatura e dalla classe del vascello"; "F — fregate o meno, 2D — navi a due ponti,
    3D — navi a tre ponti"; "I danni alla velatura della nave diminuiscono la velocità del vascello di
    5mm in ciascun segmento per ogni RDC perso"."""
    # Easy and All Plain Sail are the Fast Play's easy and full sail for a frigate off the wind.
    assert N.speed("light", "easy", "beam", 1, 0) == 75 and N.speed("breeze", "plain", "quarter", 1, 0) == 180
    # close-hauled 0.8, dead astern 0.9; a two-decker 0.9, a three-decker 0.8
    assert N.speed("breeze", "plain", "close", 1, 0) == 145  # 144 to the 5 mm
    assert N.speed("breeze", "plain", "astern", 2, 0) == 145  # 145.8
    assert N.speed("breeze", "plain", "beam", 3, 0) == 145  # 144
    assert N.speed("breeze", "storm", "beam", 1, 0) == 45 and N.speed("breeze", "topsails", "beam", 1, 0) == 70
    assert N.speed("light", "studding", "beam", 1, 0) == 190  # 187.5
    # Full Sail and Studding Sail are for moderate winds: in a strong wind no more than All Plain Sail.
    assert N.speed("strong", "studding", "beam", 1, 0) == N.speed("strong", "plain", "beam", 1, 0) == 240
    # 5 mm a segment for each RDC lost: 10 mm a turn
    assert N.speed("breeze", "plain", "beam", 1, 2) == 160
    assert N.speed("breeze", "plain", "irons", 1, 0) == 0 and N.speed("breeze", "furled", "beam", 1, 0) == 0


def test_regola_opzionale_5_without_the_switch_the_fast_play_speeds():
    ruleset, state = start(ship("a", "british", 1000, 1000, 3, sail="full", type="100S"),
                           ship("t", "french", 2800, 1800, 12))
    a = state.ship("a")
    assert (a.canvas, ship_speed(state, a)) == ("", 180.0)
    ruleset, state = start(ship("a", "british", 1000, 1000, 3, sail="full", type="100S"),
                           ship("t", "french", 2800, 1800, 12), navigation=True)
    a = state.ship("a")
    assert a.decks == 3 and ship_speed(state, a) == 115.0  # close-hauled three-decker: 180 x 0.8 x 0.8


def test_regola_opzionale_5_a_whole_game_plays():
    ruleset, state, record = play("sca", "squadrons", 4, options={"navigation": True})
    assert ruleset.outcome(state) is not None and record.options["navigation"] is True


def test_regola_opzionale_5_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"navigation": True})
    assert played.outcome is not None and played.decisions > 0


def test_regola_opzionale_5_fuoco_durante_una_virata_bf_ridotto_di_1():
    """Optional rule 5, section 2 vi: "È possibile, invece, far fuoco durante una virata ma il BF della
    nave è ridotto di 1."

    A 36-40 frigate (BF 4) close-hauled on ENE, the wind from N, tacks to head to wind and fires her
    port broadside at a frigate 200 mm to the west (medium range, x5 on the hull): 20 damage in the
    Fast Play, 15 with the switch (BF 3)."""
    def tack_and_fire(**options):
        ruleset, state = start(ship("a", "british", 500, 500, 3), ship("t", "french", 300, 500, 0),
                               wind=0, **options)
        state, step = part(ruleset, state, [order(state, "a", action="tack", fire="port")], [4, 4, 4])
        (hit,) = [e.data for e in step.events if e.kind == "shot_hit"]
        return hit["damage"], state.ship("a").bf
    plain, bf = tack_and_fire()
    tacking, _ = tack_and_fire(navigation=True)
    assert tacking == plain * (bf - 1) / bf

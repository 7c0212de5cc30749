"""Rulebook examples: *Condizioni di vittoria* — *Vittoria schiacciante*, *Vittoria
parziale*, *Vittoria discutibile*, *Una sola nave per parte*.

Ship values (log-books): HMS Sophie 20, HMS Speedy 21, HMS Entreprenante 20,
Bayonnaise 25, Virginie 29.
"""
from __future__ import annotations

import pytest
from tests.cannoni.conftest import act, in_phase, make_state, quiet, roller, ship

from rules.cannoni import sequence, victory


def squadron(**kw):
    return make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                      ship("speedy", "hms_speedy", "britain", 10, 20, 90),
                      ship("bayo", "bayonnaise", "france", 60, 40, 270),
                      ship("virg", "virginie", "france", 60, 30, 270), **kw)


def duel(**kw):
    return make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                      ship("bayo", "bayonnaise", "france", 60, 40, 270), **kw)


def knock_out(s, how):
    if how == "aground":
        s.aground = True
    elif how == "dismasted":
        for m in s.masts:
            m.lost, m.fell = m.boxes, "sea"
    elif how == "struck":
        s.struck = True
    elif how == "sinking":
        s.sinking_until = 9
    elif how == "sunk":
        s.status = "sunk"
    elif how == "fouled":
        s.fouled_with = ["x"]


def end_last_turn(state):
    """Play out the last phase of the last turn: Sophie, the only ship active, passes."""
    state = in_phase(state, 1, {"sophie": 2})
    state, events = act(state, "sophie", {"action": "pass"})
    assert state.step == "over"
    return state.outcome


# --- Vittoria schiacciante ---------------------------------------------------------------------------

@pytest.mark.parametrize("first, second", [
    ("aground", "dismasted"), ("struck", "sunk"), ("sinking", "aground"), ("sunk", "sunk"),
])
def test_vittoria_schiacciante_no_ship_able_to_fight(first, second):
    """"Si ha una vittoria schiacciante quando una delle due parti ha perso tutte le proprie
    navi, perché affondate o catturate, oppure non ha più nessuna nave in grado
    combattere, perché incagliate, disalberate, catturate, arrese o comunque fuori dal
    gioco." Checked at the start of the turn."""
    state = squadron(turn=3)
    knock_out(state.ship("bayo"), first)
    knock_out(state.ship("virg"), second)
    r, _ = roller()
    sequence.begin_turn(state, r)
    assert (state.outcome.winner, state.outcome.kind) == ("britain", "crushing")


def test_vittoria_schiacciante_fouled_ship_still_fights():
    """"Le navi impigliate o impegnate in abordaggi, per quanto riguarda le condizioni di
    vittoria, vanno considerate ancora in grado di combattere." """
    state = squadron(turn=3)
    knock_out(state.ship("bayo"), "aground")
    knock_out(state.ship("virg"), "fouled")
    r, _ = roller(5)  # the game goes on: the wind is rolled
    sequence.begin_turn(state, r)
    assert state.outcome is None and state.step == "chits"


def test_vittoria_schiacciante_one_ship_able_to_fight_is_enough():
    state = squadron(turn=3)
    knock_out(state.ship("bayo"), "dismasted")
    r, _ = roller(5)
    sequence.begin_turn(state, r)
    assert state.outcome is None


# --- Una sola nave per parte ----------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["sinking", "struck", "sunk"])
def test_una_sola_nave_per_parte_crushing_when_she_sinks_or_strikes(how):
    """"Nel caso in cui ci sia in gioco una sola nave per parte si ha, ovviamente, una
    vittoria schiacciante quando la nave avversaria affonda, si arrende e/o viene
    catturata." """
    state = duel(turn=2)
    knock_out(state.ship("bayo"), how)
    sequence.begin_turn(state, quiet())
    assert (state.outcome.winner, state.outcome.kind) == ("britain", "crushing")


@pytest.mark.parametrize("how", ["aground", "dismasted"])
def test_una_sola_nave_per_parte_aground_or_dismasted_is_not_crushing(how):
    """With one ship a side only sinking, striking or capture end the game: a ship aground
    or dismasted is scored at the end ("In caso la partita si concluda ...")."""
    state = duel(turn=2)
    knock_out(state.ship("bayo"), how)
    r, _ = roller(5)
    sequence.begin_turn(state, r)
    assert state.outcome is None


# --- Vittoria parziale / discutibile -------------------------------------------------------------------------

def test_vittoria_parziale_checked_at_the_end_of_the_last_turn():
    """"Se al termine dell'ultimo turno previsto nessuna delle due parti ha raggiunto le
    condizioni per una vittoria schiacciante si calcola il punteggio" — no die for a next
    turn's wind. Virginie sunk: Britain 29, France 0."""
    state = squadron(turn=6, turns=6)
    knock_out(state.ship("virg"), "sunk")
    outcome = end_last_turn(state)
    assert (outcome.winner, outcome.kind) == ("britain", "partial")
    assert outcome.scores == {"britain": 29, "france": 0}


@pytest.mark.parametrize("lost, objectives, scores, result", [
    # "ogni nave avversaria affondata è calcolata per il suo punteggio"
    ({"virg": "sunk", "sophie": "sunk"}, [], {"britain": 29, "france": 20}, (None, "doubtful")),
    ({"virg": "sinking"}, [], {"britain": 29, "france": 0}, ("britain", "partial")),
    # "ogni nave avversaria che ha ammainato la bandiera ma non è stata catturata è
    # computata per il suo punteggio"
    ({"bayo": "struck", "sophie": "sunk"}, [], {"britain": 25, "france": 20}, (None, "doubtful")),
    # "ogni nave avversaria indicata come obiettivo ... vale il doppio del suo punteggio se
    # è affondata" — and "pari o superiore al doppio": 40 against 20 is partial
    ({"sophie": "sunk", "entre": "sunk"}, ["sophie"], {"britain": 20, "france": 40}, ("france", "partial")),
    ({"sophie": "sunk", "entre": "sunk"}, [], {"britain": 20, "france": 20}, (None, "doubtful")),
    # An objective that struck but was not captured counts once.
    ({"sophie": "struck", "entre": "sunk"}, ["sophie"], {"britain": 20, "france": 20}, (None, "doubtful")),
    ({}, [], {"britain": 0, "france": 0}, (None, "doubtful")),
])
def test_vittoria_parziale_o_discutibile_fleet_scores(lost, objectives, scores, result):
    """"Se il punteggio di una delle due parti è pari o superiore al doppio del punteggio
    dell'altra parte si ha una vittoria parziale." / "nessuna delle due parti riesce a
    raggiungere il doppio dell'altra si ha una vittoria discutibile." """
    state = make_state(ship("sophie", "hms_sophie", "britain", 10, 10, 90),
                       ship("speedy", "hms_speedy", "britain", 10, 20, 90),
                       ship("entre", "hms_entreprenante", "france", 60, 20, 270),
                       ship("bayo", "bayonnaise", "france", 60, 40, 270),
                       ship("virg", "virginie", "france", 60, 30, 270),
                       objectives=objectives)
    for sid, how in lost.items():
        knock_out(state.ship(sid), how)
    outcome = victory.final(state)
    assert outcome.scores == scores
    assert (outcome.winner, outcome.kind) == result


# --- Una sola nave per parte: the single-ship score ----------------------------------------------------------

@pytest.mark.parametrize("damage, score", [
    ({}, 25),
    ({"hull_port": 2, "main": 1, "crew": 1}, 21),                # a point per box struck
    ({"fore": 4}, 25 - 4 - 10),                                  # ten per mast down
    ({"hull_starboard": 8}, 25 - 8 - 10),                        # ten for a side with no box left
    ({"crew": 8}, 25 - 8 - 10),                                  # ten for a decimated crew
    ({"hull_starboard": 8, "fore": 4, "crew": 8, "main": 6}, 0),  # never below nought
])
def test_una_sola_nave_per_parte_single_ship_score(damage, score):
    """"il punteggio raggiunto da ogni nave è calcolato sottraendo al punteggio iniziale
    della nave: un punto per ogni casella (scafo, velatura, Effettivi, ...) segnata sul
    libro di bordo; dieci punti per ogni albero abbattuto; dieci punti se una fiancata
    della nave non ha più caselle attive; dieci punti se l'equipaggio della nave è
    decimato." Bayonnaise: value 25, masts 4/6/4, 8 hull boxes a side, 8 crew."""
    state = duel()
    b = state.ship("bayo")
    for key, n in damage.items():
        if key.startswith("hull_"):
            b.hull[key[5:]].lost = n
        elif key == "crew":
            b.crew.lost = n
        else:
            mast = next(m for m in b.masts if m.name == key)
            mast.lost = n
            if mast.down:
                mast.fell = "sea"
    outcome = victory.final(state)
    assert outcome.scores["france"] == score
    assert outcome.scores["britain"] == 20


@pytest.mark.parametrize("bayo_crew_lost, result", [(8, ("britain", "partial")), (4, (None, "doubtful"))])
def test_una_sola_nave_per_parte_partial_if_twice_the_other(bayo_crew_lost, result):
    """"Si ha una vittoria parziale se il punteggio di uno dei due giocatori è almeno il
    doppio dell'altro, in caso contrario si ha una vittoria discutibile." Sophie 20 against
    Bayonnaise 25 - 8 - 10 = 7 (decimated: partial) or 25 - 4 = 21 (doubtful)."""
    state = duel(turn=12, turns=12)
    state.ship("bayo").crew.lost = bayo_crew_lost
    outcome = end_last_turn(state)
    assert (outcome.winner, outcome.kind) == result

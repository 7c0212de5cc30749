"""Abbordaggi, Abbordaggi multipli, Danneggiamenti/catture: rulebook examples.

Bellerophon (British 74: 2 decks, combat +2, crew 12 boxes = 3 sections, ability 7)
boards Redoutable (French 74: 2 decks, combat +3, crew 12 boxes). Dice are forced.
"""
from __future__ import annotations

import pytest

from rules.cannoni import boarding
from rules.core.tables import contact
from rules.cannoni.fire import base
from rules.cannoni.state import Grapple, Melee
from tests.cannoni.conftest import act, in_phase, make_state, of, offered, order, resolve, ship, spec

# Redoutable lies abeam of Bellerophon, 3" between mainmasts: within grappling range.
def close(**kw):
    return make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                      ship("redo", "redoutable", "france", 33, 20, 0), wind=4, **kw)


def test_lanciare_i_grappini_within_four_inches_needs_a_test():
    """"È possibile lanciare i grappini se la nave bersaglio si trova a quattro pollici
    o meno ... ha successo solo se si supera un test sull'abilità di Manovra" """
    state = in_phase(close(), 4, {"bell": 5, "redo": 1})
    assert "grapple" in offered(state, "bell")
    failed, _ = act(state, "bell", {"action": "grapple", "target": "redo"}, dice=[3])  # 3 + 7 = 10
    assert failed.grapples == []
    state, events = act(state, "bell", {"action": "grapple", "target": "redo"}, dice=[4])
    assert [(gr.attacker, gr.defender) for gr in state.grapples] == [("bell", "redo")]
    assert state.engaged("bell") and state.engaged("redo")


def test_lanciare_i_grappini_not_beyond_four_inches():
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 34.5, 20, 0), wind=4)
    state = in_phase(state, 4, {"bell": 5, "redo": 1})
    assert "grapple" not in offered(state, "bell")


def test_grappini_on_a_friend_succeed_without_a_test():
    """"Il lancio dei grappini su una nave amica ha successo automaticamente." """
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("surp", "hms_surprise", "britain", 33, 20, 0),
                       ship("redo", "redoutable", "france", 60, 40, 0), wind=4)
    state = in_phase(state, 4, {"bell": 5, "surp": 1, "redo": 1})
    state, _ = act(state, "bell", {"action": "grapple", "target": "surp"}, dice=[])
    assert state.grapples[0].defender == "surp"


def test_grappled_ships_cannot_manoeuvre_nor_throw_more_grapples():
    """"Da questo momento in poi le due navi non possono manovrare ... Navi già impegnate in
    un abbordaggio ... non possono lanciare i grappini" """
    state = in_phase(close(), 4, {"bell": 5, "redo": 1})
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=1)]
    actions = offered(state, "bell")
    assert "move" not in actions and "turn" not in actions and "grapple" not in actions


def test_recidere_i_grappini_in_the_same_turn_frees_and_sets_an_inch_apart():
    """"Nello stesso turno in cui una nave viene agganciata ... è possibile tentare di
    tranciare i cavi ... La nave è spostata ad un pollice dal vascello avversario" """
    state = in_phase(close(), 4, {"bell": 5, "redo": 4})
    state.ship("redo").x = 30 + state.ship("redo").log.base_width  # alongside, sides touching
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=1)]
    state.ship("bell").acted = True
    state, _ = act(state, "redo", {"action": "cut_grapples", "from_ship": "bell"}, dice=[5])  # 5 + 6
    assert state.grapples == []
    gap = base(state.ship("redo")).distance(base(state.ship("bell")))
    assert gap == pytest.approx(1.0, abs=0.26)


def test_recidere_i_grappini_plus_one_after_a_repulse():
    """"Se l'equipaggio della nave che ha arrembato è stato respinto ... +1" """
    state = in_phase(close(turn=3), 4, {"bell": 5, "redo": 4})
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=2, repulsed=True)]
    state.ship("bell").acted = True
    # Redoutable's crew has ability 6: 4 + 6 + 1 = 11.
    state, events = act(state, "redo", {"action": "cut_grapples", "from_ship": "bell"}, dice=[4])
    assert of(events, "test")[0]["mods"] == [["boarders thrown back", 1]]
    assert state.grapples == []


def phase_one_grappled(**kw):
    """Grappled this turn, both ships with chit 1, the actions of phase 1 to come."""
    state = in_phase(close(**kw), 1, {"bell": 1, "redo": 1})
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=state.turn)]
    return state


def to_step_ten(state):
    state, _ = resolve(state, [order(state, "bell", {"action": "pass"})])
    state, _ = resolve(state, [order(state, "redo", {"action": "pass"})])
    return state


def test_formare_le_squadre_after_the_actions_both_players_choose_sections():
    """"I giocatori che controllano navi grappinate ... devono formare le squadre di
    abbordaggio" — step 10a, once the five action phases are over."""
    state = to_step_ten(phase_one_grappled())
    assert state.step == "boarding"
    decisions = {d.player for d in __import__("tests.cannoni.conftest", fromlist=["RULES"]).RULES.pending(state)}
    assert decisions == {"brit", "fran"}
    # Redoutable was pulled alongside Bellerophon, heading unchanged.
    assert contact.touching(base(state.ship("redo")), base(state.ship("bell")))
    assert state.ship("redo").heading == 0


def board(state, bell_sections, redo_sections, dice):
    from tests.cannoni.conftest import RULES
    orders = []
    for d in RULES.pending(state):
        payload = {"action": "parties"}
        payload.update({"bell": bell_sections} if d.player == "brit" else {"redo": redo_sections})
        orders.append(order_for(d, payload))
    return resolve(state, orders, dice)


def order_for(decision, payload):
    from rules.core.decisions import Order
    return Order(decision=decision.id, player=decision.player, payload=payload)


def test_primo_turno_di_mischia_attacker_wins_a_foothold():
    """First round: d10 + combat + decks each; the loser loses the difference (max 4)
    from its party; "se l'equipaggio attaccante vince la mischia (con qualunque
    punteggio) riesce a salire sul ponte della nave avversaria"; the boarded ship loses
    a rigging box each round it loses."""
    state = to_step_ten(phase_one_grappled())
    # Attackers 9 + 2 + 2 = 13; defenders 4 + 3 + 2 = 9: 4 losses. Then next turn's wind (5).
    state, events = board(state, 2, 3, dice=[9, 4, 5])
    melee = state.melees[0]
    assert melee.foothold and of(events, "foothold")
    assert state.ship("redo").crew.lost == 4
    assert sum(m.lost for m in state.ship("redo").masts) == 1
    m = of(events, "melee")[0]
    assert (m["a_total"], m["d_total"]) == (13, 9)


def test_primo_turno_losses_capped_at_four():
    """"Le perdite dell'equipaggio sconfitto sono pari alla differenza tra i due punteggi
    modificati fino ad un massimo di quattro (una sezione)." """
    state = to_step_ten(phase_one_grappled())
    state, _ = board(state, 2, 3, dice=[10, 1, 5])  # 14 against 6
    assert state.ship("redo").crew.lost == 4


def test_primo_turno_defender_wins_boarders_held_off_and_grapples_may_be_cut():
    """"Quando, invece, è il difensore che vince la mischia questa termina" — and the
    grapples may be cut ("se l'equipaggio attaccante non è riuscito a mettere piede")."""
    state = to_step_ten(phase_one_grappled())
    state, events = board(state, 2, 3, dice=[1, 8, 5])  # 5 against 13: 4 losses to the boarders
    assert of(events, "boarders_held_off") and not state.melees[0].foothold
    assert state.ship("bell").crew.lost == 4
    assert boarding.may_cut(state, state.grapples[0])


def foothold_state(bell_party=2, redo_party=3, **kw):
    # A third ship, active in the same phase, keeps the phase waiting for her order.
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 33, 20, 0),
                       ship("surp", "hms_surprise", "britain", 60, 40, 0), wind=4, **kw)
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=state.turn - 1)]
    state.melees = [Melee(defender="redo", attackers=["bell"], foothold=True, rounds=1,
                          reserve={"bell": (3 - bell_party) * 4, "redo": (3 - redo_party) * 4})]
    return in_phase(state, 1, {"bell": 1, "redo": 1, "surp": 1})


def test_a_foothold_holds_both_ships_idle():
    """"Le due navi non potranno compiere alcuna azione nel turno successivo." """
    from tests.cannoni.conftest import RULES
    state = foothold_state(turn=2)
    assert [d.subject for d in RULES.pending(state)] == ["surp"]
    assert state.ship("bell").acted and state.ship("redo").acted


def test_turni_successivi_capture_on_more_than_four():
    """"se l'equipaggio attaccante vince la mischia infliggendo più di quattro perdite
    l'equipaggio che si difende è sconfitto e la nave è catturata" — with +1 per section
    more in the party. The prize's log-book: ability -1, combat -2, fire -2."""
    state = in_phase(close(turn=2), 1, {"bell": 1, "redo": 1})
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=1)]
    state.melees = [Melee(defender="redo", attackers=["bell"], foothold=True, rounds=1,
                          reserve={"bell": 0, "redo": 8})]  # 3 sections against 1
    # Attackers 8 + 2 + 2 (two more sections) = 12; defenders 4 + 3 = 7: five, a capture.
    from rules.cannoni import sequence
    from tests.cannoni.conftest import roller
    r, dice = roller(8, 4)
    boarding.fight_melees(state, r)
    prize = state.ship("redo")
    assert prize.captured_by == "britain" and prize.side == "britain" and prize.player == "brit"
    assert prize.log.manoeuvre == 6 and prize.log.combat == 0 and prize.log.gunnery == -1
    assert prize.original.log.gunnery == 2
    assert prize.log.fire[0] == prize.original.log.fire[0] - 2 - 1
    assert prize.prisoners.boxes == 12 - 4 and prize.crew.boxes == 2  # one guard a prisoner section
    assert state.ship("bell").crew.remaining == 12 - 2
    assert state.melees == []


def test_turni_successivi_repulse_on_more_than_four():
    """"se il difensore vince la mischia infliggendo più di quattro perdite respinge
    l'abbordaggio: la squadra di abbordaggio attaccante è rigettata ... la mischia termina" """
    from tests.cannoni.conftest import roller
    state = foothold_state(bell_party=1, redo_party=3, turn=2)
    r, _ = roller(1, 9)  # 1 + 2 = 3 against 9 + 3 + 2 = 14
    boarding.fight_melees(state, r)
    assert state.melees == [] and state.grapples[0].repulsed
    assert state.ship("bell").crew.lost == 4


def test_nave_arresa_is_taken_without_a_melee():
    """"Le navi che si arrendono ammainando la bandiera sono catturate non appena abbordate
    da una nave avversaria (non si combatte la mischia)." """
    state = in_phase(close(), 4, {"bell": 5, "redo": 1})
    state.ship("redo").struck = True
    state, events = act(state, "bell", {"action": "grapple", "target": "redo"}, dice=[4])
    assert state.ship("redo").captured_by == "britain" and not of(events, "melee")


def test_equipaggio_decimato_is_taken_without_a_melee():
    """"La nave è catturata non appena viene abbordata da una nave avversaria." """
    state = in_phase(close(), 4, {"bell": 5, "redo": 1})
    state.ship("redo").crew.lost = 12
    state, _ = act(state, "bell", {"action": "grapple", "target": "redo"}, dice=[4])
    assert state.ship("redo").captured_by == "britain"


def test_prigionieri_rise_when_guards_fall_below_one_per_section():
    """"Per controllare i prigionieri è necessario almeno un occupante (una casella) per
    ogni sezione di Effettivi prigionieri ... l'equipaggio riesce a liberarsi" """
    from rules.cannoni.capture import capture
    from tests.cannoni.conftest import roller
    state = in_phase(close(), 4, {"bell": 5, "redo": 1})
    r, _ = roller()
    capture(state, r, state.ship("redo"), state.ship("bell"))
    prize = state.ship("redo")
    assert prize.crew.boxes == 3  # 12 prisoners = 3 sections
    from rules.cannoni.damage import strike_crew
    strike_crew(state, r, prize, 1)
    from rules.cannoni.capture import check_prisoners
    check_prisoners(state, r, prize)
    assert prize.side == "france" and prize.captured_by is None and prize.log.combat == 3
    assert prize.crew.remaining == 12 and prize.prisoners.boxes == 2


def test_a_prize_fires_only_once_fired_upon():
    """"Una nave conquistata ... può fare fuoco solo dopo essere stato oggetto di fuoco
    avversario" """
    state = make_state(ship("prize", "virginie", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 38, 20, 0), wind=4)
    state.ship("prize").captured_by = "britain"
    state = in_phase(state, 4, {"prize": 5, "redo": 1})
    assert "fire" not in offered(state, "prize")
    state.ship("prize").fired_on = True
    assert "fire" in offered(state, "prize")


def test_no_fire_at_a_ship_our_boarders_stand_on():
    """"a meno che l'equipaggio della nave amica non abbia messo piede sul ponte della nave
    bersaglio, in questo caso il tiro è impossibile" """
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 33, 20, 0),
                       ship("surp", "hms_surprise", "britain", 38, 20, 180), wind=4)
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=1)]
    state.melees = [Melee(defender="redo", attackers=["bell"], foothold=True, reserve={"bell": 0, "redo": 0})]
    state = in_phase(state, 4, {"surp": 5, "bell": 1, "redo": 1})
    assert "fire" not in offered(state, "surp")
    state.melees[0].foothold = False
    assert "fire" in offered(state, "surp")


def test_nave_disalberata_raked_by_the_nearest_enemy_strikes():
    """"La nave può essere costretta alla resa da una nave avversaria che riesce a portarsi
    più vicina di ogni altra nave amica di classe uguale o superiore e sparare una bordata
    di infilata che colpisca la nave danneggiata." """
    # Surprise lies across Virginie's stern, 5" off; Virginie has lost every mast.
    state = make_state(ship("surp", "hms_surprise", "britain", 30, 15, 90),
                       ship("virg", "virginie", "france", 30, 20, 0), wind=4)
    for m in state.ship("virg").masts:
        m.lost, m.fell = m.boxes, "sea"
    state = in_phase(state, 4, {"surp": 5, "virg": 1})
    # Surprise's port side faces north: her first broadside at 5" raking the stern.
    state, events = act(state, "surp", {"action": "fire", "side": "port", "target": "virg", "aim": "hull"},
                        dice=[8, 2])
    assert of(events, "broadside")[0]["hits"] > 0
    assert state.ship("virg").struck and of(events, "struck")


def test_victory_counts_a_prize_double():
    """"ogni nave avversaria catturata è calcolata per il doppio del suo punteggio" """
    from rules.cannoni import victory
    from rules.cannoni.capture import capture
    from tests.cannoni.conftest import roller
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 33, 20, 0),
                       ship("surp", "hms_surprise", "britain", 60, 40, 0),
                       ship("virg", "virginie", "france", 10, 40, 0), wind=4)
    r, _ = roller()
    value = state.ship("redo").log.value
    capture(state, r, state.ship("redo"), state.ship("bell"))
    assert victory.fleet_scores(state) == {"britain": 2 * value, "france": 0.0}


@pytest.mark.parametrize("reserve, sections", [(4, 2), (0, 3), (10, 1)])
def test_nave_impegnata_in_un_abbordaggio_fires_at_minus_three_and_one_per_section(reserve, sections):
    """"Una nave impegnata in un abbordaggio può far fuoco con un modificatore di -3 ed ha
    una penalità ulteriore di -1 per ogni sezione di Effettivi impegnata nelle squadre di
    abbordaggio." Bellerophon (12 crew boxes) boards Redoutable to starboard and fires
    her port broadside at Virginie, 6" west: +5 range, +1 for a lower class, +2 first
    broadside; her party is what she keeps out of reserve (8 boxes: 2 sections; 12: 3;
    2: 1, a broken section counts)."""
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 33, 20, 0),
                       ship("virg", "virginie", "france", 24, 20, 0), wind=4)
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=1)]
    state.melees = [Melee(defender="redo", attackers=["bell"], reserve={"bell": reserve, "redo": 0})]
    state = in_phase(state, 4, {"bell": 5, "redo": 1, "virg": 1})
    state, events = act(state, "bell", {"action": "fire", "side": "port", "target": "virg", "aim": "hull"},
                        dice=[1, 10])
    mods = {k: v for k, v in of(events, "broadside")[0]["mods"]}
    assert mods["firing ship in a boarding"] == -3
    assert mods["sections in the boarding party"] == -sections
    assert boarding.firing_penalty(state, state.ship("bell")) == [
        ("firing ship in a boarding", -3), ("sections in the boarding party", -sections)]


def test_nave_impegnata_in_un_abbordaggio_not_before_the_parties_are_formed():
    """Grappled in this turn's action phases, the boarding (and its parties) begins at
    step 10: until then there is no party to count and no penalty."""
    state = make_state(ship("bell", "hms_bellerophon", "britain", 30, 20, 0),
                       ship("redo", "redoutable", "france", 33, 20, 0),
                       ship("virg", "virginie", "france", 24, 20, 0), wind=4)
    state.grapples = [Grapple(attacker="bell", defender="redo", turn=1)]
    state = in_phase(state, 4, {"bell": 5, "redo": 1, "virg": 1})
    state, events = act(state, "bell", {"action": "fire", "side": "port", "target": "virg", "aim": "hull"},
                        dice=[1, 10])
    assert "firing ship in a boarding" not in dict(of(events, "broadside")[0]["mods"])

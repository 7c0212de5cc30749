"""1.4 La scheda, 3.4 Danni (3.4.1-3.4.4, critical hits), 3.6 Resa, 3.6.1 Cattura, 5.0 victory."""
from __future__ import annotations

from rules.hoo import actions, damage, sequence
from rules.hoo.ships import CATALOGUE, card
from rules.hoo.targets import fire_options
from tests.hoo.helpers import event, kinds, roller, ship, table


def test_the_castiglione_card():
    """The box's card, "Castiglione - 74 Cannoni (92 punti)": Vele 4 4 3 3 3 2 2 2 1 1,
    Cannoni 6 5 4 4 3 3 2 2 1 1, Equipaggio 5 4 3 3 3 2 2 2 1 1, and ten hull boxes of value 1."""
    c = card("74")
    assert c.sails == (4, 4, 3, 3, 3, 2, 2, 2, 1, 1) and c.guns == (6, 5, 4, 4, 3, 3, 2, 2, 1, 1)
    assert c.crew == (5, 4, 3, 3, 3, 2, 2, 2, 1, 1) and c.hull == 10 and c.points == 92


def test_every_card_is_built_the_same_way():
    for c in CATALOGUE.values():
        assert len(c.sails) == len(c.guns) == len(c.crew) == 10
        assert list(c.sails) == sorted(c.sails, reverse=True) and list(c.guns) == sorted(c.guns, reverse=True)
        assert c.points == sum(c.sails) + sum(c.guns) + sum(c.crew) + c.hull


def test_the_damage_record_example():
    """The card "Esempio di registrazione dei danni": Cannoni X X 4 4 ... — two boxes crossed out,
    the ship throws 4D6; Scafo X X X X, four hull boxes gone."""
    s = ship("hms")
    damage.strike_home(table(s), s, {"guns": 2, "hull": 4}, roller(), criticals=False)
    assert s.guns == 4 and s.current("hull") == 6


def test_sails_damage_slows_her_and_the_last_box_dismasts_her():
    """3.4.1: "riducendo la velocità della nave man mano che i numeri scendono. Quando l'ultima
    casella di vele viene cancellata, la nave è disalberata"."""
    s = ship("hms")
    state = table(s)
    damage.strike_home(state, s, {"sails": 2}, roller(), criticals=False)
    assert s.max_speed == 3 and s.speed == 3
    damage.strike_home(state, s, {"sails": 8}, roller(), criticals=False)
    assert s.dismasted and s.fighting


def test_no_guns_no_fire():
    """3.4.2: "Quando l'ultima casella di cannoni viene cancellata, la nave non può più fare fuoco"."""
    s = ship("hms")
    s.lost["guns"] = 10
    state = table(s, ship("foe", "b", q=1, r=0))
    assert fire_options(state, s).targets == []


def test_the_last_hull_box_sinks_her():
    """3.4.3: "Quando tutte le caselle di scafo sono state cancellate, la nave affonda"."""
    s = ship("hms")
    s.lost["hull"] = 9
    r = roller(6)  # the yellow boxes' roll is not reached: she is gone
    damage.strike_home(table(s), s, {"hull": 1}, r, criticals=False)
    assert s.status == "sunk" and "sunk" in kinds(r)


def test_the_last_crew_box_strikes_her():
    """3.4.4: "Quando l'ultima casella di equipaggio viene cancellata, la nave si arrende"."""
    s = ship("hms")
    damage.strike_home(table(s), s, {"crew": 10}, roller(), criticals=False)
    assert s.status == "struck"


def test_yellow_boxes_call_for_a_surrender_roll():
    """3.6: "Se non ottiene un valore superiore al numero di caselle gialle cancellate, la nave si arrende"."""
    s = ship("hms")
    s.lost["hull"] = 6  # one yellow box gone (the last five of ten are yellow)
    damage.strike_home(table(s), s, {"sails": 1}, roller(2), criticals=False)
    assert s.status == "afloat"  # 2 > 1
    damage.strike_home(table(s), s, {"hull": 1}, roller(2), criticals=False)
    assert s.status == "struck"  # 2 is not above 2


def test_critical_sails_example():
    """3.4.4 example: "fa fuoco in infilata poppiera utilizzando 12 dadi e mette a segno 5 colpi di cui
    3 vanno alle vele ... lancia 1D6 ottenendo 5 che diviene 6 per il terzo colpo a segno. Il
    risultato è un danno critico alle vele ... ulteriore riduzione della velatura di 1/2D6"."""
    s = ship("hms", q=0, r=-1, facing=5)  # right astern of her, the foe on her starboard bow
    foe = ship("foe", "b", q=0, r=0, facing=0)
    foe_state = table(s, foe)
    assert fire_options(foe_state, s).starboard == ["foe"]
    # 12 dice: five hits (6 6 6 6 5 5 and six misses), located 1 1 2 (sails) 4 5 (hull);
    # crits: sails 5 (+1 = 6, a mast: 3 -> 2 boxes), hull 1 (+0: none).
    dice = [6, 6, 6, 6, 5, 5, 1, 1, 1, 2, 3, 4] + [1, 1, 2, 4, 5] + [5, 3] + [1]
    r = roller(*dice)
    actions.fire(foe_state, s, foe, 6, r, broadside="starboard")
    assert event(r, "fire")["raked"] == "stern" and event(r, "fire")["dice"] == 12
    assert event(r, "fire")["hits"] == 5
    crit = next(e.data for e in r.log.events if e.kind == "critical")
    assert crit["area"] == "sails" and crit["total"] == 6 and crit["lost"] == 2
    assert foe.lost["sails"] == 3 + 2 and foe.lost["hull"] == 2


def test_critical_guns_blow_up_the_magazine_and_hurt_the_ships_alongside():
    """3.4.4 Cannoni: "se il punteggio è superiore alle caselle di scafo rimaste, avrete provocato
    un'esplosione che distruggerà la nave infliggendo 1D6 danni a ciascuna nave che le sia adiacente"."""
    s = ship("hms", q=0, r=0)
    s.lost["hull"] = 6  # 4 hull boxes left
    near = ship("near", "b", q=1, r=0)
    state = table(s, near)
    r = roller(6, 5, 2, 4, 4)  # crit 6 (two gun hits), magazine 5 > 4; blast 2 hits: hull, hull
    damage.strike_home(state, s, {"guns": 2}, r)
    assert s.status == "sunk" and near.lost["hull"] == 2


def test_critical_hull_leak_is_plugged_on_a_six_with_the_bonuses():
    """3.4.4 Scafo: "deve lanciare 1D6 a turno ed ottenere 6 per turarla. In caso di fallimento, la
    nave subisce un ulteriore danno allo scafo. Aggiungete al lancio 1 se la nave prosegue dritta ed
    1 se non fa fuoco"."""
    s = ship("hms", q=0, r=0)
    s.leak = True
    state = table(s, ship("foe", "b", q=9, r=0), step="fire")
    state.moved_turned, state.fired = True, True
    sequence.finish(state, roller(5))
    assert s.leak and s.lost["hull"] == 1
    state.active, state.moved_turned, state.fired = 0, False, False
    sequence.finish(state, roller(4))  # 4 + 1 + 1 = 6
    assert not s.leak


def test_critical_crew_kills_the_helmsman():
    """3.4.4 Equipaggio: "se il punteggio ottenuto è superiore a quello dell'equipaggio, il timoniere
    è morto ed il turno successivo la nave non potrà eseguire virate"."""
    s = ship("hms")
    state = table(s)
    damage.strike_home(state, s, {"crew": 2}, roller(6, 5))  # crit 6; helm 5 > crew 3
    assert s.no_turn_turn == state.turn + 1


def test_struck_ships_are_taken_or_sunk_by_an_enemy_alongside():
    """3.6.1: "il giocatore può decidere di affondarle o di catturarle. La cattura richiede la
    cancellazione di una casella di equipaggio da parte della nave che esegue questa operazione"."""
    s = ship("hms", q=0, r=0)
    prize = ship("prize", "b", q=1, r=0, status="struck")
    state = table(s, prize)
    assert fire_options(state, s).seize == ["prize"]
    actions.seize(state, s, prize, "capture", roller())
    assert prize.side == "a" and prize.seat == "pa" and prize.fighting and s.lost["crew"] == 1
    assert prize.taken_from == "b" and not fire_options(state, prize).any


def test_a_prize_sails_without_firing_and_is_taken_away_out_of_the_enemy_reach():
    """3.6.1: "nel secondo potrà muovere regolarmente senza sparare né effettuare arrebbaggi. Nel
    momento in cui si trova fuori dal raggio di tiro dei cannoni nemici, viene rimossa dal gioco"."""
    s = ship("hms", q=0, r=0)
    prize = ship("prize", "b", q=1, r=0, status="struck")
    foe = ship("foe", "b", q=6, r=0)  # 6D6: she reaches 6 hexes
    state = table(s, prize, foe)
    actions.seize(state, s, prize, "capture", roller())
    assert sequence.boarding_targets(state, prize) == []
    sequence.prizes_away(state, roller())
    assert prize.status == "afloat"  # 5 hexes from the foe's guns
    prize.q = -1
    r = roller()
    sequence.prizes_away(state, r)
    assert prize.status == "captured" and "prize_away" in kinds(r)
    assert sequence.scores(state)["a"] == 2 * 92 + prize.damage_value()


def test_victory_points():
    """5.0: "il valore delle navi affondate o al doppio se catturate più la somma dei valori delle
    caselle cancellate ... (le caselle di scafo hanno valore 1)"."""
    a, b = ship("a1"), ship("b1", "b", q=5)
    b.lost.update(sails=2, guns=1, hull=3)  # 4+4 + 6 + 3
    state = table(a, b)
    assert sequence.scores(state) == {"a": 17, "b": 0}
    b.status = "sunk"
    assert sequence.scores(state)["a"] == 17 + 92
    b.status = "captured"
    assert sequence.scores(state)["a"] == 17 + 184


def test_victory_points_count_only_boxes_crossed_out_by_fire_or_boarding():
    """5.0: "la somma dei valori delle caselle cancellate per fuoco od abbordaggio": the enemy
    scores neither a campaign's damage a ship sails with, nor the prize crew her captor gives
    (3.6.1), nor what a reef or a sandbar takes (4.1, 4.2); fire and boarding still score."""
    from rules.core.dice import ForcedDice
    from rules.hoo.state import HooSetup, ShipSetup
    from tests.hoo.helpers import RULES, SEATS

    setup = HooSetup(name="t", sides=["a", "b"], ships=[
        ShipSetup(id="a1", name="A1", side="a", card="74", q=0, r=0, facing=0, lost={"sails": 2, "hull": 3}),
        ShipSetup(id="b1", name="B1", side="b", card="74", q=6, r=0, facing=0)])
    state = RULES.new_game(setup, RULES.options_model(), SEATS, roller(2, 5))
    assert sequence.scores(state) == {"a": 0, "b": 0}
    a1 = state.ship("a1")
    damage.strike_home(state, a1, {"guns": 1}, roller(6), criticals=False)  # fire: the 6 of her guns
    assert sequence.scores(state)["b"] == 6
    damage.strike_home(state, a1, {"hull": 1}, roller(6), criticals=False, cause="reef")
    assert sequence.scores(state)["b"] == 6

    s = ship("hms", q=0, r=0)
    struck = ship("prize", "b", q=1, r=0, status="struck")
    state = table(s, struck, ship("foe", "b", q=3, r=0))
    actions.seize(state, s, struck, "capture", roller())
    assert s.lost["crew"] == 1 and sequence.scores(state)["b"] == 0
    actions.melee(state, ship("x", "b", q=5, r=5), s, roller(6, 6, 6, 6, 6, 1, 1, 1, 1))  # boarding scores
    assert sequence.scores(state)["b"] > 0

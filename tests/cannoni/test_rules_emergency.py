"""Manovre di emergenza and Ancora: rulebook examples with forced dice.

Every emergency action but dropping and weighing the anchor is a manoeuvre test:
d10 + ability (held to 1..9) > 10. HMS Surprise's crew has ability 7 (British 7-8,
catalogue at the low end), so a 4 passes and a 3 fails with no modifier.
"""
from __future__ import annotations

import pytest

from rules.core.tables import open_table as g
from tests.cannoni.conftest import act, in_phase, make_state, of, offered, ship

# Surprise is activated before phase 4 (chit 5): she owes no first move; Virginie
# (chit 1) stays idle until phase 1, so Surprise acts again in the next phase.
CHITS = {"surprise": 5, "virginie": 1}


def duel(**kw):
    return make_state(ship("surprise", "hms_surprise", "britain", 20, 20, 90),
                      ship("virginie", "virginie", "france", 50, 30, 270), **kw)


def test_surprise_ability_is_seven():
    state = duel()
    assert state.ship("surprise").log.manoeuvre == 7


def test_spegnere_un_incendio_passed_test_puts_the_fire_out():
    """"effettua un test sull'abilità di Manovra dell'equipaggio, se superato l'incendio è domato." """
    state = in_phase(duel(), 4, CHITS)
    state.ship("surprise").fire = True
    assert "fight_fire" in offered(state, "surprise")
    state, events = act(state, "surprise", {"action": "fight_fire"}, dice=[4])
    assert not state.ship("surprise").fire
    assert of(events, "fire_out")


def test_spegnere_un_incendio_failed_test_leaves_it_burning_and_plus_one_next_turn():
    """"Nei turni successivi a quello in cui si è tentato per la prima volta di spegnere
    l'incendio si ha un bonus di +1 sul tiro di dado." """
    state = in_phase(duel(turn=3), 4, CHITS)
    s = state.ship("surprise")
    s.fire, s.fire_first_try = True, None
    state, _ = act(state, "surprise", {"action": "fight_fire"}, dice=[3])  # 3 + 7 = 10: fails
    assert state.ship("surprise").fire and state.ship("surprise").fire_first_try == 3
    later = in_phase(duel(turn=4), 4, CHITS)
    later.ship("surprise").fire, later.ship("surprise").fire_first_try = True, 3
    later, events = act(later, "surprise", {"action": "fight_fire"}, dice=[3])  # 3 + 7 + 1 = 11
    assert not later.ship("surprise").fire
    assert of(events, "test")[0]["mods"] == [["later turn", 1]]


def test_liberare_la_nave_da_un_albero_abbattuto_then_she_must_move():
    """"se riuscito l'albero cade in mare e la nave può riprendere a manovrare nella
    successiva fase di azione" (and, being manoeuvrable again, must move)."""
    state = in_phase(duel(), 4, CHITS)
    s = state.ship("surprise")
    s.masts[0].lost, s.masts[0].fell = s.masts[0].boxes, "starboard"
    assert s.unmanoeuvrable and "move" not in offered(state, "surprise")
    state, events = act(state, "surprise", {"action": "clear_mast", "mast": s.masts[0].name}, dice=[4])
    s = state.ship("surprise")
    assert s.masts[0].fell == "sea" and not s.unmanoeuvrable and s.must_move
    assert offered(state, "surprise") == ["move", "turn"]  # phase 3: the move is owed


def test_liberare_la_nave_da_un_albero_plus_one_per_later_turn():
    """"Per ogni turno successivo a quello in cui si è tentato per la prima volta ... +1." """
    state = in_phase(duel(turn=5), 4, CHITS)
    s = state.ship("surprise")
    s.masts[0].lost, s.masts[0].fell, s.mast_clear_first_try = s.masts[0].boxes, "port", 3
    state, events = act(state, "surprise", {"action": "clear_mast", "mast": s.masts[0].name}, dice=[2])
    assert of(events, "test")[0]["mods"] == [["turns since the first try", 2]]
    assert state.ship("surprise").masts[0].fell == "sea"  # 2 + 7 + 2 = 11


def aground_state():
    # A shoal just ahead of Surprise's bow.
    state = make_state(ship("surprise", "hms_surprise", "britain", 20, 20, 90),
                       ship("virginie", "virginie", "france", 50, 40, 270),
                       land=[[(21.0, 10.0), (30.0, 10.0), (30.0, 30.0), (21.0, 30.0)]])
    state = in_phase(state, 4, CHITS)
    state.ship("surprise").aground = True
    return state


def test_disincagliare_not_with_sails_furled():
    """"Per tentare di disincagliare la nave questa non deve avere le vele ammainate" """
    state = aground_state()
    state.ship("surprise").sails = "furled"
    assert "refloat" not in offered(state, "surprise")
    state.ship("surprise").sails = "battle"
    assert "refloat" in offered(state, "surprise")


def test_disincagliare_passed_moves_her_an_inch_into_open_water():
    """"se superato la nave è disincagliata e viene spostata in modo da essere un
    pollice all'interno della zona di mare adiacente." """
    state = aground_state()
    state, events = act(state, "surprise", {"action": "refloat"}, dice=[4])
    s = state.ship("surprise")
    assert not s.aground and of(events, "refloated")
    land = g.base_polygon(g.Pose(x=s.x, y=s.y, heading=s.heading), s.log.base_length, s.log.base_width)
    from shapely.geometry import Polygon
    gap = Polygon([(21.0, 10.0), (30.0, 10.0), (30.0, 30.0), (21.0, 30.0)]).distance(land)
    assert 1.0 - 1e-6 <= gap <= 1.3
    assert s.x < 20  # moved away from the shoal, astern


def test_liberare_la_velatura_frees_both_ships():
    """"Il giocatore che controlla la nave annuncia la sua intenzione e poi effettua un
    test sull'equipaggio, se riuscito la nave è libera." """
    state = in_phase(duel(), 4, CHITS)
    state.ship("surprise").fouled_with = ["virginie"]
    state.ship("virginie").fouled_with = ["surprise"]
    state, _ = act(state, "surprise", {"action": "clear_rigging", "other": "virginie"}, dice=[4])
    assert state.ship("surprise").fouled_with == [] and state.ship("virginie").fouled_with == []


def test_ancora_dropped_ship_cannot_move():
    """"Le navi all'ancora non possono muoversi né virare e non vanno alla deriva." """
    state = in_phase(duel(), 4, CHITS)
    state, _ = act(state, "surprise", {"action": "drop_anchor", "end": "bow"}, dice=[])
    assert state.ship("surprise").anchor == "bow"
    assert not {"move", "turn"} & set(offered(state, "surprise"))


def test_issare_l_ancora_only_as_the_first_action_and_it_takes_the_turn():
    """"Issare l'ancora richiede un intero turno ... nella prima fase in cui la nave è
    attivata ... al termine del turno la pedina è rimossa dalla basetta." """
    state = in_phase(duel(), 4, {"surprise": 5, "virginie": 1})
    state.ship("surprise").anchor = "bow"
    assert "raise_anchor" not in offered(state, "surprise")  # activated in phase 5
    fresh = in_phase(duel(), 4, {"surprise": 4, "virginie": 1})
    fresh.ship("surprise").anchor = "bow"
    assert "raise_anchor" in offered(fresh, "surprise")
    fresh, _ = act(fresh, "surprise", {"action": "raise_anchor"}, dice=[])
    s = fresh.ship("surprise")
    assert s.anchor == "bow" and s.anchor_raising
    assert not {"move", "turn"} & set(offered(fresh, "surprise"))


def test_tagliare_l_ancora_is_a_test_and_the_anchor_is_lost():
    """"È anche possibile recidere il cavo dell'ancora ... L'ancora abbandonata non può
    essere recuperata" — a manoeuvre test, as every emergency action."""
    state = in_phase(duel(), 4, CHITS)
    state.ship("surprise").anchor = "stern"
    failed, _ = act(state, "surprise", {"action": "cut_anchor"}, dice=[3])
    assert failed.ship("surprise").anchor == "stern"
    state, _ = act(state, "surprise", {"action": "cut_anchor"}, dice=[4])
    s = state.ship("surprise")
    assert s.anchor is None and s.anchor_cut and "move" in offered(state, "surprise")
    assert "drop_anchor" not in offered(state, "surprise")


@pytest.mark.parametrize("end", ["bow", "stern"])
def test_abbattere_pivots_two_points_on_the_anchored_end(end):
    """"Se l'ancora è a prua la nave è fatta ruotare mantenendo fermo il centro del lato
    anteriore della basetta; se l'ancora è a poppa il centro del lato posteriore." """
    state = in_phase(duel(), 4, CHITS)
    s = state.ship("surprise")
    s.anchor = end
    before = g.Pose(x=s.x, y=s.y, heading=s.heading)
    fixed = (g.bow_point if end == "bow" else g.stern_point)(before, s.log.base_length)
    state, _ = act(state, "surprise", {"action": "club_haul", "direction": "starboard", "points": 2}, dice=[])
    s = state.ship("surprise")
    after = g.Pose(x=s.x, y=s.y, heading=s.heading)
    assert s.heading == pytest.approx(135.0)
    assert (g.bow_point if end == "bow" else g.stern_point)(after, s.log.base_length) == pytest.approx(fixed)


def test_abbattere_not_with_sails_furled():
    """"Non è possibile abbattere la nave se questa ha le vele ammainate." """
    state = in_phase(duel(), 4, CHITS)
    state.ship("surprise").anchor, state.ship("surprise").sails = "bow", "furled"
    assert "club_haul" not in offered(state, "surprise")


def off_table_state():
    state = duel()
    s = state.ship("surprise")
    s.status, s.exit_xy = "off_table", (0.0, 20.0)
    return in_phase(state, 4, CHITS)


def test_uscire_dal_tavolo_only_reentry_choices_are_offered():
    """"il giocatore decide quale possibilità usare": come back, or stay out for good."""
    state = off_table_state()
    assert offered(state, "surprise") == ["reenter", "stay_out", "pass"]


def test_rientro_passed_places_her_at_the_exit_bow_in_at_drift_distance():
    """"la nave ... è posta sul tavolo, nello stesso punto in cui era uscita, ad una
    distanza dal bordo del tavolo pari al movimento di deriva, con direzione
    perpendicolare al bordo e con la prua verso l'interno" """
    state = off_table_state()
    state, events = act(state, "surprise", {"action": "reenter"}, dice=[4])
    s = state.ship("surprise")
    assert s.on_table and s.heading == pytest.approx(90.0) and s.y == pytest.approx(20.0)
    stern_x = s.x - s.log.base_length / 2
    assert stern_x == pytest.approx(s.log.speeds.drift_battle)


def test_rientro_failed_waits_for_next_turn_and_stay_out_is_for_good():
    """"se il test fallisce la nave non può rientrare in questo turno" """
    state = off_table_state()
    state, _ = act(state, "surprise", {"action": "reenter"}, dice=[3])
    assert offered(state, "surprise") == ["stay_out", "pass"]
    state, events = act(state, "surprise", {"action": "stay_out"}, dice=[])
    assert state.ship("surprise").out_for_good and of(events, "out_for_good")


def test_deriva_fouled_ships_drift_downwind_together_at_the_end_of_the_turn():
    """"Deriva: le navi impigliate o impegnate in un abbordaggio eseguono un movimento di
    deriva." Wind from the north: they drift south by the smaller drift."""
    state = make_state(ship("surprise", "hms_surprise", "britain", 30, 30, 90),
                       ship("virginie", "virginie", "france", 30, 27.4, 90))
    state = in_phase(state, 1, {"surprise": 1, "virginie": 1})
    for a, b in (("surprise", "virginie"), ("virginie", "surprise")):
        state.ship(a).fouled_with = [b]
    expected = min(state.ship(s).log.speeds.drift_battle for s in ("surprise", "virginie"))
    ys = {s.id: s.y for s in state.ships}
    # Both ships pass; then the wind-variation die of the next turn (5: no change).
    from tests.cannoni.conftest import order, resolve
    state, events = resolve(state, [order(state, "surprise", {"action": "pass"})], dice=[])
    state, events = resolve(state, [order(state, "virginie", {"action": "pass"})], dice=[5])
    for s in state.ships:
        assert s.y == pytest.approx(ys[s.id] - expected)
    assert of(events, "drift")

"""Sezione 6: ranges, the damage multipliers, rakes, the unlucky and the well-laid shot,
fire on board and explosions."""
from __future__ import annotations

import pytest

from rules.sca import gunnery as G
from rules.sca import wind as W
from tests.sca.helpers import event, kinds, order, part, ship, start

E, N, S, W_ = (W.POINTS.index(p) for p in ("E", "N", "S", "W"))


@pytest.mark.parametrize("mm,band", [(0, "short"), (100, "short"), (100.5, "medium"), (350, "medium"),
                                     (351, "long"), (700, "long"), (701, None)])
def test_gittata(mm, band):
    """"lunga gittata: 350mm — 700mm; media gittata: 100mm — 350mm; corta gittata: 0mm — 100mm.\""""
    assert G.band(mm) == band


@pytest.mark.parametrize("rng,hull,full,easy", [("long", 2, 2, 1), ("medium", 5, 5, 4), ("short", 12, 12, 11)])
def test_danni_every_multiplier(rng, hull, full, easy):
    """"Se l'obiettivo è la velatura il danno è maggiore se il bersaglio ha le vele spiegate": Lunga x2
    x1, Media x5 x4, Corta x12 x11."""
    assert (G.multiplier(rng, "hull", "easy"), G.multiplier(rng, "rigging", "full"),
            G.multiplier(rng, "rigging", "easy")) == (hull, full, easy)


@pytest.mark.parametrize("rng,full,easy", [("long", 0, 0), ("medium", 4, 3), ("short", 14, 13)])
def test_carronate(rng, full, easy):
    """Appendice 2: "Lunga nessun danno nessun danno; Media x4 x3; Corta x14 x13".\""""
    assert (G.multiplier(rng, "hull", "easy", True), G.multiplier(rng, "rigging", "easy", True)) == (full, easy)


def duel(target_heading=E, target_sail="easy", wind=0, tx=1000, ty=1200, **extra):
    """A British frigate hove to at (1000, 1000) heading east, her port broadside to the north."""
    ships = [ship("a", "british", 1000, 1000, E, sail="furled"),
             ship("t", "french", tx, ty, target_heading, sail=target_sail)]
    ships += extra.get("more", [])
    return start(*ships, wind=wind)


def test_tirare_bf_times_the_factor_on_the_hull_side_facing():
    """"i danni sono calcolati moltiplicando la Bordata della nave — BF — per il fattore opportuno":
    a 36-gun frigate (BF 4) at medium range on the hull: 20 points, on the side she shows."""
    ruleset, state = duel()
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5])  # 13 - 1 hove to
    t = state.ship("t")
    assert t.hull_points == {"starboard": 20.0, "port": 0.0}
    assert event(step, "shot_hit").data["rng"] == "medium" and t.hit_by == ["a"]


@pytest.mark.parametrize("sail,points", [("full", 20.0), ("easy", 16.0)])
def test_danni_alla_velatura(sail, points):
    """Medium range at the rigging: x5 under full sail, x4 under easy sail."""
    ruleset, state = duel(target_sail=sail)
    state, _ = part(ruleset, state, [order(state, "a", fire="port", aim="rigging")], [4, 4, 5])
    assert state.ship("t").rigging_points == points


def test_miss_at_long_range_below_10():
    """The "lunga gittata" column misses up to 9, hits from 10."""
    ruleset, state = duel(ty=1500)
    missed, step = part(ruleset, state, [order(state, "a", fire="port")], [3, 3, 4])  # 10 - 1
    assert "shot_miss" in kinds(step) and missed.ship("t").hull_points["starboard"] == 0
    hit, step = part(ruleset, state, [order(state, "a", fire="port")], [3, 4, 4])
    assert hit.ship("t").hull_points["starboard"] == 8.0  # BF 4 x 2


def test_the_nearest_target_takes_the_shot_even_a_friend():
    """"Una volta ordinato di far fuoco la nave deve far fuoco, anche se il solo bersaglio possibile è
    una nave amica"; "Se ci sono due bersagli nella stessa metà i danni sono attribuiti al più vicino".\""""
    friend = ship("f", "british", 1000, 1150, E)
    ruleset, state = duel(ty=1400, more=[friend])
    state, step = part(ruleset, state, [order(state, "a", fire="port"), order(state, "f")], [4, 4, 5])
    assert event(step, "shot_hit").data["target"] == "F"


def test_infilata_di_poppa_times_four_and_a_morale_test():
    """"i danni sono calcolati come di consueto e moltiplicati per 2 se infilata di prua o per 4 se
    infilata di poppa"; "la nave colpita di infilata deve effettuare un Test del morale alla fine del
    turno"; "per ogni infilata di poppa — stern rake — nel turno: -4"."""
    ruleset, state = duel(target_heading=N, wind=S)
    # 80 points: her stern HDC is gone. Morale: 8 (DC 80 / 10) -2 (3d6 3) -1 (hit) -2 (HDC) -4 (rake) < 0.
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5, 1, 1, 1])
    hit = event(step, "shot_hit").data
    assert (hit["rake"], hit["damage"]) == ("stern", 80.0)
    assert event(step, "morale").data == {"ship": "T", "roll": 3, "score": -1, "struck": True}
    assert state.ship("t").status == "struck"


def test_infilata_di_prua_times_two():
    ruleset, state = start(ship("a", "british", 1000, 1000, N, sail="furled"),
                           ship("t", "french", 1200, 1000, W_), wind=E)
    state, step = part(ruleset, state, [order(state, "a", fire="starboard")], [4, 4, 5, 6, 6, 6])
    assert (event(step, "shot_hit").data["rake"], event(step, "shot_hit").data["damage"]) == ("bow", 40.0)
    assert event(step, "morale").data["struck"] is False


def test_no_rake_on_the_rigging_nor_at_long_range():
    """"il tiro di infilata è possibile solo a corta o media gittata; il tiro deve essere indirizzato
    allo scafo\""""
    ruleset, state = duel(target_heading=N, wind=S)
    assert G.rake(state.ship("a"), "port", state.ship("t"), "medium", "rigging") is None
    assert G.rake(state.ship("a"), "port", state.ship("t"), "long", "hull") is None
    assert G.rake(state.ship("a"), "port", state.ship("t"), "medium", "hull") == "stern"


@pytest.mark.parametrize("dice,hdc_points,fire", [((2, 2, 2), 80.0, True), ((3, 3, 3), 40.0, True),
                                                  ((4, 4, 4), 0.0, True), ((5, 5, 5), 0.0, False)])
def test_tiro_critico_unlucky_shot(dice, hdc_points, fire):
    """"3-6 — un cannone esplode: la nave perde un HDC e si innesca un incendio allo scafo; 7-10 ... perde
    il 50% di HDC e si innesca un incendio allo scafo; 11-14 — si innesca un incendio allo scafo; 15-18 —
    nessun danno apprezzabile.\""""
    ruleset, state = duel()
    morale = [6, 6, 6] if hdc_points == 80.0 else []  # a one-decker tests her morale for every DC lost
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [1, 1, 1, *dice, *morale])
    a = state.ship("a")
    lost = a.hull_lost["port"] * 80 + a.hull_points["port"]
    assert (lost, a.fires_hull) == (hdc_points, int(fire))
    assert state.ship("t").hull_points["starboard"] == 0  # the shot itself is wasted


def test_tiro_critico_falls_on_the_lowest_score_only():
    """"si applica solo al vascello con il punteggio modificato più basso tra quelli che hanno ordine di
    tirare" — one fleet throw of 5: the poor crew scores 3, the average one 4, both in the unlucky rows."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled", crew="poor"),
                           ship("b", "british", 1300, 1000, E, sail="furled"),
                           ship("t", "french", 1150, 1150, E), wind=0)
    state, step = part(ruleset, state, [order(state, "a", fire="port"), order(state, "b", fire="port")],
                       [1, 2, 2, 4, 4, 4])
    assert [e.data["score"] for e in step.events if e.kind == "ability"] == [3, 4]
    assert [e.data["ship"] for e in step.events if e.kind == "unlucky"] == ["A"]
    assert [e.data["unlucky"] for e in step.events if e.kind == "shot_miss"] == [True, False]
    assert (state.ship("a").fires_hull, state.ship("b").fires_hull) == (1, 0)


@pytest.mark.parametrize("dice,effect", [((1, 1, 1), "fire"), ((3, 3, 3), "double"), ((4, 4, 4), "rudder"),
                                         ((5, 5, 5), "magazine")])
def test_tiro_decisivo_well_laid_shot(dice, effect):
    """"3-6 — si innesca un incendio sul bersaglio ...; 7-10 — raddoppiare i danni calcolati come di
    consueto; 11-14 — il bersaglio ha il timone danneggiato ...; 15-18 — il tiro colpisce la santabarbara,
    la nave esplode.\""""
    near = ship("u", "french", 1090, 1200, E)
    ruleset, state = duel(more=[near])
    state, step = part(ruleset, state, [order(state, "a", fire="port")], [6, 6, 6, *dice])  # 18 - 1 = 17
    t = state.ship("t")
    assert event(step, "shot_hit").data["well_laid"] == effect
    if effect == "fire":
        assert t.fires_hull == 1 and t.hull_points["starboard"] == 20
    elif effect == "double":
        assert t.hull_points["starboard"] == 40
    elif effect == "rudder":
        assert t.rudder
    else:
        # "Un incendio si sviluppa automaticamente su tutti i vascelli che si trovano ad una distanza
        # dalla nave esplosa pari o inferiore alla corta gittata."
        assert t.status == "exploded" and state.ship("u").fires_hull == 1 and state.ship("a").fires == 0


def test_timone_danneggiato_bears_her_away_each_turn():
    """"Un vascello con il timone danneggiato che si trova in andatura di bolina o di traverso, nei turni
    successivi è obbligato a poggiare di una quarta per turno fino a trovarsi in andatura di lasco.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("t", "french", 2500, 1500, W_), wind=0)
    state.ship("a").rudder = True
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 5])
    assert W.name(state.ship("a").heading) == "ESE" and "rudder_forced" in kinds(step)


def test_estinguere_un_incendio():
    """"Un tentativo fallito provoca danni al vascello, come riportato nella tabella Abilità" (5: -50%
    DC); "Un incendio allo scafo si propaga automaticamente alla velatura.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("t", "french", 2500, 1500, W_), wind=0)
    state.ship("a").fires_hull = 1
    out, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])  # 12 - 1 fire
    assert out.ship("a").fires == 0 and "extinguished" in kinds(step)
    burnt, step = part(ruleset, state, [order(state, "a")], [2, 2, 2])  # 6 - 1 = 5: -50% DC
    a = burnt.ship("a")
    assert sum(a.hull_points.values()) == 40 and (a.fires_hull, a.fires_rigging) == (1, 1)


def test_incendio_alla_velatura_costs_a_rdc_each_turn():
    """"Un incendio alla velatura, che non viene estinto nella fase corrispondente del turno del
    giocatore, costa alla nave un RDC per turno.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("t", "french", 2500, 1500, W_), wind=0)
    state.ship("a").fires_rigging = 1
    state, step = part(ruleset, state, [order(state, "a")], [3, 3, 3, 6, 6, 6])  # 9 - 1: fails, morale
    assert state.ship("a").rigging_lost == 1 and "rigging_burns" in kinds(step)


def test_esplosione_when_the_last_dc_goes_while_burning():
    """"Quando un veliero perde l'ultimo RDC esplode. Un incendio si sviluppa automaticamente su tutti i
    vascelli che si trovano ad una distanza ... pari o inferiore alla corta gittata.\""""
    ruleset, state = start(ship("a", "british", 500, 500, E), ship("b", "british", 590, 500, E),
                           ship("t", "french", 2500, 1500, W_), wind=0)
    a = state.ship("a")
    a.fires_rigging, a.rigging_lost = 1, 5
    state, step = part(ruleset, state, [order(state, "a"), order(state, "b")], [3, 3, 3])
    assert state.ship("a").status == "exploded" and state.ship("b").fires_hull == 1
    assert "exploded" in kinds(step)


def test_two_targets_one_in_each_half_the_player_chooses():
    """"Se ci sono due bersagli, uno in ciascuna metà, il giocatore può scegliere a quale tirare.\""""
    fore = ship("f", "french", 1150, 1250, E)
    ruleset, state = duel(tx=900, ty=1200, more=[fore])
    nearest, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5])
    assert event(step, "shot_hit").data["target"] == "T"
    chosen, step = part(ruleset, state, [order(state, "a", fire="port", target_half="fore")], [4, 4, 5])
    assert event(step, "shot_hit").data["target"] == "F"


def test_fire_before_the_run():
    """"il giocatore può scegliere di tirare in ogni punto del movimento rettilineo della nave": before
    her run or after it, as the order says."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"), ship("t", "french", 1000, 1200, E),
                           wind=0)
    before, step = part(ruleset, state, [order(state, "a", fire="port", fire_when="before")], [4, 4, 4])
    assert kinds(step).index("shot_hit") < kinds(step).index("moved")
    after, step = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 4])
    assert kinds(step).index("moved") < kinds(step).index("shot_hit")
    assert event(step, "shot_hit").data["rng"] == "medium"


def test_regola_opzionale_6_reloading():
    """"Tabella per ricaricare ...: 3-4: caricamento fallito; 5-6: equipaggi Elite ok, altri fallito; 7:
    Elite e Good ok, altri fallito; 8: Elite, Good e Average ok, Poor fallito; 9-15: tutti ok"; "non può
    ricaricare e sparare nello stesso segmento".\""""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"), ship("t", "french", 1000, 1200, E),
                           wind=0, reloading=True)
    state, _ = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5])
    assert state.ship("a").unloaded == ["port"]
    state, _ = part(ruleset, state, [order(state, "t")], [3, 3, 3])
    form = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert form.param("fire").values() == ["none", "starboard"] and form.param("reload").values() == ["none", "port"]
    (problem,) = ruleset.validate(state, order(state, "a", fire="starboard", reload="port"))
    assert problem.code == "sca-reload-or-fire"
    failed, step = part(ruleset, state, [order(state, "a", reload="port")], [2, 2, 4])  # 8 - 1 hove to: average fails
    assert failed.ship("a").unloaded == ["port"] and "reload_failed" in kinds(step)
    done, step = part(ruleset, state, [order(state, "a", reload="port")], [2, 3, 4])
    assert done.ship("a").unloaded == [] and "reloaded" in kinds(step)


def test_fire_halfway_through_the_run():
    """"il giocatore può scegliere di tirare in ogni punto del movimento rettilineo della nave": in the
    middle of it too. A frigate under full sail (180 mm) runs east past two anchored French ships: before
    her run neither is in her port sector; halfway (90 mm) T is, at medium range; at the end U, nearer,
    takes the shot. The other British ship, under easy sail (90 mm), runs in step: she has run her whole
    90 mm when the volley is fired, and the frigate then runs her other 90 mm."""
    ruleset, state = start(ship("a", "british", 680, 1000, E, sail="full"), ship("b", "british", 680, 600, E),
                           ship("t", "french", 1000, 1200, E, sail="furled"),
                           ship("u", "french", 980, 1100, E, sail="furled"), wind=0)
    after, step = part(ruleset, state, [order(state, "a", fire="port", fire_when="middle"), order(state, "b")],
                       [4, 4, 4])
    moves = [(e.data["ship"], e.data["mm"]) for e in step.events if e.kind == "moved"]
    assert moves == [("A", 90), ("B", 90), ("A", 90)]
    at = [i for i, e in enumerate(step.events) if e.kind in ("moved", "shot_hit")]
    assert [step.events[i].kind for i in at] == ["moved", "moved", "shot_hit", "moved"]
    assert (event(step, "shot_hit").data["target"], event(step, "shot_hit").data["rng"]) == ("T", "medium")
    assert after.ship("a").trail == [(680.0, 1000.0), (860.0, 1000.0)]
    assert ruleset.describe(event(step, "orders"), "en").endswith("halfway through her run.")
    _, step = part(ruleset, state, [order(state, "a", fire="port", fire_when="before"), order(state, "b")], [4, 4, 4])
    assert "shot_hit" not in kinds(step) and "no_target" in kinds(step)
    _, step = part(ruleset, state, [order(state, "a", fire="port"), order(state, "b")], [4, 4, 4])
    assert event(step, "shot_hit").data["target"] == "U"

"""Optional rule 7: collisions (and optional rule 9's collision modifiers of the rigging test)."""
from __future__ import annotations

import math

import pytest

from rules.sca.collisions import direction
from rules.sca.damage_tests import collision_modifier
from rules.sca.state import Contact
from tests.conformance.test_rulesets import play
from tests.sca.helpers import event, kinds, order, part, ship, start

N, NE, E, S, W = 0, 2, 4, 8, 12


def test_regola_opzionale_7_direzione_a_pushes_a_quarter_of_the_rest():
    """"Il vascello in movimento arriva a contatto seguendo la direzione A: ... la nave in movimento
    spinge l'altra avanti, nella stessa direzione, di un quarto del restante movimento".

    Two frigates on the same course, 30 mm between the bases: the mover (90 mm under easy sail)
    touches after 30 and has 60 left: she pushes the other 15 mm and follows her. The Fast Play's
    damage stays (20 % of a RDC each under easy sail)."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("b", "french", 1095, 1000, E), wind=N,
                           collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    way = event(step, "collision_way").data
    assert (way["way"], way["mm"], way["entangled"]) == ("A", 15, False)
    assert event(step, "collision").data["percent"] == 20
    a, b = after.ship("a"), after.ship("b")
    assert (round(a.x), round(b.x), a.y, b.y) == (1045, 1110, 1000, 1000)
    assert [c.other for c in a.contacts] == ["b"] and not a.contacts[0].entangled
    assert ruleset.describe(event(step, "collision_way"), "it") == (
        "A urta B dalla direzione A: spinta o trascinata di 15 mm.")


def test_without_the_switch_a_collision_stops_both_where_they_touch():
    """Sezione 5 viii: "La posizione dei vascelli coinvolti non è modificata"."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("b", "french", 1095, 1000, E), wind=N)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert "collision_way" not in kinds(step)
    assert (round(after.ship("a").x), after.ship("b").x) == (1030, 1095)


@pytest.mark.parametrize("mover, rammed, pushed", [("74C", "20-28", 30), ("20-28", "74C", 0)])
def test_regola_opzionale_7_due_classi_piu_grande_o_piu_piccola(mover, rammed, pushed):
    """"a meno che: la nave che ha provocato la collisione è almeno di due classi più grande
    dell'altra, in tal caso la spinge di metà del restante movimento; oppure è di due classi più
    piccola, allora il restante movimento è assorbito dalla collisione ed il movimento è
    interrotto al momento del contatto." A 74 (third rate) and a 20-gun sixth rate, 60 mm left."""
    half = {"74C": 37.5, "20-28": 32.5}
    ruleset, state = start(ship("a", "british", 1000, 1000, E, type=mover),
                           ship("b", "french", 1000 + half[mover] + half[rammed] + 30, 1000, E, type=rammed),
                           wind=N, collisions=True)
    before = state.ship("b").x
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert event(step, "collision_way").data["mm"] == pushed
    assert after.ship("b").x == pytest.approx(before + pushed, abs=0.01)


def test_regola_opzionale_7_direzione_c_squared_up_on_her_mainmast():
    """"Il vascello in movimento è ruotato e spostato fino a che la base è perfettamente
    perpendicolare alla base dell'altra nave e la prua allineata con il suo albero maestro. La
    nave in movimento spinge l'altra, nella direzione C1, di un quarto del restante movimento";
    "Il tiro in questa posizione è possibile ma non è considerato di infilata."

    A frigate steering NNE runs into the starboard side of one heading E (three points off her
    keel): she is turned to N, her bow on the other's mainmast, and both go on north."""
    ruleset, state = start(ship("a", "british", 990, 990, 1), ship("b", "french", 1000, 1100, E), wind=S,
                           collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    way = event(step, "collision_way").data
    assert way["way"] in ("C", "C1") and way["mm"] > 0
    a, b = after.ship("a"), after.ship("b")
    assert a.heading == N and a.x == pytest.approx(b.x) and b.x == pytest.approx(1000)
    assert b.y - a.y == pytest.approx(20 + 32.5)  # her bow against the other's side
    assert b.y > 1100 and b.heading == E


def test_regola_opzionale_7_direzione_d1_bow_to_bow():
    """"Il vascello in movimento arriva a contatto seguendo la direzione D1: Il vascello in
    movimento si allinea all'altra nave in modo che i lati di prua delle basi siano a contatto ed
    allineati e spinge l'altra nave per metà del restante movimento." Head on, 60 mm left: 30."""
    ruleset, state = start(ship("a", "british", 1000, 1003, E), ship("b", "french", 1095, 1000, W), wind=N,
                           collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert event(step, "collision_way").data["way"] == "D1"
    a, b = after.ship("a"), after.ship("b")
    assert (a.y, round(a.x, 1), round(b.x, 1)) == (1000, 1060.0, 1125.0)


def test_regola_opzionale_7_the_directions_read_for_the_missing_figure():
    """The figure is missing: "Se la nave in movimento urta seguendo la direzione A o C ... In
    tutti gli altri casi il vascello che ha provocato la collisione scivolerà in modo da
    affiancare l'altra"; D "Come per la direzione A". The reading in docs/rules/sca.md."""
    _, state = start(ship("x", "french", 1000, 1000, E), ship("m", "british", 0, 0, E), wind=N)
    x, m = state.ship("x"), state.ship("m")

    def way(heading, px, py):
        m.heading, m.x, m.y = heading, px, py
        return direction(m, x)
    assert way(E, 940, 1000) == "A"  # from astern, on her course
    assert way(W, 1060, 1000) == "D1"  # head on
    assert way(11, 1060, 1010) == "D"  # seven points off, on her bow
    assert way(N, 1000, 950) == "C1" and way(S, 1000, 1050) == "C"  # across her starboard, port side
    assert way(NE, 980, 950) == "B" and way(E, 1020, 960) == "B"  # glancing; overtaking on her quarter


def test_regola_opzionale_7_direzione_b_alongside_and_entangled_then_drift():
    """"In questo caso la nave che provoca la collisione scorre lungo il lato della base della nave
    ferma per metà del proprio restante movimento terminando allineata e con la stessa direzione, a
    questo punto le due navi sono considerate impigliate"; note 19: "la nave del giocatore di turno
    ruota una quarta via dal vento trascinando l'altra con sé e poi muovono alla deriva fino a
    quando non riescono a liberarsi".

    A frigate steering NE, the wind from S, grazes the starboard quarter of one heading E: she
    comes round to E alongside her, 40 mm between the keels (two widths), entangled; half her rest
    takes her past alignment, so she drags the other on (the event's mm), the two ending level.
    In the French part the French ship, the wind on her quarter, swings one point away (to ENE),
    dragging the other round, and both drift 10 mm north (a breeze)."""
    ruleset, state = start(ship("a", "british", 960, 900, NE), ship("b", "french", 1000, 1000, E), wind=S,
                           collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    way = event(step, "collision_way").data
    assert (way["way"], way["entangled"]) == ("B", True) and way["mm"] > 0
    a, b = after.ship("a"), after.ship("b")
    assert a.heading == b.heading == E and b.y - a.y == pytest.approx(40)
    assert a.x == pytest.approx(b.x) and b.x == pytest.approx(1000 + way["mm"], abs=0.5)
    assert a.contacts[0].entangled and b.contacts[0].entangled
    assert [s["entangled"] for s in ruleset.view(after, None)["ships"]] == [["b"], ["a"]]
    keel = (b.x - a.x, b.y - a.y)
    after, step = part(ruleset, after, [order(after, "b")], [4, 4, 4])
    drift = event(step, "entangled_drift").data
    assert (drift["ship"], drift["heading"], drift["mm"]) == ("B", "ENE", 10)
    a2, b2 = after.ship("a"), after.ship("b")
    assert a2.heading == b2.heading == 3
    assert (b2.x, b2.y) == pytest.approx((b.x, b.y + 10))
    assert ((b2.x - a2.x) ** 2 + (b2.y - a2.y) ** 2) == pytest.approx(keel[0] ** 2 + keel[1] ** 2)
    assert "moved" not in kinds(step)
    assert ruleset.describe(event(step, "entangled_drift"), "it") == (
        "B, impigliata con A, ruota per ENE e le due vanno alla deriva di 10 mm.")


def test_regola_opzionale_7_movimenti_di_navi_impigliate_in_due_segmenti():
    """With optional rule 3: "Nel primo segmento del turno successivo al contatto la nave che è stata
    urtata deve ruotare una quarta via dal vento, trascinando l'altra con sé; successivamente deve
    spostarsi nella direzione attuale con la velocità determinata dalla velatura originale ... Nel
    secondo segmento del turno entrambe le navi devono andare alla deriva nella direzione del
    vento. Nel turno ancora successivo la nave che ha provocato la collisione è ruotata una quarta
    verso il vento, trascinando l'altro vascello con sé ... Poi entrambe le due navi si muovono alla
    deriva in entrambi i segmenti del turno."

    Entangled in turn 1 (the wind from S). Turn 2: the French ship swings from E to ENE, sails
    45 mm (half her 90 under easy sail: one segment) dragging the British one, and both drift 5 mm
    north (one segment of a breeze). Turn 3: the British rammer swings a point towards the wind
    (from ENE to E), both drift 10 mm. Neither steers by her order meanwhile."""
    ruleset, s1 = start(ship("a", "british", 960, 900, NE), ship("b", "french", 1000, 1000, E), wind=S,
                        collisions=True, two_segments=True)
    s1, step = part(ruleset, s1, [order(s1, "a")], [4, 4, 4])
    assert event(step, "collision_way").data["entangled"]
    form = ruleset.spec(s1, ruleset.pending(s1)[0])
    assert form.action("sail").param("course").values() == ["E"] and form.action("sail").param("course2") is None
    s2, step = part(ruleset, s1, [order(s1, "b")], [4, 4, 4])
    assert not any(k.startswith("entangled") for k in kinds(step))  # the turn of the contact
    b1 = s2.ship("b")
    s3, step = part(ruleset, s2, [order(s2, "a")], [4, 4, 4])
    sail, drift = event(step, "entangled_sail").data, event(step, "pair_drift").data
    assert (sail["ship"], sail["heading"], sail["mm"], drift["mm"]) == ("B", "ENE", 45, 5)
    # segment by segment: she sails in the first segment's movement, both drift in the second's
    assert [k for k in kinds(step) if k in ("segment", "entangled_sail", "pair_drift")] == [
        "segment", "entangled_sail", "segment", "pair_drift"]
    b2 = s3.ship("b")
    assert b2.heading == s3.ship("a").heading == 3
    dx, dy = b2.x - b1.x, b2.y - b1.y
    assert dx == pytest.approx(45 * 0.9239, abs=0.01) and dy == pytest.approx(45 * 0.3827 + 5, abs=0.01)
    s4, _ = part(ruleset, s3, [order(s3, "b")], [4, 4, 4])
    s5, step = part(ruleset, s4, [order(s4, "a")], [4, 4, 4])
    drift, on = event(step, "entangled_drift").data, event(step, "pair_drift").data
    assert (drift["ship"], drift["heading"], drift["mm"], on["mm"]) == ("A", "E", 5, 5)
    assert "entangled_sail" not in kinds(step)
    assert s5.ship("a").heading == s5.ship("b").heading == E
    a3, a5 = s3.ship("a"), s5.ship("a")
    assert (a5.x, a5.y) == pytest.approx((a3.x, a3.y + 10))  # she turns about her centre
    assert ruleset.describe(event(step, "entangled_drift"), "en") == (
        "A, entangled with B, swings to E and both drift 5 mm.")
    assert ruleset.describe(event(step, "pair_drift"), "it") == (
        "B e A, impigliate, vanno alla deriva di 5 mm sottovento.")


def test_regola_opzionale_7_liberare_le_navi_impigliate():
    """Sezione 5 viii, "Liberare da una collisione": "se il tentativo di liberare ha successo il
    vascello può muovere alla metà della velocità consentita" — entangled ships are freed the same
    way, on the "liberare la nave" column (E for an enemy), and drift no more."""
    ruleset, state = start(ship("a", "british", 1000, 960, E), ship("b", "french", 1000, 1000, E), wind=N,
                           collisions=True)
    for s, o in (("a", "b"), ("b", "a")):
        state.ship(s).contacts = [Contact(other=o, grade="E", entangled=True)]
    after, step = part(ruleset, state, [order(state, "a", cast_off="yes")], [2, 3, 3])  # 8 - 1: A only
    assert "not_freed" in kinds(step) and "entangled_drift" in kinds(step)
    ruleset, state = start(ship("a", "british", 1000, 960, E), ship("b", "french", 1000, 1000, E), wind=N,
                           collisions=True)
    for s, o in (("a", "b"), ("b", "a")):
        state.ship(s).contacts = [Contact(other=o, grade="E", entangled=True)]
    after, step = part(ruleset, state, [order(state, "a", cast_off="yes")], [3, 3, 3])  # 9 - 1: A, E
    assert "freed" in kinds(step) and "entangled_drift" not in kinds(step)
    assert event(step, "moved").data["mm"] == 45 and not after.ship("b").contacts


def entangled_pair(*extra, **options):
    ruleset, state = start(ship("b", "french", 1000, 1000, E), *extra, wind=W, collisions=True, **options)
    for s, o in (("a", "b"), ("b", "a")):
        state.ship(s).contacts = [Contact(other=o, grade="E", entangled=True)]
    return ruleset, state


def test_regola_opzionale_7_tiro_su_navi_impigliate_bonus_e_un_terzo_all_amica():
    """"Navi che tirano su navi impigliate hanno un bonus +1 dovuto al bersaglio più grande. Se un
    vascello amico è tra le navi impigliate questo riceve un terzo dei danni se si trova oltre la
    nave nemica".

    A British frigate 200 mm south of a French one entangled with a British ship on her far
    side fires to port before her run: her 7 is a miss at medium range, the +1 makes it a hit;
    the friend beyond takes a third."""
    ruleset, state = entangled_pair(ship("a", "british", 1000, 1040, E), ship("c", "british", 1000, 800, E))
    after, step = part(ruleset, state, [order(state, "a"), order(state, "c", fire="port", fire_when="before")],
                       [2, 2, 3])
    hit = event(step, "shot_hit").data
    assert (hit["ship"], hit["target"], hit["rng"], hit["score"]) == ("C", "B", "medium", 7)
    shield = event(step, "shield_hit").data
    assert (shield["friend"], shield["share"]) == ("A", 1)
    b, a = after.ship("b"), after.ship("a")
    assert sum(b.hull_points.values()) + 80 * sum(b.hull_lost.values()) == pytest.approx(2 * (
        sum(a.hull_points.values()) + 80 * sum(a.hull_lost.values())))
    assert ruleset.describe(event(step, "shield_hit"), "it") == "A, impigliata con B, riceve 1/3 della bordata di C."


def test_regola_opzionale_7_tiro_impossibile_quando_l_amica_copre():
    """"Se la nave amica copre oltre la metà della nave nemica il tiro è impossibile", judged as
    note 20: "se la nave amica è sulla linea centrale o nello stesso settore della nave nemica e a
    una distanza inferiore il tiro è impossibile". The friend lies between, in the same half."""
    ruleset, state = entangled_pair(ship("a", "british", 1000, 960, E), ship("c", "british", 1000, 800, E))
    after, step = part(ruleset, state, [order(state, "a"), order(state, "c", fire="port", fire_when="before")],
                       [2, 2, 3])
    assert "no_target" in kinds(step) and "shot_hit" not in kinds(step)


def test_regola_opzionale_9_test_sulla_velatura_in_una_collisione():
    """Optional rule 9: "Nel caso di una collisione con un altro vascello usare il DC di
    quest'ultimo per determinare l'entità dei danni"; "vascello con squadre di abbordaggio pronte
    in una collisione: +1; collisione o nave arenata su fondo roccioso: -5; ... per ogni classe di
    differenza, a sfavore, in una collisione con altra nave: -1; nave alla deriva: -1".

    A frigate (fifth rate, average, easy sail, a breeze) runs into a 74 (third rate): 3d6 10 (-1),
    base 8, adrift -1, easy sail -2, breeze -3, collision -5, two classes -2: -6, six tenths of
    the 74's DC (120): 72 points. The 74: -4, four tenths of the frigate's 80: 32. The frigate,
    two classes smaller, does not push her."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("b", "french", 1100, 1000, E, type="74C"),
                           wind=N, collisions=True, rigging_tests=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4, 3, 3, 4, 3, 3, 4])
    tests = [e.data for e in step.events if e.kind == "rigging_test"]
    assert [(t["ship"], t["score"], t["damage"], t["why"]) for t in tests] == [
        ("A", -6, 72.0, "collision"), ("B", -4, 32.0, "collision")]
    assert "collision" not in kinds(step) and event(step, "collision_way").data["mm"] == 0
    a = after.ship("a")
    a.boarders_ready = True
    assert collision_modifier(a, after.ship("b")) == -5 + 1 - 2
    assert collision_modifier(after.ship("b"), a) == -5


@pytest.mark.parametrize("seed, more", [(3, {}), (3, {"two_segments": True}),
                                        (4, {"card_turn": True, "rigging_tests": True})])
def test_regola_opzionale_7_a_whole_game_plays(monkeypatch, seed, more):
    """Seeded random play with the switch on (and with optional rule 3, and with the card-driven
    turn and the rigging tests): the game ends, every view and the record check out, and ships
    did collide, some entangled."""
    import rules.sca.sailing as sailing
    seen = []
    real = sailing.after_contact

    def spy(*args):
        seen.append(real(*args))
        return seen[-1]
    monkeypatch.setattr(sailing, "after_contact", spy)
    ruleset, state, record = play("sca", "squadrons", seed, options={"collisions": True, **more})
    assert ruleset.outcome(state) is not None
    assert True in seen and False in seen


def test_regola_opzionale_7_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"collisions": True})
    assert played.outcome is not None and played.decisions > 0


# --- chains of collisions: a ship carried by another's movement is stopped by a third ship or a coast ---


def test_regola_opzionale_7_catena_una_nave_spinta_contro_una_terza():
    """Sezione 5 vii: "Il movimento deve essere interrotto immediatamente nel caso si verifichi una
    collisione"; optional rule 7 i: "Se un vascello arriva in contatto di base con un'altra nave o
    imbarcazione c'è una collisione"; Sezione 5 viii: "ogni vascello perde il 20% di un RDC se la
    collisione avviene con vele di manovra".

    As in direction A's example the mover pushes the French frigate 15 mm ahead, but a second
    French frigate lies 5 mm beyond her bow: the push stops there, both ships carried 5 mm. The
    new contact is a collision (20 % of a RDC each, under easy sail), the two French ships held in
    contact and not entangled (bow to stern); the third ship does not move."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("b", "french", 1095, 1000, E),
                           ship("c", "french", 1165, 1000, E), wind=N, collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert event(step, "collision_way").data["mm"] == 15
    chain = event(step, "carried_into").data
    assert (chain["ship"], chain["other"], chain["mm"]) == ("B", "C", 5)
    assert [(e.data["ship"], e.data["other"], e.data["percent"]) for e in step.events if e.kind == "collision"] == [
        ("A", "B", 20), ("B", "C", 20)]
    a, b, c = after.ship("a"), after.ship("b"), after.ship("c")
    assert (a.x, b.x, c.x) == (pytest.approx(1035, abs=0.05), pytest.approx(1100, abs=0.05), 1165)
    assert c.rigging_points == pytest.approx(0.2 * 80) and b.rigging_points == pytest.approx(2 * 0.2 * 80)
    assert [(k.other, k.grade, k.entangled) for k in b.contacts] == [("a", "E", False), ("c", "A", False)]
    assert [(k.other, k.grade) for k in c.contacts] == [("b", "A")]
    assert ruleset.describe(event(step, "carried_into"), "it") == (
        "B, portata avanti di 5 mm, urta C: il movimento si interrompe lì.")


def test_regola_opzionale_7_catena_la_deriva_si_arena_sulla_costa():
    """Note 19: "ruota una quarta via dal vento ... e poi muovono alla deriva"; note 5: "in caso di
    collisione del tipo menzionato la nave subisce un danno pari al 20% di un HDC se l'urto avviene
    con vele di manovra".

    An entangled pair heading S, the wind from N (dead astern: no swing), drifts 10 mm south in a
    breeze; a coast 5 mm south of the British ship's stern stops them after 5 mm and she is
    aground (20 % of a hull DC, a contact with the land freed at A)."""
    from rules.sca.state import LandSetup
    ruleset, state = start(ship("a", "british", 1000, 1000, S), ship("b", "french", 1040, 1005, S), wind=N,
                           collisions=True)
    for s, o in (("a", "b"), ("b", "a")):
        state.ship(s).contacts = [Contact(other=o, grade="E", entangled=True)]
    state.table.land = [LandSetup(points=[(900, 962.5), (1100, 962.5), (1100, 800), (900, 800)])]
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert event(step, "pair_drift").data["mm"] == 10
    assert event(step, "carried_aground").data == {"ship": "A", "mm": 5}
    assert event(step, "aground").data == {"ship": "A", "percent": 20}
    a, b = after.ship("a"), after.ship("b")
    assert (a.y, b.y) == pytest.approx((995, 1000), abs=0.05)
    assert [(k.other, k.grade) for k in a.contacts] == [("b", "E"), ("land", "A")]
    assert sum(a.hull_points.values()) == pytest.approx(16)


def swinging_pair():
    """The British ship heading E, the French one entangled on her starboard side, a second French
    frigate 5 mm south of the French one; the wind from N."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("b", "french", 1000, 960, E),
                           ship("d", "french", 1010, 915, E), wind=N, collisions=True)
    for s, o in (("a", "b"), ("b", "a")):
        state.ship(s).contacts = [Contact(other=o, grade="E", entangled=True)]
    return ruleset, state


def test_regola_opzionale_7_catena_la_rotazione_impedita_e_la_deriva_impigliata():
    """Note 19: "la nave del giocatore di turno ruota una quarta via dal vento trascinando l'altra con
    sé e poi muovono alla deriva"; optional rule 7 iii, direction B: "le due navi terminano il
    movimento dopo la collisione affiancate ed allineate ... le due navi sono considerate impigliate".

    The British ship should swing from E to ESE about her centre, dragging the French one round her:
    that would lay the French base on the second French frigate, so the pair does not swing (a
    point or nothing). They drift 10 mm south; after 5 the French ship meets her friend side by
    side: a collision (20 % of a RDC each) and, alongside, the two entangled. The map marks the
    three entangled ships, and the lines between them show who with whom."""
    ruleset, state = swinging_pair()
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    blocked = event(step, "entangled_blocked").data
    assert (blocked["ship"], blocked["heading"], blocked["obstacle"]) == ("A", "ESE", "D")
    assert event(step, "carried_alongside").data == {"ship": "B", "other": "D", "mm": 5}
    assert [(e.data["ship"], e.data["other"], e.data["percent"]) for e in step.events if e.kind == "collision"] == [
        ("B", "D", 20)]
    a, b, d = after.ship("a"), after.ship("b"), after.ship("d")
    assert a.heading == b.heading == E and (a.y, b.y, d.y) == pytest.approx((995, 955, 915), abs=0.05)
    assert [(k.other, k.entangled) for k in b.contacts] == [("a", True), ("d", True)]
    view = ruleset.view(after, None)
    assert {s["id"]: s["entangled"] for s in view["ships"]} == {"a": ["b"], "b": ["a", "d"], "d": ["b"]}
    assert ruleset.describe(event(step, "entangled_blocked"), "en") == (
        "A, entangled with B, cannot swing to ESE: D is in the way.")
    # the next part: the three drift as one raft, once
    after2, step2 = part(ruleset, after, [order(after, "b"), order(after, "d")], [4, 4, 4])
    assert [e.data["ship"] for e in step2.events if e.kind in ("pair_drift", "entangled_drift")] == ["B"]
    assert [after2.ship(i).heading for i in "abd"] == [5, 5, 5]  # B swung to ESE, both others round her

    def gap(s, i, j):
        return math.hypot(s.ship(i).x - s.ship(j).x, s.ship(i).y - s.ship(j).y)
    assert (gap(after2, "a", "b"), gap(after2, "b", "d")) == pytest.approx((gap(after, "a", "b"), gap(after, "b", "d")))
    assert after2.ship("b").y == pytest.approx(after.ship("b").y - 10)


def test_without_the_switch_nothing_is_carried():
    """Sezione 5 viii: "La posizione dei vascelli coinvolti non è modificata": no push, so no chain."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("b", "french", 1095, 1000, E),
                           ship("c", "french", 1165, 1000, E), wind=N)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert "carried_into" not in kinds(step) and not after.ship("c").contacts


def segment_pair(third_side: str):
    """Optional rule 3: the French frigate, struck last turn, entangled with the British one on her
    port side, both heading ENE, the wind from N; a third frigate 20 mm ahead of where the French
    one will head once she has swung to E."""
    ruleset, state = start(ship("b", "french", 1000, 1000, 3),
                           ship("a", "british", 1000 - 0.38268 * 40, 1000 + 0.92388 * 40, 3),
                           ship("c", third_side, 1085, 1000, E), wind=N, collisions=True, two_segments=True)
    state.ship("a").contacts = [Contact(other="b", grade="E", entangled=True, rammer=True, turn=0)]
    state.ship("b").contacts = [Contact(other="a", grade="E", entangled=True, turn=0)]
    return ruleset, state


def test_regola_opzionale_7_navi_impigliate_segmento_per_segmento_fermate_da_una_terza():
    """Optional rule 7 v with optional rule 3: "Nel primo segmento del turno successivo al contatto la
    nave che è stata urtata deve ruotare una quarta via dal vento ... successivamente deve spostarsi
    nella direzione attuale con la velocità determinata dalla velatura originale". Her 45 mm (one
    segment of 90) on E end after 20 against a French frigate lying there: a collision, and the
    second segment's drift (5 mm south) goes on from there."""
    ruleset, state = segment_pair("french")
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert event(step, "entangled_sail").data["mm"] == 45
    assert event(step, "carried_into").data == {"ship": "B", "other": "C", "mm": 20}
    b = after.ship("b")
    assert (b.heading, b.x, b.y) == (E, pytest.approx(1020, abs=0.05), pytest.approx(995, abs=0.05))
    assert [k.other for k in after.ship("c").contacts] == ["b"]


def test_regola_opzionale_7_navi_impigliate_segmento_per_segmento_tra_le_altre_navi():
    """The same with a British frigate 20 mm ahead, sailing on E in the same segment: the pair moves
    10 mm at a time among the segment's movers ("il movimento dovrebbe essere effettuato
    contemporaneamente per frazioni ... in segmenti alternati"), so she keeps ahead of them and no
    one collides; had the pair run all before anyone, it would have struck her after 20 mm."""
    ruleset, state = segment_pair("british")
    after, step = part(ruleset, state, [order(state, "a"), order(state, "c")], [4, 4, 4])
    assert "carried_into" not in kinds(step) and "collision" not in kinds(step)
    b, c = after.ship("b"), after.ship("c")
    assert b.x == pytest.approx(1045, abs=0.05) and c.x == pytest.approx(1085 + 90, abs=0.05)


def test_regola_opzionale_7_la_mappa_mostra_chi_e_impigliato_con_chi():
    """In a chain a ship may be entangled with two others: the map lashes each entangled pair's
    centres with a rope-coloured line (the ∞ badge alone does not say with whom), and the alt text
    names them."""
    from renderer.api import describe_image, render_map
    from renderer.sca.board import LASHING, lashings
    ruleset, state = swinging_pair()
    after, _ = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    view = ruleset.view(after, None)
    assert sorted(lashings(view)) == sorted([((s["x"], s["y"]), (o["x"], o["y"])) for s, o in (
        (view["ships"][0], view["ships"][1]), (view["ships"][1], view["ships"][2]))])

    def rope(v) -> int:
        import numpy as np
        return int((np.asarray(render_map(v).convert("RGB")) == LASHING).all(axis=2).sum())
    loose = {**view, "ships": [{**s, "entangled": []} for s in view["ships"]]}
    assert rope(view) > 20 and rope(loose) == 0
    assert "B (France) at 1000 mm east, 955 mm north, heading E, afloat, entangled with A, D." in describe_image(view)
    assert "impigliata con B" in describe_image(view, "it")


@pytest.mark.parametrize("more", [{}, {"two_segments": True}])
def test_regola_opzionale_7_catena_a_whole_fleet_action_plays(monkeypatch, more):
    """Seeded random play of the fleet action (ten of the line a side) with the switch on: the game
    ends, every view and the record check out, and a ship carried on by a collision struck another."""
    import rules.sca.collision_chains as chains
    seen = []
    real = chains.knock

    def spy(*args):
        seen.append(args[2])
        return real(*args)
    monkeypatch.setattr(chains, "knock", spy)
    ruleset, state, record = play("sca", "fleet-action", 5, options={"collisions": True, **more})
    assert ruleset.outcome(state) is not None
    assert any(what != "land" for what in seen)


# --- the rammer's own placing against her victim, stopped by a third ship or a coast ---


def test_regola_opzionale_7_catena_direzione_c_squadrata_fermata_da_una_terza():
    """Direction C: "Il vascello in movimento è ruotato e spostato fino a che la base è perfettamente
    perpendicolare alla base dell'altra nave e la prua allineata con il suo albero maestro"; Sezione 5 vii: "Il
    movimento deve essere interrotto immediatamente nel caso si verifichi una collisione".

    As in direction C's example the frigate steering NNE strikes the French frigate's starboard side and is
    turned to N; moved west to square up on the mainmast she meets a second French frigate lying west of her
    (its east end 2.5 mm inside her place): she stops where she touches it (about 9 mm short), a collision of its
    own (20 % of a RDC each, a plain contact: they lie across each other), and her rest is absorbed: the struck
    ship is not pushed."""
    ruleset, state = start(ship("a", "british", 990, 990, 1), ship("b", "french", 1000, 1100, E),
                           ship("c", "french", 950, 1060, E), wind=S, collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    way = event(step, "collision_way").data
    assert (way["way"], way["mm"], way["entangled"]) == ("C1", 0, False)
    assert event(step, "carried_into").data["other"] == "C"
    assert [(e.data["ship"], e.data["other"], e.data["percent"]) for e in step.events if e.kind == "collision"] == [
        ("A", "B", 20), ("A", "C", 20)]
    a, b, c = after.ship("a"), after.ship("b"), after.ship("c")
    assert a.heading == N and a.x - a.width / 2 == pytest.approx(c.x + c.length / 2, abs=0.05)
    assert (b.x, b.y, c.x, c.y) == (1000, 1100, 950, 1060)
    assert [(k.other, k.entangled) for k in a.contacts] == [("b", False), ("c", False)]


def test_regola_opzionale_7_catena_direzione_d1_prua_contro_prua_fermata_da_una_terza():
    """Direction D1: "Il vascello in movimento si allinea all'altra nave in modo che i lati di prua delle basi
    siano a contatto ed allineati e spinge l'altra nave per metà del restante movimento".

    Head on, the bows overlapping by 10 mm of their widths: to align them the British frigate is moved 30 mm
    south, where a second French frigate lies 10 mm off her side: she stops there alongside it, the two
    entangled (a collision, "affiancate ed allineate"), and the French frigate she struck is not pushed."""
    ruleset, state = start(ship("a", "british", 1000, 1030, E), ship("b", "french", 1095, 1000, W),
                           ship("c", "french", 1000, 980, E), wind=N, collisions=True)
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    way = event(step, "collision_way").data
    assert (way["way"], way["mm"]) == ("D1", 0)
    assert event(step, "carried_alongside").data == {"ship": "A", "other": "C", "mm": 10}
    a, b = after.ship("a"), after.ship("b")
    assert (a.x, b.x) == (pytest.approx(1030), 1095) and a.y == pytest.approx(1020, abs=0.05)
    assert [(k.other, k.entangled) for k in a.contacts] == [("b", False), ("c", True)]
    assert ruleset.describe(event(step, "carried_alongside"), "it") == (
        "A, portata avanti di 10 mm, si affianca a C: il movimento si interrompe lì e le due navi sono impigliate.")


def test_regola_opzionale_7_catena_direzione_b_affiancarsi_impedito_dalla_costa():
    """Direction B: "la nave che provoca la collisione scorre lungo il lato della base della nave ferma ...
    terminando allineata e con la stessa direzione, a questo punto le due navi sono considerate impigliate";
    note 5: "la nave subisce un danno pari al 20% di un HDC se l'urto avviene con vele di manovra".

    As in direction B's example the frigate steering NE grazes the French frigate's starboard quarter; turned
    to E to lie alongside, her bow would swing onto a coast south-east of her: the turn is not made (a whole
    point or nothing, as an entangled pair's swing), she is aground there (a collision of its own), and the two
    frigates are in plain contact, not entangled, the French one not dragged."""
    from rules.sca.state import LandSetup
    ruleset, state = start(ship("a", "british", 960, 900, NE), ship("b", "french", 1000, 1000, E), wind=S,
                           collisions=True)
    state.table.land = [LandSetup(points=[(1020, 925), (1200, 925), (1200, 700), (1020, 700)])]
    after, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    way = event(step, "collision_way").data
    assert (way["way"], way["mm"], way["entangled"]) == ("B", 0, False)
    assert event(step, "carried_aground").data["ship"] == "A"
    assert event(step, "aground").data == {"ship": "A", "percent": 20}
    a, b = after.ship("a"), after.ship("b")
    assert a.heading == NE and (b.x, b.y) == (1000, 1000)
    assert [(k.other, k.entangled) for k in a.contacts] == [("b", False), ("land", False)]
    assert sum(a.hull_points.values()) == pytest.approx(16)

"""Optional rule 5 (navigation) in segments: the drift table, the tack in segments, a change of
course of two points or more spread over both segments — with and without optional rule 3."""
from __future__ import annotations

import math

import pytest

from rules.sca import collisions, drift
from tests.sca.helpers import kinds, order, part, ship, start

N, NNE, ENE, E, S, WNW, NNW = 0, 1, 3, 4, 8, 13, 15
CLOSE_HALF = 35.0  # a frigate under easy sail close-hauled in a breeze: 180 x 0.5 x 0.8 = 72, to the 5 mm 70


def moves(step) -> list[tuple[str, int, str]]:
    return [(e.data["ship"], e.data["mm"], e.data["heading"]) for e in step.events if e.kind == "moved"]


def drifts(step) -> list[tuple[str, int]]:
    return [(e.data["ship"], e.data["mm"]) for e in step.events if e.kind == "drifted"]


def along(point: int, mm: float) -> tuple[float, float]:
    r = math.radians(point * 22.5)
    return math.sin(r) * mm, math.cos(r) * mm


def tacker(**options):
    """A frigate close-hauled on ENE (the wind from N), a French frigate far off to give the other part."""
    return start(ship("a", "british", 1000, 1000, ENE), ship("t", "french", 2500, 1800, S, sail="furled"),
                 wind=N, navigation=True, **options)


def test_regola_opzionale_5_velocita_alla_deriva_the_table():
    """"Una nave alla deriva è spinta, in ogni turno, nella direzione del vento con una velocità che non
    dipende dalla stazza ... Vascelli con le vele ammainate non si muovono." — "Light breeze Drift 5 - 5 -,
    Drift/Sails 10 5 20 15; Moderate breeze Drift/Sails 10 10 25 25; Strong wind Drift 10 10 10 10,
    Drift/Sails 20 20 45 45" (the moderate breeze's "Drift" row from the 1/3000 copy: "2 2 2 2")."""
    assert [drift.mm("light", "easy", "sails", n) for n in (1, 2)] == [10, 5]
    assert [drift.mm("light", "plain", "sails", n) for n in (1, 2)] == [20, 15]
    assert drift.mm("breeze", "topsails") == 20 and drift.mm("breeze", "studding") == 50
    assert drift.mm("strong", "full", "sails", 1) == 45 and drift.mm("strong", "storm", "sails", 2) == 20
    assert [drift.mm(s, "easy", "drift") for s in ("light", "breeze", "strong")] == [5, 10, 20]
    assert drift.mm("breeze", "furled") == 0 and drift.mm("calm", "plain") == 0
    assert drift.mm("storm", "plain") == drift.mm("strong", "plain") == 90
    # The 1/3000 copy is the same table divided by 2.5 ("Drift/Sails 4 2 8 6 ... 8 8 18 18").
    assert [drift.mm("light", g, "sails", n) / 2.5 for g in ("easy", "full") for n in (1, 2)] == [4, 2, 8, 6]
    # Optional rule 7's entangled pairs drift by the same "Drift" row.
    for strength in ("light", "breeze", "strong"):
        assert collisions.DRIFT[strength] == drift.mm(strength, "easy", "drift")


@pytest.mark.parametrize("segments", [False, True])
def test_regola_opzionale_5_virare_in_segmenti(segments):
    """"Se il punteggio di Abilità è sufficiente per effettuare la virata la nave è spostata in avanti nel
    primo segmento, quindi la prua della nave è ruotata di tre quarte fino ad essere direttamente
    controvento. La nave resta nella stessa posizione nel secondo segmento ... Nel turno successivo ... la
    nave ruota di altre tre quarte, nello stesso verso ... Nel secondo segmento il vascello è spostato, in
    andatura di bolina".

    Close-hauled on ENE with the wind from N, under easy sail in a breeze (70 mm a turn close-hauled):
    first turn 35 mm on ENE, then head to wind (N); second turn round to WNW, then 35 mm on WNW; no half
    speed after. With optional rule 3 the runs are its segments; without it the part's one run."""
    ruleset, state = tacker(two_segments=segments)
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    assert moves(step) == [("A", 35, "ENE")]
    seen = kinds(step)
    assert seen.index("moved") < seen.index("tack_begun")
    if segments:
        one, two = [i for i, k in enumerate(seen) if k == "segment"]
        assert one < seen.index("moved") < seen.index("tack_begun") < two and len(moves(step)) == 1
    a = state.ship("a")
    dx, dy = along(ENE, CLOSE_HALF)
    assert (a.heading, a.tack) == (N, 1) and (a.x, a.y) == pytest.approx((1000 + dx, 1000 + dy))
    view = ruleset.view(state, None)["ships"][0]
    assert view["tack"] == 1 and view["point"] == "N"
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    form = ruleset.spec(state, ruleset.pending(state)[0])
    assert [a.action for a in form.actions] == ["tack"]
    x, y = state.ship("a").x, state.ship("a").y
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    seen = kinds(step)
    assert seen.index("tack_done") < seen.index("moved") and moves(step) == [("A", 35, "WNW")]
    a = state.ship("a")
    dx, dy = along(WNW, CLOSE_HALF)
    assert (a.heading, a.tack, a.half_speed) == (WNW, 0, False) and (a.x, a.y) == pytest.approx((x + dx, y + dy))


def test_regola_opzionale_5_without_the_switch_the_fast_play_tack():
    """Sezione 5 vi, the Fast Play: "ruotare la nave di tre quarte, senza movimento in avanti" in both turns,
    then half speed."""
    ruleset, state = start(ship("a", "british", 1000, 1000, ENE), ship("t", "french", 2500, 1800, S, sail="furled"),
                           wind=N)
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    assert moves(step) == [] and state.ship("a").heading == N


@pytest.mark.parametrize("segments", [False, True])
def test_regola_opzionale_5_fallire_la_virata_nel_primo_turno(segments):
    """"Se il punteggio di Abilità nel primo turno indica che l'operazione non ha avuto successo la nave
    deve muovere, con andatura di bolina, in entrambi i segmenti." Ability 4: she sails her whole 70 mm on
    ENE, and no damage is printed for it."""
    ruleset, state = tacker(two_segments=segments)
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [1, 1, 2])
    assert "tack_not_begun" in kinds(step) and "tack_failed" not in kinds(step)
    assert sum(mm for _, mm, _ in moves(step)) == 70 and {h for _, _, h in moves(step)} == {"ENE"}
    a = state.ship("a")
    assert (a.heading, a.tack, a.rigging_points) == (ENE, 0, 0.0)


@pytest.mark.parametrize("segments", [False, True])
def test_regola_opzionale_5_fallire_la_virata_nel_secondo_turno(segments):
    """"Se il punteggio di Abilità nel secondo turno indica che la virata è fallita il giocatore deve
    eseguire un test per valutare i danni alla velatura ... la nave sarà alla deriva e spinta indietro al
    termine del primo segmento riportando la prua della nave nella direzione originale. Sarà ancora alla
    deriva nel secondo segmento. Nel turno successivo la nave deve riprendere il vento, prima che possa di
    nuovo tentare una virata."

    Ability 4 in the second turn: 10 % of a RDC (no rigging test without optional rule 9), her bow back on
    ENE, pushed downwind (to the S) 10 mm at the end of the first segment and 10 mm in the second (easy
    sail, moderate breeze: "Drift/Sails 10 10"); next turn no tack is offered, the turn after it is."""
    ruleset, state = tacker(two_segments=segments)
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    x, y = state.ship("a").x, state.ship("a").y
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [1, 1, 2])
    assert "tack_aback" in kinds(step) and moves(step) == []
    assert drifts(step) == ([("A", 10), ("A", 10)] if segments else [("A", 20)])
    a = state.ship("a")
    assert (a.heading, a.tack) == (ENE, 0) and (a.x, a.y) == pytest.approx((x, y - 20))
    assert a.rigging_points == pytest.approx(a.dc * 0.1)
    assert a.trail == [(round(x, 1), round(y, 1)), (round(x, 1), round(y - 20, 1))]
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    form = ruleset.spec(state, ruleset.pending(state)[0])
    assert [a.action for a in form.actions] == ["sail"]
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert drifts(step) == [] and sum(mm for _, mm, _ in moves(step)) == 70
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    assert "tack" in [a.action for a in ruleset.spec(state, ruleset.pending(state)[0]).actions]


def test_regola_opzionale_5_fallire_la_virata_with_the_rigging_test():
    """With optional rule 9 the failed second turn is its rigging test ("deve eseguire un test per valutare
    i danni alla velatura"), then the drift."""
    ruleset, state = tacker(rigging_tests=True)
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [1, 1, 2, 3, 3, 3])
    seen = kinds(step)
    assert "tack_aback" in seen and "rigging_test" in seen and seen.index("rigging_test") < seen.index("drifted")


@pytest.mark.parametrize("wind, headed", [(NNW, True), (NNE, False)])
def test_regola_opzionale_5_cambiamento_di_vento_durante_una_virata(wind, headed):
    """"Se il cambiamento è favorevole (il vento gira nella direzione opposta alla virata) ... può completare
    l'operazione ruotando la nave di tre quarte nel primo segmento e muovendo poi con andatura al traverso
    ... Se il cambiamento è sfavorevole la virata non può essere completata ed il vascello deve eseguire un
    test sui danni alla velatura ed è spinto indietro nella direzione iniziale".

    Head to wind on N in the middle of her tack from ENE towards WNW; the wind backs to NNW (WNW would be two
    points off it: she is headed and pushed back to ENE) or veers to NNE (WNW is four points off: the beam)."""
    ruleset, state = tacker(two_segments=True)
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    state.wind = wind
    state, step = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    a = state.ship("a")
    if headed:
        assert "tack_headed" in kinds(step) and a.heading == ENE and a.pushed_back
        assert a.rigging_points == pytest.approx(a.dc * 0.1)
    else:
        assert "tack_done" in kinds(step) and a.heading == WNW and moves(step) == [("A", 45, "WNW")]


@pytest.mark.parametrize("segments, sail, expected", [(False, "easy", [20]), (True, "easy", [10, 10]),
                                                      (False, "full", [50]), (True, "full", [25, 25]),
                                                      (True, "furled", [])])
def test_regola_opzionale_5_taken_aback_drifts(segments, sail, expected):
    """Sezione 5 iv, "deve immediatamente interrompere il movimento perdendo il 10% di RDC", and with optional
    rule 5 her sails aback push her downwind by the drift table ("Drift/Sails", moderate breeze: easy 10 10,
    full 25 25; furled sails do not move). A frigate heading N into a wind from N holds her course."""
    ruleset, state = start(ship("a", "british", 1000, 1000, N, sail=sail),
                           ship("t", "french", 2500, 1800, S, sail="furled"),
                           wind=N, navigation=True, two_segments=segments)
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4])
    assert [mm for _, mm in drifts(step)] == expected and moves(step) == []
    a = state.ship("a")
    assert (a.x, a.y) == pytest.approx((1000, 1000 - sum(expected))) and a.heading == N and a.irons


def test_regola_opzionale_5_velocita_alla_deriva_poi_in_rotta_la_scia_dei_due_segmenti():
    """"Una nave alla deriva è spinta, in ogni turno, nella direzione del vento"; optional rule 3: "movimento, la
    nave può virare, orzare o poggiare alla fine del segmento ... Secondo segmento: movimento".

    A frigate heading N into a wind from N, sails aback, drifts 10 mm south in the first segment (moderate
    breeze, easy sail), bears away to ENE at its end (Ability 12) and runs close-hauled 35 mm in the second. The
    map draws both: the drift, then the run from where the drift left her (a dog-leg, as two runs are drawn)."""
    ruleset, state = start(ship("a", "british", 1000, 1000, N), ship("t", "french", 2500, 1800, S, sail="furled"),
                           wind=N, navigation=True, two_segments=True)
    after, step = part(ruleset, state, [order(state, "a", course="ENE", course2="E")], [4, 4, 4])
    assert drifts(step) == [("A", 10)] and [mm for _, mm, _ in moves(step)] == [35]
    run = along(3, 35)
    end = (round(1000 + run[0], 1), round(990 + run[1], 1))
    assert after.ship("a").trail == [(1000.0, 1000.0), (1000.0, 990.0), end]
    assert ruleset.view(after, None)["ships"][0]["trail"] == [[1000.0, 1000.0], [1000.0, 990.0], list(end)]


def test_regola_opzionale_5_a_drift_stops_at_the_base_it_touches():
    """"Il movimento deve essere interrotto immediatamente nel caso si verifichi una collisione": a frigate
    taken aback drifts onto a ship 12 mm astern of her base (65 mm long) and stops there, in contact (a collision as any
    other: 20 % of a RDC each under easy sail)."""
    ruleset, state = start(ship("a", "british", 1000, 1000, N), ship("b", "british", 1000, 1000 - 65 - 12, N,
                                                                     sail="furled"),
                           ship("t", "french", 2500, 1800, S, sail="furled"), wind=N, navigation=True)
    state, step = part(ruleset, state, [order(state, "a"), order(state, "b")], [4, 4, 4])
    (d,) = drifts(step)
    assert d[1] == 12 and "collision" in kinds(step)
    assert [c.other for c in state.ship("a").contacts] == ["b"]


def test_regola_opzionale_5_orzare_e_poggiare_distribuita_su_entrambi_i_segmenti():
    """"L'orzata o la poggiata sono eseguite dopo il movimento, al termine di uno o di entrambi i segmenti; se
    modifica la rotta di due o più quarte la manovra deve essere distribuita su entrambi i segmenti (ad esempio:
    non è possibile poggiare di due o tre quarte al termine del primo segmento e non cambiare rotta al termine
    del secondo, mentre è legale poggiare di due quarte al termine del primo segmento e di un'altra quarta al
    termine del secondo)."

    On E with the wind from N: SE then SE (two points, none after) is refused, and so is E then SE; SE then SSE
    (the rule's own example), ESE alone (one point) and SE then S are played. Without optional rule 3 there
    are no segments to spread it over, and without optional rule 5 optional rule 3 alone allows it."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2500, 1800, S, sail="furled"),
                           wind=N, navigation=True, two_segments=True)
    (problem,) = ruleset.validate(state, order(state, "a", course="SE"))
    assert problem.code == "sca-spread-turn" and problem.field == "course2"
    assert problem.text("it").startswith("A deve distribuire su entrambi i segmenti")
    assert [p.code for p in ruleset.validate(state, order(state, "a", course="E", course2="SE"))] == \
        ["sca-spread-turn"]
    for course, course2 in (("SE", "SSE"), ("ESE", None), ("SE", "S"), ("E", None)):
        assert not ruleset.validate(state, order(state, "a", course=course, course2=course2)), (course, course2)
    after, step = part(ruleset, state, [order(state, "a", course="SE", course2="SSE")], [4, 4, 4])
    assert [e.data["heading"] for e in step.events if e.kind == "course"] == ["SE", "SSE"]
    assert after.ship("a").heading == 7
    for options in ({"navigation": True}, {"two_segments": True}):
        ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2500, 1800, S), wind=N,
                               **options)
        assert not ruleset.validate(state, order(state, "a", course="SE"))


def test_regola_opzionale_5_the_map_shows_a_tack_and_sails_aback():
    """What a player needs to see: a ship head to wind in the middle of her tack (↻), and one whose tack
    failed in its second turn, her sails aback and drifting (⇊), with the drift drawn as her trail; the
    legend names both, in English and Italian."""
    from renderer.sca.board import ScaBoard
    from renderer.theme import DEFAULT_THEME
    ruleset, state = tacker(two_segments=True)
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [4, 4, 4])
    board = ScaBoard()

    def badges(state) -> list[str]:
        view = ruleset.view(state, None)
        (a,) = [s for s in board.ships_of(view) if s.data["id"] == "a"]
        return [p.badge.kind for p in board.label_parts(view, a, DEFAULT_THEME)]
    assert badges(state) == ["tack"]
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    state, _ = part(ruleset, state, [order(state, "a", action="tack")], [1, 1, 2])
    view = ruleset.view(state, None)
    assert badges(state) == ["aback"] and view["ships"][0]["aback"] and view["ships"][0]["tack_barred"]
    assert len(view["ships"][0]["trail"]) == 2
    from rules.core.texts import text
    assert (text("sca.map.aback", "en"), text("sca.map.aback", "it")) == ("sails aback, drifting",
                                                                          "vele a collo, alla deriva")


@pytest.mark.parametrize("options", [{"two_segments": True}, {"two_segments": True, "rigging_tests": True,
                                                              "changing_wind": True, "collisions": True},
                                     {"card_turn": True, "reloading": True}])
def test_regola_opzionale_5_in_segments_a_whole_game_plays_and_the_captains_play_legal_orders(options):
    from tests.ai.common import play as captains_play
    from tests.conformance.test_rulesets import play
    options = {"navigation": True, **options}
    ruleset, state, record = play("sca", "squadrons", 2, options=options)
    assert ruleset.outcome(state) is not None
    played = captains_play("squadrons", ["captain", "deckhand"], 2, ruleset="sca", options=options)
    assert played.outcome is not None and played.decisions > 0

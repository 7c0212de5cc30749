"""Optional rule 9 v-vi: rigging over the side, and jury rigs."""
from __future__ import annotations

from rules.core.events import EventLog
from rules.sca.damage import damage_rigging
from tests.conformance.test_rulesets import play
from tests.sca.helpers import kinds, order, part, ship, start

E = 4


def lose_a_rdc(state, ship_id: str) -> EventLog:
    log = EventLog()
    s = state.ship(ship_id)
    damage_rigging(state, s, s.dc, log)
    return log


def test_regola_opzionale_9_danni_alla_velatura():
    """"La nave che perde un RDC non è in grado di manovrare ... La nave va considerata alla deriva per
    quanto riguarda il punteggio di abilità e il test del morale mentre la velatura è valutata di un grado
    inferiore a quello attuale per quanto riguarda la velocità di movimento ... (la nave non potrà orzare,
    poggiare o virare) né potrà aumentare la velatura. La velatura cade sul bordo del vascello opposto a
    quello da cui viene il vento ... La nave subisce una penalità di -1 sul tiro per il bordo su cui è
    caduta la velatura danneggiata."

    A frigate under full sail heading E, the wind from N (over her port side), loses a RDC: the wreckage
    falls to starboard, her speed counts easy sail. She throws 10: -1 a DC lost, -1 adrift, Ability 8,
    a hit at medium range to port; to starboard 7, a miss."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"),
                           ship("n", "french", 1000, 1200, E), ship("s", "french", 1000, 800, E), wind=0,
                           jury_rigs=True)
    log = lose_a_rdc(state, "a")
    a = state.ship("a")
    assert (a.wreck, a.wreck_side, a.wreck_sail) == (1, "starboard", "easy")
    assert [e.kind for e in log.events][-1] == "rigging_overboard"
    form = ruleset.spec(state, ruleset.pending(state)[0])
    sail = form.action("sail")
    assert sail.param("course").values() == ["E"] and sail.param("sail").values() == ["hold", "down"]
    assert sail.param("jury").values() == ["no", "yes"] and [x.action for x in form.actions] == ["sail"]
    after, step = part(ruleset, state, [order(state, "a", fire="both")], [3, 3, 4, 4, 4, 4])
    assert next(e for e in step.events if e.kind == "ability").data["score"] == 8
    results = {e.data["side"]: e.kind for e in step.events if e.kind in ("shot_hit", "shot_miss")}
    assert results == {"port": "shot_hit", "starboard": "shot_miss"}
    moved = next(e for e in step.events if e.kind == "moved")
    assert moved.data["mm"] == 60  # easy sail's 90, less 30 for the RDC lost
    assert ruleset.describe(next(e for e in log.events if e.kind == "rigging_overboard"), "it") == (
        "La velatura di A cade sul bordo di dritta: non può manovrare, la velocità è quella di vele di manovra.")


def test_regola_opzionale_9_riparazioni_di_fortuna():
    """"Prima fase (primo segmento): la nave deve ridurre la velatura in modo che la velatura effettiva sia
    pari a quella considerata per il movimento. Seconda fase (secondo segmento): la velatura danneggiata,
    caduta su un bordo, deve essere tagliata via; si usa la colonna liberare la nave ..., l'azione ha
    successo se il risultato è almeno A. Terza fase (... turno successivo): ... si usa la colonna liberare
    la nave ..., l'azione ha successo se il risultato è almeno A. Dal turno successivo si considera
    completata la riparazione e la nave è di nuovo in grado di manovrare"; "Non è possibile ripristinare
    un RDC se, nel turno precedente, la nave è stata colpita a corta gittata."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"), ship("t", "french", 2500, 1800, E),
                           wind=0, jury_rigs=True)
    lose_a_rdc(state, "a")
    # Ability 8 (10 - 2): shortens sail (7 or more), then cuts the wreckage away (A from 7).
    state, step = part(ruleset, state, [order(state, "a", sail="down", jury="yes")], [3, 3, 4, 4, 4, 4])
    assert kinds(step).index("sail_set") < kinds(step).index("wreck_cut")
    assert state.ship("a").wreck_side == "" and state.ship("a").wreck == 1
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    # The repair is a turn's work of its own: at 6 (8 - 2) the column gives nothing.
    failed, step = part(ruleset, state, [order(state, "a", jury="yes")], [2, 2, 4])
    assert "jury_failed" in kinds(step) and failed.ship("a").wreck == 1
    state, step = part(ruleset, state, [order(state, "a", jury="yes")], [3, 3, 4])
    assert "jury_rigged" in kinds(step) and state.ship("a").wreck == 0
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    form = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert len(form.param("course").values()) > 1 and "up" in form.param("sail").values()
    assert form.param("jury") is None


def test_regola_opzionale_9_no_jury_rig_after_a_hit_at_short_range():
    """"Non è possibile ripristinare un RDC se, nel turno precedente, la nave è stata colpita a corta
    gittata": the French frigate 90 mm off her port side hits her at short range in turn 1; in turn 2 she
    may not jury-rig, in turn 3 she may."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"),
                           ship("t", "french", 1000, 1090, E, sail="furled"), wind=0, jury_rigs=True)
    lose_a_rdc(state, "a")
    a = state.ship("a")
    assert a.wreck_sail == "furled"
    state, step = part(ruleset, state, [order(state, "a", jury="yes")], [4, 4, 4, 4, 4, 4])
    assert "wreck_cut" in kinds(step)
    state, step = part(ruleset, state, [order(state, "t", fire="starboard")], [4, 4, 4])
    assert next(e for e in step.events if e.kind == "shot_hit").data["rng"] == "short"
    state, step = part(ruleset, state, [order(state, "a", jury="yes")], [5, 5, 5])
    assert "jury_blocked" in kinds(step)
    state, _ = part(ruleset, state, [order(state, "t")], [4, 4, 4])
    state, step = part(ruleset, state, [order(state, "a", jury="yes")], [5, 5, 5])
    assert "jury_rigged" in kinds(step) and state.ship("a").wreck == 0


def test_regola_opzionale_9_the_wreckage_side_by_a_die_along_the_wind():
    """"nel caso la nave sia parallela alla direzione del vento il lato è determinato in modo casuale":
    before the wind, a die (4: starboard) when she next fires."""
    ruleset, state = start(ship("a", "british", 1000, 1000, 8, sail="full"), ship("t", "french", 2500, 1800, 4),
                           wind=0, jury_rigs=True)
    log = lose_a_rdc(state, "a")
    assert state.ship("a").wreck_side == "?" and log.events[-1].kind == "rigging_overboard_any"
    assert ruleset.view(state, None)["ships"][0]["wreck_side"] == ""
    state, step = part(ruleset, state, [order(state, "a")], [4, 4, 4, 4, 4, 4, 4])
    assert state.ship("a").wreck_side == "starboard" and "wreckage_side" in kinds(step)


def test_regola_opzionale_9_a_whole_game_plays():
    ruleset, state, record = play("sca", "squadrons", 2, options={"jury_rigs": True})
    assert ruleset.outcome(state) is not None


def test_regola_opzionale_9_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca", options={"jury_rigs": True})
    assert played.outcome is not None and played.decisions > 0


def rigged(*, lost: int, rigged_before: int, **kw):
    """A frigate heading E (the wind from N, strong) with ``lost`` RDCs lost, all jury-rigged but the
    last, whose wreckage is already cut away: her order rigs it."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, **kw), ship("t", "french", 2500, 1800, E),
                           wind=0, strength="strong", jury_rigs=True)
    a = state.ship("a")
    a.rigging_lost, a.jury_rigged, a.wreck, a.wreck_side, a.wreck_sail = lost, rigged_before, 1, "", "easy"
    return ruleset, state


def test_regola_opzionale_9_velocita_con_tre_rdc_ripristinati():
    """Optional rule 9 vii, "Velocità con RDC ripristinati": "Una nave che ha perso tre RDC, poi
    ripristinati, può navigare solo con vela di manovra — Easy Sail."

    Under full sail in a strong wind, three RDCs lost, she rigs the third (18, less 3 DCs and 1 adrift:
    14, at least A): from then her speed counts easy sail, 120 - 90 = 30 mm (full sail would give
    240 - 90 = 150), and no sail order raises her past easy sail."""
    ruleset, state = rigged(lost=3, rigged_before=2, sail="full")
    after, step = part(ruleset, state, [order(state, "a", jury="yes")], [6, 6, 6])
    assert "jury_rigged" in kinds(step) and "jury_easy_only" in kinds(step)
    a = after.ship("a")
    assert (a.jury_rigged, a.wreck, a.sail) == (3, 0, "full")
    assert next(e for e in step.events if e.kind == "moved").data["mm"] == 30
    assert ruleset.describe(next(e for e in step.events if e.kind == "jury_easy_only"), "it") == (
        "A ha 3 RDC ripristinati: d'ora in poi naviga al più con vele di manovra.")
    from renderer.api import render_card
    from renderer.sca.board import rigging_limits
    seen = next(s for s in ruleset.view(after, None)["ships"] if s["id"] == "a")
    assert (seen["jury_rigged"], seen["speed"]) == (3, 30)
    assert rigging_limits(seen, "it") == ["3 RDC ripristinati: al più vele di manovra"]  # on her ship card
    assert render_card(ruleset.view(after, None), "a").size[0] > 0
    for done, values in ((2, ["hold", "up", "down"]), (3, ["hold", "down"])):
        ruleset, state = start(ship("a", "british", 1000, 1000, E), wind=0, jury_rigs=True)
        state.ship("a").rigging_lost = state.ship("a").jury_rigged = done
        form = ruleset.spec(state, ruleset.pending(state)[0])
        assert form.action("sail").param("sail").values() == values


def test_regola_opzionale_9_velocita_con_cinque_rdc_ripristinati():
    """"Una nave che ha perso cinque RDC, poi ripristinati, si muove considerando la velocità solo del
    primo segmento, divisa in parti eguali nei due segmenti": a segment is half the turn's run here, so
    half her speed. With optional rule 5 (its 5 mm a segment for each RDC lost leaves her some way)
    under Easy Sail, beam on in a strong wind."""
    from rules.sca import navigation as N
    ruleset, state = rigged(lost=5, rigged_before=4, sail="easy")
    state.options.navigation = True
    state.ship("a").canvas = "easy"
    whole = N.speed("strong", "easy", "beam", state.ship("a").decks, 5, 3)
    assert whole > 0
    after, step = part(ruleset, state, [order(state, "a", jury="yes")], [6, 6, 6])
    assert "jury_half_speed" in kinds(step)
    assert next(e for e in step.events if e.kind == "moved").data["mm"] == whole / 2


def test_regola_opzionale_9_tutti_gli_rdc_persi_alla_deriva():
    """"Una nave che ha perso tutti gli RDC non può più muovere o manovrare ed è considerata alla
    deriva": with the switch, a dismasted ship is offered no course change and her Ability counts her
    adrift (-1)."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E), ship("t", "french", 2500, 1800, E), wind=0,
                           jury_rigs=True)
    a = state.ship("a")
    log = EventLog()
    damage_rigging(state, a, a.dc * a.rigging, log)
    assert [e.kind for e in log.events][-2:] == ["dismasted", "dismasted_adrift"] and a.adrift and a.hove_to
    form = ruleset.spec(state, ruleset.pending(state)[0])
    assert form.action("sail").param("course").values() == ["E"]
    from renderer.sca.board import rigging_limits
    seen = next(s for s in ruleset.view(state, None)["ships"] if s["id"] == "a")
    assert rigging_limits(seen, "en") == ["dismasted: adrift, cannot manoeuvre"]
    ruleset, plain = start(ship("a", "british", 1000, 1000, E), wind=0)
    damage_rigging(plain, plain.ship("a"), plain.ship("a").dc * 6, EventLog())
    assert not plain.ship("a").adrift  # without the switch the Fast Play's dismasted ship


def test_regola_opzionale_9_danni_alla_velatura_nessuna_seconda_virata_in_due_segmenti():
    """"La nave che perde un RDC non è in grado di manovrare ... (la nave non potrà orzare, poggiare o
    virare)", with optional rule 3's two segments too: her form offers no second change of course
    (only her heading held), and a second change written anyway is refused, not made."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="full"), ship("t", "french", 2500, 1800, E),
                           wind=0, jury_rigs=True, two_segments=True)
    lose_a_rdc(state, "a")
    sail = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert sail.param("course").values() == ["E"]
    assert sail.param("course2") is None or sail.param("course2").values() == ["E"]
    written = order(state, "a", course="E", course2="ESE")
    decision = next(d for d in ruleset.pending(state) if d.id == written.decision)
    problems = ruleset.check(state, decision, written.payload)
    assert any(p.field == "course2" for p in problems)

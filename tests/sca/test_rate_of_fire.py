"""Optional rule 6 v, "Cadenza di tiro", with optional rule 3's two segments: reloading in one
segment and firing in the next."""
from __future__ import annotations

import pytest

from tests.sca.helpers import kinds, order, part, ship, start

E = 4


def fired_port(**options):
    """A frigate hove to on E fires her port broadside at a frigate 200 mm to the north (medium range);
    the French part passes."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"), ship("t", "french", 1000, 1200, E),
                           wind=0, two_segments=True, **options)
    state, _ = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5])
    assert state.ship("a").unloaded == ["port"]
    state, _ = part(ruleset, state, [order(state, "t")], [3, 3, 3])
    return ruleset, state


def at(step, kind: str) -> int:
    return next(i for i, e in enumerate(step.events) if e.kind == kind)


def segment(step, n: int) -> int:
    return [i for i, e in enumerate(step.events) if e.kind == "segment"][n - 1]


@pytest.mark.parametrize("rule", ["reloading", "artillery"])
def test_regola_opzionale_6_cadenza_di_tiro_ricaricare_in_un_segmento_e_sparare_nel_successivo(rule):
    """"Una nave può far fuoco con entrambi i bordi in un segmento ma non può far fuoco se nello stesso
    segmento sta ricaricando uno dei bordi (e quindi non può ricaricare e sparare nello stesso segmento, anche
    se con bordi diversi). Però è possibile ricaricare un bordo in un segmento e far fuoco con lo stesso bordo
    nel segmento successivo."

    The empty port broadside is offered; reloaded in the first segment (Ability 13 - 1 hove to: an average
    crew needs 8) it fires in the second."""
    ruleset, state = fired_port(**{rule: True})
    form = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert form.param("fire").values() == ["none", "port", "starboard", "both"]
    after, step = part(ruleset, state, [order(state, "a", fire="port", reload="port")], [4, 4, 5])
    assert segment(step, 1) < at(step, "reloaded") < segment(step, 2) < at(step, "shot_hit")
    assert after.ship("a").unloaded == ["port"]


def test_regola_opzionale_6_cadenza_di_tiro_an_empty_side_fires_only_once_reloaded_first():
    """A side still empty fires only in the second segment, reloaded in the first: not without the reload,
    not in the first segment. Firing the other side in the first segment and reloading in the second is
    allowed ("non può ricaricare e sparare nello stesso segmento")."""
    ruleset, state = fired_port(reloading=True)
    (problem,) = ruleset.validate(state, order(state, "a", fire="port"))
    assert problem.code == "sca-fire-unloaded" and problem.field == "fire"
    assert problem.text("it").startswith("A può far fuoco con un bordo scarico solo ricaricandolo")
    (problem,) = ruleset.validate(state, order(state, "a", fire="port", reload="port", fire_when="first"))
    assert problem.code == "sca-fire-unloaded"
    assert not ruleset.validate(state, order(state, "a", fire="starboard", reload="port", fire_when="first"))
    t = state.ship("t")
    t.x, t.y = 1000, 800  # to the south: in her starboard sector
    after, step = part(ruleset, state, [order(state, "a", fire="starboard", reload="port", fire_when="first")],
                       [4, 4, 5])
    assert segment(step, 1) < at(step, "shot_hit") < segment(step, 2) < at(step, "reloaded")
    assert after.ship("a").unloaded == ["starboard"]


def test_regola_opzionale_6_cadenza_di_tiro_a_failed_reload_does_not_fire():
    """"3-4: caricamento fallito": the side reloaded in the first segment stays empty and does not fire in the
    second."""
    ruleset, state = fired_port(reloading=True)
    after, step = part(ruleset, state, [order(state, "a", fire="port", reload="port")], [1, 1, 2])
    seen = kinds(step)
    assert "reload_failed" in seen and "not_loaded" in seen and "shot_hit" not in seen and "shot_miss" not in seen
    assert after.ship("a").unloaded == ["port"]


def test_regola_opzionale_6_without_segments_no_reloading_and_firing_in_one_part():
    """Without optional rule 3 a part is one segment: reloading and firing stay apart."""
    ruleset, state = start(ship("a", "british", 1000, 1000, E, sail="furled"), ship("t", "french", 1000, 1200, E),
                           wind=0, reloading=True)
    state, _ = part(ruleset, state, [order(state, "a", fire="port")], [4, 4, 5])
    state, _ = part(ruleset, state, [order(state, "t")], [3, 3, 3])
    form = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert form.param("fire").values() == ["none", "starboard"]
    (problem,) = ruleset.validate(state, order(state, "a", fire="starboard", reload="port"))
    assert problem.code == "sca-reload-or-fire"


def test_regola_opzionale_6_cadenza_di_tiro_a_whole_game_plays():
    from tests.conformance.test_rulesets import play
    ruleset, state, record = play("sca", "squadrons", 3, options={"artillery": True, "two_segments": True,
                                                                   "navigation": True})
    assert ruleset.outcome(state) is not None


def test_regola_opzionale_6_cadenza_di_tiro_the_captains_play_legal_orders():
    from tests.ai.common import play as captains_play
    played = captains_play("squadrons", ["captain", "deckhand"], 3, ruleset="sca",
                           options={"artillery": True, "two_segments": True, "navigation": True})
    assert played.outcome is not None and played.decisions > 0


def loaded_frigate(**options):
    """A frigate hove to on E with both broadsides loaded, a French frigate 200 mm to her north (medium
    range, in her port sector)."""
    return start(ship("a", "british", 1000, 1000, E, sail="furled"), ship("t", "french", 1000, 1200, E),
                 wind=0, two_segments=True, **options)


@pytest.mark.parametrize("rule", ["reloading", "artillery"])
def test_regola_opzionale_6_cadenza_di_tiro_sparare_in_un_segmento_e_ricaricare_nel_successivo(rule):
    """"Però è possibile ricaricare un bordo in un segmento e far fuoco con lo stesso bordo nel segmento
    successivo", and the converse the rule's "non può ricaricare e sparare nello stesso segmento" leaves: a side
    fired in the first segment is reloaded in the second, in the same part. The form offers it though the side
    is loaded when the order is written (Ability 13 - 1 hove to: an average crew reloads on 8)."""
    ruleset, state = loaded_frigate(**{rule: True})
    form = ruleset.spec(state, ruleset.pending(state)[0]).action("sail")
    assert form.param("reload").values() == ["none", "port", "starboard", "both"]
    after, step = part(ruleset, state, [order(state, "a", fire="port", reload="port", fire_when="first")],
                       [4, 4, 5])
    assert segment(step, 1) < at(step, "shot_hit") < segment(step, 2) < at(step, "reloaded")
    assert after.ship("a").unloaded == []
    after, _ = part(ruleset, after, [order(after, "t")], [3, 3, 3])
    form = ruleset.spec(after, ruleset.pending(after)[0]).action("sail")
    assert "port" in form.param("fire").values()
    after, step = part(ruleset, after, [order(after, "a", fire="port")], [4, 4, 5])
    assert "shot_hit" in kinds(step) and "not_loaded" not in kinds(step)


def test_regola_opzionale_6_cadenza_di_tiro_non_ricaricare_nel_segmento_in_cui_spara():
    """"non può far fuoco se nello stesso segmento sta ricaricando uno dei bordi": a side fired in the second
    segment cannot be reloaded that part (the reload would fall in the segment she fires in); fired in the first
    it can. Reloading the other, empty side in the first segment and firing in the second stays allowed."""
    ruleset, state = loaded_frigate(reloading=True)
    (problem,) = ruleset.validate(state, order(state, "a", fire="port", reload="port"))
    assert problem.code == "sca-reload-same-segment" and problem.field == "reload"
    assert problem.text("it") == ("A spara la bordata di babordo nel secondo segmento e non può ricaricarla nello "
                                  "stesso segmento: per ricaricarla in questo turno deve far fuoco nel primo "
                                  "segmento.")
    (problem,) = ruleset.validate(state, order(state, "a", fire="both", reload="both", fire_when="second"))
    assert problem.code == "sca-reload-same-segment"
    assert not ruleset.validate(state, order(state, "a", fire="both", reload="both", fire_when="first"))
    state.ship("a").unloaded = ["starboard"]
    assert not ruleset.validate(state, order(state, "a", fire="port", reload="starboard"))
    (problem,) = ruleset.validate(state, order(state, "a", fire="port", reload="both"))
    assert problem.code == "sca-reload-same-segment"
    assert not ruleset.validate(state, order(state, "a", fire="port", reload="both", fire_when="first"))


def test_regola_opzionale_6_cadenza_di_tiro_la_scheda_dice_quale_bordata_e_scarica():
    """With two segments the form offers every side to fire and to reload, so a player reads on her ship card
    (and the captains in the view) which broadsides she fired and has not reloaded, in English and Italian."""
    from renderer.sca.board import ScaBoard, unloaded
    from renderer.theme import DEFAULT_THEME
    ruleset, state = fired_port(reloading=True)
    (a, _) = ruleset.view(state, None)["ships"]
    assert a["unloaded"] == ["port"]
    assert unloaded(a, "it") == ["scarica: bordata di babordo (ha sparato, da ricaricare)"]
    assert unloaded({**a, "unloaded": ["port", "starboard"]}, "en") == [
        "not loaded: both broadsides (fired, to be reloaded)"]
    assert unloaded({**a, "unloaded": []}, "en") == []
    card = ScaBoard().card(ruleset.view(state, None), "a", DEFAULT_THEME)
    assert card.height > ScaBoard().card(ruleset.view(loaded_frigate(reloading=True)[1], None), "a",
                                         DEFAULT_THEME).height

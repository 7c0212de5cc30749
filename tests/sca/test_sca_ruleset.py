"""Signal Close Action as a ruleset: the conformance playthrough, the record's replay,
written orders kept secret, problems in plain words, both languages, the options."""
from __future__ import annotations

import pytest

from rules.core import registry
from rules.core.record import replay
from rules.sca.wording import TEXTS
from tests.conformance.test_manifests import (test_the_manifest_names_its_ruleset_board_and_captains as
                                              check_manifest_code,
                                              test_the_manifest_words_fit_discord_in_both_languages as
                                              check_manifest_words)
from tests.conformance.test_rulesets import play
from tests.sca.helpers import order, ship, start


def test_the_manifest():
    assert registry.manifest("sca").scenario_names() == ["duel", "squadrons", "fleet-action", "brush", "harbour",
                                                        "camperdown"]
    check_manifest_code("sca")
    check_manifest_words("sca")


@pytest.mark.parametrize("scenario", ["duel", "squadrons"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_conformance_playthrough_and_its_replay(scenario, seed):
    ruleset, state, record = play("sca", scenario, seed)
    assert ruleset.outcome(state) is not None
    result, _ = replay(record)
    assert result.final_state == state.model_dump(mode="json") and result.outcome == ruleset.outcome(state)


@pytest.mark.parametrize("options", [{"fleet_roll": False}, {"changing_wind": True}, {"melee_damage": True},
                                     {"dc_victory_points": True}, {"struck_fight_fires": True}, {"reloading": True},
                                     {"signals": True}, {"wind_rolls": True}, {"rigging_tests": True}, {"fleet_morale": True},
                                     {"carronades": True}])
def test_every_option_plays_a_game(options):
    ruleset, state, record = play("sca", "squadrons", 3, options=options)
    assert ruleset.outcome(state) is not None and record.options == {**ruleset.options_model().model_dump(),
                                                                     **options}


def test_the_orders_are_secret_decisions_of_their_ship_owner():
    """Sezione 3: each ship's written orders, secret until her part of the turn reveals them."""
    ruleset, state = start(ship("a", "british", 500, 500, 4), ship("b", "british", 500, 700, 4),
                           ship("t", "french", 2500, 1500, 12))
    pending = ruleset.pending(state)
    assert [(d.subject, d.player, d.secret) for d in pending] == [("a", "p1", True), ("b", "p1", True)]
    (problem,) = ruleset.validate(state, order(state, "a").model_copy(update={"player": "p2"}))
    assert problem.code == "not-your-decision"


def test_boarding_and_both_broadsides_is_refused_in_plain_words():
    """Sezione 7 i: "un vascello che ha approntato le squadre di abbordaggio può far fuoco da un solo
    bordo per turno\"."""
    ruleset, state = start(ship("a", "british", 500, 500, 4), ship("t", "french", 2500, 1500, 12))
    (problem,) = ruleset.validate(state, order(state, "a", boarders="yes", fire="both"))
    assert problem.message == "A is readying boarding parties: she may fire from one broadside only, not both."
    assert problem.text("it").startswith("A prepara le squadre d'abbordaggio")


def test_an_illegal_course_lists_the_legal_ones():
    ruleset, state = start(ship("a", "british", 500, 500, 4), ship("t", "french", 2500, 1500, 12), wind=0)
    (problem,) = ruleset.validate(state, order(state, "a", course="N"))  # into the wind
    assert problem.code == "bad-choice" and "ESE" in problem.message and "ENE" in problem.message


def test_every_event_reads_in_both_languages():
    ruleset, state, record = play("sca", "fleet-action", 4)
    result, _ = replay(record)
    kinds = set()
    for step in result.steps:
        for e in step.events:
            kinds.add(e.kind)
            en, it = ruleset.describe(e, "en"), ruleset.describe(e, "it")
            assert en and it and "{" not in en + it
    assert {"shot_hit", "dc_lost", "morale", "game_over"} <= kinds


def test_the_catalogue_is_complete_in_both_languages():
    for code, texts in TEXTS.entries().items():
        assert set(texts) == {"en", "it"} and all(texts.values()), code

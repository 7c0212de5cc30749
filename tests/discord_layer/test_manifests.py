"""The adapter reads the rulesets' manifests where it used to name rulesets."""
from __future__ import annotations

from rules.core.registry import manifest, ruleset_names
from tests.discord_layer.conftest import ANNE, HOST


async def test_the_sides_offered_are_the_rulesets_own(table):
    # A Nauta setup has fleets, not a list of sides: the offer asks the ruleset.
    await table.command(HOST, "game", "new", channel=1, ruleset="nauta", scenario="artemisium")
    table.game_thread = max(table.fake.threads)
    game = await table.service.find_game(table.game_thread)
    sides = await table.complete(ANNE, "game", "join", focused="side")
    assert [c["value"] for c in sides] == await table.service.sides(game.id) != []


async def test_rules_outside_a_game_give_every_rulesets_quick_reference(table):
    answers = await table.command(ANNE, "rules")
    text = "\n".join(a.content for a in answers)
    for name in ruleset_names():
        m = manifest(name)
        assert (m.quickref.render("en") if m.quickref else m.title.render("en")) in text


async def test_rules_in_a_game_give_its_rulesets_quick_reference_in_its_language(table):
    await table.command(HOST, "game", "new", channel=1, ruleset="nauta", scenario="artemisium", language="it")
    table.game_thread = max(table.fake.threads)
    answers = await table.command(ANNE, "rules")
    assert answers[0].content.startswith(f"**{manifest('nauta').title.render('it')}** — come si gioca qui")


async def test_rules_in_a_game_attach_the_full_key_of_its_maps(table):
    """A map's key lists only what that map shows; the full key is one /rules away."""
    await table.duel()
    answers = await table.command(ANNE, "rules")
    [(name, data, alt)] = answers[-1].files
    assert name == "map-key.png" and data.startswith(b"\x89PNG") and "key" in alt

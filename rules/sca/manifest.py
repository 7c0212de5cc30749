"""Signal Close Action — Fast Play as the bot, the renderer and the AI registry know it.

Every word here is a code of the ruleset's catalogue (rules/sca/wording.py)."""
from rules.core.manifest import Manifest, OrderParam
from rules.sca import wording  # noqa: F401  (the catalogue the codes below belong to)

PARAMS = ("course", "sail", "fire", "aim", "target_half", "fire_when", "boarders", "cast_off", "course2", "jury",
          "run_out")


MANIFEST = Manifest(
    name="sca",
    title="sca.manifest.title",
    board="open_table",
    ruleset="rules.sca.ruleset:ScaRuleset",
    board_factory="renderer.sca.board:ScaBoard",
    scenarios="rules.sca",
    duel_scenario="duel",
    params=tuple(OrderParam(name=name, label=f"sca.param.{name}", description=f"sca.param.{name}.about")
                 for name in PARAMS),
    quickref="sca.manifest.quickref",
    captains={"deckhand": "rules.ai.sca.captains:Deckhand", "captain": "rules.ai.sca.captains:Captain"},
    captain_descriptions={level: f"sca.captain.{level}" for level in ("deckhand", "captain")},
)

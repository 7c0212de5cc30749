"""Hearts of Oak (advanced rules) as the bot, the renderer and the AI registry know it.

Every word here is a code of the ruleset's catalogue (rules/hoo/wording.py)."""
from rules.core.manifest import Manifest, OrderParam
from rules.hoo import wording  # noqa: F401  (the catalogue the codes below belong to)


def _param(name: str, kind: str = "choice") -> OrderParam:
    return OrderParam(name=name, kind=kind, label=f"hoo.param.{name}",
                      description=f"hoo.param.{name}.about")


MANIFEST = Manifest(
    name="hoo",
    title="hoo.manifest.title",
    board="hex",
    ruleset="rules.hoo.ruleset:HooRuleset",
    board_factory="renderer.hoo.board:HooBoard",
    scenarios="rules.hoo",
    duel_scenario="castiglione",
    params=tuple(_param(name) for name in ("course", "pm", "target", "aim", "side", "way", "port", "starboard"))
    + (_param("port_dice", "number"), _param("how")),
    quickref="hoo.manifest.quickref",
    captains={"deckhand": "rules.ai.hoo.captains:Deckhand", "captain": "rules.ai.hoo.captains:Captain"},
    captain_descriptions={level: f"hoo.captain.{level}" for level in ("deckhand", "captain")},
)

"""Hearts of Oak (advanced rules) as the bot, the renderer and the AI registry know it.

Every word here is a code of the ruleset's catalogue (rules/hoo/wording.py), given to
the manifest as its English and Italian words by ``_words``."""
from rules.core.manifest import Manifest, OrderParam, Text
from rules.hoo.wording import TEXTS


def _words(code: str) -> Text:
    return Text(en=TEXTS.text(code, "en"), it=TEXTS.text(code, "it"))


def _param(name: str, kind: str = "choice") -> OrderParam:
    return OrderParam(name=name, kind=kind, label=_words(f"hoo.param.{name}"),
                      description=_words(f"hoo.param.{name}.about"))


MANIFEST = Manifest(
    name="hoo",
    title=_words("hoo.manifest.title"),
    board="hex",
    ruleset="rules.hoo.ruleset:HooRuleset",
    board_factory="renderer.hoo.board:HooBoard",
    scenarios="rules.hoo",
    duel_scenario="castiglione",
    params=tuple(_param(name) for name in ("course", "pm", "target", "aim", "side", "way", "port", "starboard"))
    + (_param("port_dice", "number"), _param("how")),
    quickref=_words("hoo.manifest.quickref"),
    captains={"deckhand": "rules.ai.hoo.captains:Deckhand", "captain": "rules.ai.hoo.captains:Captain"},
    captain_descriptions={level: _words(f"hoo.captain.{level}") for level in ("deckhand", "captain")},
)

"""Signal Close Action — Fast Play as the bot, the renderer and the AI registry know it.

Every word here is a code of the ruleset's catalogue (rules/sca/wording.py)."""
from rules.core import manifest as core_manifest
from rules.core.manifest import Manifest, OrderParam
from rules.sca.wording import TEXTS

PARAMS = ("course", "sail", "fire", "aim", "target_half", "fire_when", "boarders", "cast_off")


def words(code: str):
    """A manifest's words: the code of the catalogue, where manifests take codes; where a
    manifest still takes an English and an Italian text (``Text(en=, it=)``, before the
    change that made every word a code) the catalogue's two texts for it."""
    if hasattr(core_manifest, "Coded"):
        return code
    return core_manifest.Text(en=TEXTS.text(code, "en"), it=TEXTS.text(code, "it"))


MANIFEST = Manifest(
    name="sca",
    title=words("sca.manifest.title"),
    board="open_table",
    ruleset="rules.sca.ruleset:ScaRuleset",
    board_factory="renderer.sca.board:ScaBoard",
    scenarios="rules.sca",
    duel_scenario="duel",
    params=tuple(OrderParam(name=name, label=words(f"sca.param.{name}"), description=words(f"sca.param.{name}.about"))
                 for name in PARAMS),
    quickref=words("sca.manifest.quickref"),
    captains={"deckhand": "rules.ai.sca.captains:Deckhand", "captain": "rules.ai.sca.captains:Captain"},
    captain_descriptions={level: words(f"sca.captain.{level}") for level in ("deckhand", "captain")},
)

"""Nauta / Classis as the bot, the renderer and the AI registry know it.

Its words are codes of the ruleset's catalogue (``MANIFEST_WORDS`` in wording.py)."""
from rules.core.manifest import Manifest, OrderParam
from rules.nauta import wording  # noqa: F401  the codes below are its own


def _param(name: str, *, kind: str = "choice", unit: str | None = None) -> OrderParam:
    return OrderParam(name=name, kind=kind, unit=unit, label=f"nauta.param.{name}",
                      description=f"nauta.param.{name}.about")


MANIFEST = Manifest(
    name="nauta",
    title="nauta.manifest.title",
    board="open_table",
    ruleset="rules.nauta.ruleset:NautaRuleset",
    board_factory="renderer.nauta.board:NautaBoard",
    scenarios="rules.nauta",
    duel_scenario="greek-fire",
    params=(_param("unit"), _param("turn", kind="number", unit="degree"), _param("dash"), _param("shoot"),
            _param("ship")),
    captains={"deckhand": "rules.ai.nauta.captains:Deckhand", "captain": "rules.ai.nauta.captains:Captain"},
    captain_descriptions={"deckhand": "nauta.captain.deckhand", "captain": "nauta.captain.captain"},
)

"""Cannoni in batteria! as the bot, the renderer and the AI registry know it.

Its words are codes of the ruleset's catalogue (``MANIFEST_WORDS`` in wording.py)."""
from rules.cannoni import wording  # noqa: F401  the codes below are its own
from rules.core.manifest import Manifest, OrderParam


def _param(name: str, *, option: str = "", kind: str = "choice", unit: str | None = None,
           preview: bool = False) -> OrderParam:
    code = f"cannoni.param.{name}"
    return OrderParam(name=name, option=option, kind=kind, unit=unit, label=code, description=f"{code}.about",
                      preview=f"{code}.preview" if preview else None)


MANIFEST = Manifest(
    name="cannoni",
    title="cannoni.manifest.title",
    board="open_table",
    ruleset="rules.cannoni.ruleset:CannoniRuleset",
    board_factory="renderer.cannoni.board:CannoniBoard",
    scenarios="rules.cannoni",
    duel_scenario="frigate-duel",
    previews=True,
    params=(
        _param("distance", kind="number", unit="inch", preview=True),
        _param("template", option="card", preview=True),
        _param("curve", kind="number", unit="inch", preview=True),
        _param("direction", preview=True),
        _param("side"),
        _param("target"),
        _param("aim"),
        _param("to", option="sails"),
        _param("mast"),
        _param("end"),
        _param("points"),
        _param("other"),
        _param("from_ship"),
        _param("order"),
    ),
    quickref="cannoni.quickref",
    captains={"deckhand": "rules.ai.cannoni.captains:Deckhand", "captain": "rules.ai.cannoni.captains:Captain"},
    captain_descriptions={"deckhand": "cannoni.captain.deckhand", "captain": "cannoni.captain.captain"},
)

"""Pirates (house rules on a square grid) as the bot, the renderer and the AI registry know it.

Every word here is a code of the ruleset's catalogue (rules/pirates/wording.py)."""
from rules.core.manifest import Manifest, OrderParam
from rules.pirates import wording  # noqa: F401  (the catalogue the codes below belong to)
from rules.pirates import naming  # noqa: F401  (the fleets' words, pirates.nation.<side>)

PARAMS = ("ship", "turn1", "turn2", "turn3", "go1", "go2", "go3", "pivot", "salvo", "tow", "dock", "grapple",
          "fort", "construct", "crew", "to", "gun1", "gun2", "gun3", "gun4", "gun5",
          "double", "double_when", "treasure", "ghost", "firepot", "spot", "guest", "allow")
NUMBERS = ("go1", "go2", "go3")
# What a move's preview (rules/pirates/preview.py) draws: the segments and the stern turn.
PREVIEWED = ("turn1", "turn2", "turn3", "go1", "go2", "go3", "pivot")


MANIFEST = Manifest(
    name="pirates",
    title="pirates.manifest.title",
    board="squares",
    ruleset="rules.pirates.ruleset:PiratesRuleset",
    board_factory="renderer.pirates.board:PiratesBoard",
    scenarios="rules.pirates",
    duel_scenario="skirmish",
    params=tuple(OrderParam(name=name, kind="number" if name in NUMBERS else "choice",
                            label=f"pirates.param.{name}", description=f"pirates.param.{name}.about",
                            preview=f"pirates.param.{name}.preview" if name in PREVIEWED else None)
                 for name in PARAMS),
    quickref="pirates.manifest.quickref",
    previews=True,
    captains={"deckhand": "rules.ai.pirates.captains:Deckhand", "captain": "rules.ai.pirates.captains:Captain"},
    captain_descriptions={level: f"pirates.captain.{level}" for level in ("deckhand", "captain")},
)

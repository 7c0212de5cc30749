"""Switches of a Nauta / Classis game. Each option is named in the game record.

Optional rules left unset (None) follow the scenario, which may switch on what its
fleets were bought for (the corvus at Mylae, the medieval list); a value given by
the players always wins. :class:`Rules` is the resolved set a game runs under.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Edition = Literal["nauta", "classis"]
Deployment = Literal["fixed", "screen", "roll", "alternate"]

OPTIONAL_RULES = ("fast_triremes", "archer_towers", "cataphract", "reinforced_prow", "corvus",
                  "balistae", "harpax", "pyrophoros", "saving_admiral")


class NautaOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # The English *Nauta* (2005) or the later Italian *Classis*. None: the
    # scenario's edition, else Nauta.
    edition: Edition | None = None
    # Speeds written within the table's acceleration / deceleration. None: as the
    # edition says (Classis §8a requires it; the English sequence does not).
    acceleration_limits: bool | None = None
    medieval: bool | None = None  # Classis §26: medieval galleys and crossbowmen
    fast_triremes: bool | None = None
    archer_towers: bool | None = None
    cataphract: bool | None = None
    reinforced_prow: bool | None = None
    corvus: bool | None = None
    balistae: bool | None = None
    harpax: bool | None = None
    pyrophoros: bool | None = None
    saving_admiral: bool | None = None
    # "fixed": where the scenario puts them; "screen": both fleets written secretly
    # at once; "roll": a die decides which fleet is placed first, whole; "alternate":
    # one ship at a time, the loser of the die first. None: the scenario's, else fixed.
    deployment: Deployment | None = None
    # The text sets only a minimum spacing in a formation; Broadside also keeps its
    # ships together: each within this many segments of another member (0: no limit).
    formation_max_gap: float = Field(default=2.0, ge=0, le=20)


class Rules(BaseModel):
    """The options resolved for one game: nothing here is left unset."""

    edition: Edition
    acceleration_limits: bool
    medieval: bool
    fast_triremes: bool
    archer_towers: bool
    cataphract: bool
    reinforced_prow: bool
    corvus: bool
    balistae: bool
    harpax: bool
    pyrophoros: bool
    saving_admiral: bool
    deployment: Deployment
    formation_max_gap: float

    @property
    def classis(self) -> bool:
        return self.edition == "classis"

    def optional(self, name: str) -> bool:
        return bool(getattr(self, name))


def resolve_rules(options: NautaOptions, scenario: dict[str, Any]) -> Rules:
    """The players' options over the scenario's, over the defaults."""
    def pick(name: str, default: Any) -> Any:
        value = getattr(options, name)
        return value if value is not None else scenario.get(name, default)

    edition = options.edition or scenario.get("edition", "nauta")
    data: dict[str, Any] = {
        "edition": edition,
        "acceleration_limits": pick("acceleration_limits", edition == "classis"),
        "medieval": pick("medieval", False),
        "deployment": pick("deployment", "fixed"),
        "formation_max_gap": options.formation_max_gap,
    }
    for name in OPTIONAL_RULES:
        data[name] = pick(name, False)
    return Rules.model_validate(data)

"""The crew's order (*Equipaggio disordinato*, optional rule): what throws a crew
into disorder, and rallying it (*riordinare l'equipaggio*).

"Un equipaggio si disordina quando: la nave si incaglia o entra in collisione con un
altro vascello; subisce un colpo critico per il fuoco nemico; perde un albero. È
disordinato anche l'equipaggio trasferito su una nave catturata." A disordered crew has
-2 on every manoeuvre test (:func:`rules.cannoni.seamanship.general_modifiers`) until an
action is spent rallying it; no test is needed for that.
"""
from __future__ import annotations

from typing import Any, Protocol

from rules.cannoni.orders import ShipAction, register
from rules.cannoni.state import CannoniState, ShipState
from rules.core.decisions import ActionSpec
from rules.core.dice import Roller
from rules.core.texts import say

# The causes the rulebook lists, as stored in the "disordered" event.
CAUSES = ("grounding", "collision", "critical hit", "mast lost", "prize crew")


class Crewed(Protocol):
    """Anything with a crew that can fall into disorder: a ship, and (with the coastal
    batteries rule) a battery, which the rulebook gives a Manoeuvre value for this
    rule alone."""

    id: str
    name: str
    disordered: bool


def disorder(state: CannoniState, roller: Roller, unit: Crewed, cause: str) -> None:
    """Throw ``unit``'s crew into disorder, if the rule is in play; a crew already
    disordered stays so (the marker is on the base or it is not)."""
    if not state.options.disorder or unit.disordered:
        return
    unit.disordered = True
    roller.log.emit("disordered", ship=unit.id, name=unit.name, cause=cause)


def rally(roller: Roller, unit: Crewed) -> None:
    unit.disordered = False
    roller.log.emit("rallied", ship=unit.id, name=unit.name)


@register
class Rally(ShipAction):
    """"Riordinare l'equipaggio richiede una fase di azione. Il giocatore annuncia la sua
    intenzione ... e rimuove il pedina di disordine" — no test."""

    name = "rally"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if not ship.disordered or not ship.on_table:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.rally"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        rally(roller, ship)

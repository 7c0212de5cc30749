"""Repairs to the rigging (*Riparazioni*, optional rule).

"È possibile riparare una casella di danni su un albero non ancora abbattuto in cinque
fasi di Azione consecutive ... Al raggiungimento della quinta fase di Azione la
riparazione è completata e nella fase Riparazioni del turno successivo recupera una
casella danneggiata da un albero a scelta."

The notes on the back of the log-book are :class:`RepairWork`: the mast chosen and the
turn of every action phase spent that still counts. Three things undo them:

- any other action of the ship before the fifth phase: the phases must be consecutive
  (:func:`note_action`);
- being grappled, boarded or fired upon, or firing, boarding or grappling an enemy: the
  phases of that turn are lost, including those spent later in the same turn
  (:func:`interrupt_repairs`);
- rigging damage before the repair is complete: all the notes are struck out
  (:func:`rigging_damaged`).
"""
from __future__ import annotations

from typing import Any

from rules.cannoni.orders import ShipAction, register
from rules.cannoni.state import CannoniState, MastState, RepairWork, ShipState
from rules.core.decisions import ActionSpec, Choice, ParamSpec
from rules.core.dice import Roller
from rules.core.texts import say

REPAIR_PHASES = 5


def repairable(ship: ShipState) -> list[MastState]:
    """Masts still standing with a damaged box: "un albero non ancora abbattuto"."""
    return [m for m in ship.masts if not m.down and m.lost > 0]


@register
class Repair(ShipAction):
    name = "repair"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "l'equipaggio non sia decimato ... la nave non deve essere impigliata"; "non
        # deve essere impegnato ... in abbordaggi". A finished repair waits for step 2:
        # one box for each five phases.
        if (not state.options.repairs or not ship.on_table or ship.decimated or ship.fouled_with
                or state.engaged(ship.id) or (ship.repair is not None and ship.repair.complete)):
            return None
        masts = repairable(ship)
        if not masts:
            return None
        chosen = ship.repair.mast if ship.repair is not None else None
        done = len(ship.repair.turns) if ship.repair is not None else 0
        ordered = sorted(masts, key=lambda m: m.name != chosen)
        return ActionSpec(action=self.name, label=say("cannoni.form.repair", done=done, of=REPAIR_PHASES), params=[
            ParamSpec(name="mast", label=say("cannoni.form.mast-to-repair"),
                      choices=[Choice(value=m.name, label=say("cannoni.form.mast-damaged", mast=say(f"cannoni.form.mast.{m.name}"), lost=m.lost)) for m in ordered])])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        work = ship.repair or RepairWork(mast=p["mast"])
        # "recupera una casella ... da un albero a scelta": the player names the mast
        # with the work and may change it until the repair is done.
        work.mast = p["mast"]
        lost = ship.repair_void_turn == state.turn
        if not lost:
            work.turns.append(state.turn)
        ship.repair = work
        roller.log.emit("repair_work", ship=ship.id, name=ship.name, mast=work.mast, phases=len(work.turns),
                        lost=lost)


def note_action(state: CannoniState, roller: Roller, ship: ShipState, action: str) -> None:
    """Any action but repairing breaks the run of consecutive phases, unless the fifth
    has already been spent."""
    work = ship.repair
    if action == Repair.name or work is None or work.complete:
        return
    ship.repair = None
    if work.turns:
        roller.log.emit("repairs_lost", ship=ship.id, name=ship.name, why="other action", phases=len(work.turns))


def interrupt_repairs(state: CannoniState, roller: Roller, ship: ShipState, why: str) -> None:
    """"Le fasi di Azione spese in riparazioni sono perdute (inefficaci) se, nel turno in
    cui avvengono (anche dopo aver speso la fase di Azione): la nave viene grappinata,
    abbordata o subisce il fuoco nemico; la nave apre il fuoco o abborda o grappina una
    nave nemica." The turn is marked, so that phases spent after it are lost too."""
    if not state.options.repairs:
        return
    ship.repair_void_turn = state.turn
    work = ship.repair
    if work is None:
        return
    kept = [t for t in work.turns if t != state.turn]
    if len(kept) < len(work.turns):
        roller.log.emit("repairs_lost", ship=ship.id, name=ship.name, why=why, phases=len(work.turns) - len(kept))
        work.turns = kept


def rigging_damaged(state: CannoniState, roller: Roller, ship: ShipState) -> None:
    """"Eventuali danni subiti dall'alberatura della nave prima che la riparazione sia
    completata rendono inefficaci le riparazioni eseguite fino a quel punto." """
    work = ship.repair
    if work is None or work.complete:
        return
    ship.repair = None
    if work.turns:
        roller.log.emit("repairs_lost", ship=ship.id, name=ship.name, why="rigging damage", phases=len(work.turns))


def complete_repairs(state: CannoniState, roller: Roller) -> None:
    """Step 2 (*Riparazioni*): "le navi che hanno speso cinque fasi di Azione in
    riparazioni recuperano una casella danneggiata su un albero" — the chosen mast, or,
    should it have nothing left to mend, the standing mast with the most damage."""
    for ship in state.ships:
        work = ship.repair
        if work is None or not work.complete or ship.status == "sunk":
            continue
        ship.repair = None
        masts = repairable(ship)
        mast = next((m for m in masts if m.name == work.mast), None) or max(masts, key=lambda m: m.lost, default=None)
        if mast is None:
            continue
        mast.lost -= 1
        roller.log.emit("repaired", ship=ship.id, name=ship.name, mast=mast.name, remaining=mast.remaining)

"""Taking a ship (*Cattura di una nave*): the prize crew, the rebuilt log-book, the
prisoners and their rising, striking the colours."""
from __future__ import annotations

from typing import Any

from rules.cannoni.crew import disorder
from rules.cannoni.orders import ShipAction, register
from rules.cannoni.state import CannoniState, PrizeMemo, ShipState, Track
from rules.core.decisions import ActionSpec
from rules.core.dice import Roller
from rules.core.texts import say


def prize_log(prize: ShipState, captor: ShipState, crew: int):
    """"l'abilità di Manovra è quella dell'equipaggio che ha abbordato con una penalità
    di -1; il valore Combattimento ... -2; l'abilità di Fuoco ... -2; i modificatori
    dovuti alla distanza rimangono gli stessi" — the fire table keeps the guns'
    range figures and changes only the gunners' part."""
    old, new_gunnery = prize.log, captor.log.gunnery - 2
    fire = [None if m is None else m - old.gunnery + new_gunnery for m in old.fire]
    return old.model_copy(update={
        "manoeuvre": max(1, captor.log.manoeuvre - 1), "combat": captor.log.combat - 2,
        "gunnery": new_gunnery, "fire": fire, "crew_boxes": crew, "nation": captor.log.nation,
    })


def capture(state: CannoniState, roller: Roller, prize: ShipState, captor: ShipState) -> None:
    prisoners = prize.crew.remaining
    # One guard for every section of prisoners ("almeno un occupante ... per ogni
    # sezione di Effettivi prigionieri"), from the winner's crew, at least one box.
    guards = max(1, -(-prisoners // 4))
    guards = min(guards, max(captor.crew.remaining - 1, 1)) if captor.crew.remaining > 1 else guards
    captor.crew.strike(guards)
    prize.original = PrizeMemo(log=prize.log, side=prize.side, player=prize.player,
                               captain_killed=prize.captain_killed)
    prize.log = prize_log(prize, captor, guards)
    prize.crew = Track(boxes=guards)
    prize.prisoners = Track(boxes=prisoners)
    prize.side, prize.player, prize.captured_by = captor.side, captor.player, captor.side
    prize.struck, prize.fired_on, prize.chit = False, False, None
    # A new crew and a new commander: her own captain's death, her own crew's order
    # and their repair work stay with them (the captain's with the memo).
    prize.captain_killed, prize.disordered, prize.repair = False, False, None
    roller.log.emit("captured", ship=prize.id, name=prize.name, captor=captor.id, captor_name=captor.name,
                    side=captor.side, prize_crew=guards, prisoners=prisoners)
    disorder(state, roller, prize, "prize crew")  # "È disordinato anche l'equipaggio trasferito"
    check_prisoners(state, roller, prize)


def check_prisoners(state: CannoniState, roller: Roller, ship: ShipState) -> None:
    """"Se nel corso del gioco il rapporto scende sotto questa proporzione l'equipaggio
    riesce a liberarsi e riprende il controllo della nave ... e gli occupanti sono
    fatti prigionieri ma in questo caso non si tiene conto della proporzione"."""
    memo, prisoners = ship.original, ship.prisoners
    if memo is None or prisoners is None or prisoners.remaining <= 0:
        return
    if ship.crew.remaining >= prisoners.sections_left:
        return
    guards = ship.crew.remaining
    ship.log = memo.log
    ship.crew = Track(boxes=memo.log.crew_boxes, lost=memo.log.crew_boxes - prisoners.remaining)
    ship.side, ship.player = memo.side, memo.player
    ship.captain_killed, ship.disordered, ship.repair = memo.captain_killed, False, None
    ship.captured_by, ship.original, ship.chit = None, None, None
    ship.prisoners = Track(boxes=guards) if guards else None
    roller.log.emit("prisoners_rise", ship=ship.id, name=ship.name, side=ship.side)


def strike_colours(roller: Roller, ship: ShipState, why: str, by: ShipState | None = None) -> None:
    """``why``: a key of the ``cannoni.struck.*`` texts (the reason is worded in the reader's
    language); ``by``: the enemy whose broadside forced it."""
    ship.struck = True
    extra = {"by": by.name} if by is not None else {}
    roller.log.emit("struck", ship=ship.id, name=ship.name, why=why, **extra)


@register
class StrikeColours(ShipAction):
    name = "strike"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if ship.struck or not ship.on_table or ship.captured_by is not None:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.strike"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        strike_colours(roller, ship, "captain's order")

"""The turn's end: fireships burn, the wind may change (Appendice 1), and the battle
ends when a side has nothing left fighting or the last turn is played."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.sca import wind as W
from rules.sca.damage import damage_rigging
from rules.sca.morale import victory_points
from rules.sca.state import ScaState


def end_part(state: ScaState, roller: Roller) -> None:
    state.acting += 1
    if state.acting < len(state.sides):
        return
    state.acting = 0
    end_turn(state, roller)


def end_turn(state: ScaState, roller: Roller) -> None:
    log = roller.log
    for ship in state.ships:
        ship.hit_by = []
        ship.pushed_back = False  # optional rule 5: a failed tack drifts for the rest of her part
        if ship.fireship and ship.fireship_lit and ship.status in ("afloat", "struck", "captured"):
            # "In ogni turno successivo all'accensione la nave perde un RDC"
            ship.rigging_points = 0.0
            damage_rigging(state, ship, ship.dc, log)
    if state.options.changing_wind and not state.options.card_turn:
        wind_change(state, roller)
    if over(state):
        finish(state, roller)
        return
    state.turn += 1
    if state.options.wind_rolls and not state.options.card_turn:
        wind_variation(state, roller)
    log.emit("turn_start", turn=state.turn, wind=W.name(state.wind), strength=state.strength)


def wind_change(state: ScaState, roller: Roller) -> None:
    """Appendice 1: the wind's change at the end of the turn."""
    dice = (roller.roll(6, "wind"), roller.roll(6, "wind"), roller.roll(6, "wind"))
    wind, strength = W.wind_change(dice, state.wind, state.strength)  # type: ignore[arg-type]
    if (wind, strength) != (state.wind, state.strength):
        state.wind, state.strength = wind, strength
        roller.log.emit("wind", wind=W.name(wind), strength=strength)
    else:
        roller.log.emit("wind_roll", dice="-".join(map(str, dice)))


def wind_test(state: ScaState, roller: Roller) -> None:
    """The card-driven turn's wind card: "si esegue il test per controllare se cambia il vento
    ... (che nel regolamento base viene eseguito all'inizio del turno)": the wind rules the game
    plays, optional rule 2's variation and Appendice 1's change; with neither the wind holds."""
    if state.options.wind_rolls:
        wind_variation(state, roller)
    if state.options.changing_wind:
        wind_change(state, roller)


def wind_variation(state: ScaState, roller: Roller) -> None:
    """Optional rule 2: "All'inizio di ogni turno, compreso il primo turno, il giocatore che
    gioca per primo nel turno tira 3d6 per valutare le possibili variazioni del vento.\""""
    total = sum(roller.roll(6, "wind variation") for _ in range(3))
    now = W.potential(total)
    strength, turn = W.confirmed(state.wind_potential, now)
    state.wind_potential = now
    if strength or turn:
        state.wind = (state.wind + turn) % 16
        state.strength = W.shift_strength(state.strength, strength, state.options.extreme_winds)
        roller.log.emit("wind", wind=W.name(state.wind), strength=state.strength)


def fighting_sides(state: ScaState) -> set[str]:
    return {s.owner or s.side for s in state.ships if s.fighting and not s.fixed}


def over(state: ScaState) -> bool:
    return len(fighting_sides(state)) < len(state.sides) or state.turn >= state.turns or state.broken is not None


def finish(state: ScaState, roller: Roller) -> None:
    state.step = "over"
    state.scores = victory_points(state, state.options)
    best = max(state.scores.values())
    leaders = [s for s, v in state.scores.items() if v == best]
    state.winner = leaders[0] if len(leaders) == 1 else None
    left = fighting_sides(state)
    beaten = [s for s in state.sides if s not in left]
    state.end = f"sides:{beaten[0]}" if beaten else "turns"
    if state.broken is not None:
        # House rule: "la flotta che ha un cedimento del morale per prima è considerata sconfitta".
        state.end = f"broken:{state.broken}"
        others = [s for s in state.sides if s != state.broken]
        state.winner = others[0] if len(others) == 1 else None
    roller.log.emit("game_over", end=state.end, winner=state.winner, scores=dict(state.scores))


def check_start_over(state: ScaState, roller: Roller) -> None:
    """A part can end the battle at once (the last enemy struck): no need to wait for the turn."""
    if state.step != "over" and (len(fighting_sides(state)) < len(state.sides) or state.broken is not None):
        finish(state, roller)

"""Boarding (*Abbordaggi*): grappling irons, cutting them, the boarding parties and
the melee rounds of step 10, multiple boardings.

A melee is fought one round a turn. Until the attackers win a foothold a round is a
"first round" (+ decks); once on the defender's deck, section superiority counts and
a win by more than four boxes takes the ship (or throws the boarders back).
"""
from __future__ import annotations

import math
from typing import Any

from rules.core.tables import contact
from rules.core.tables import open_table as g
from rules.cannoni.capture import capture, check_prisoners
from rules.cannoni.dice import roll
from rules.cannoni.fire import base, boarding_penalty, mainmast
from rules.cannoni.orders import ShipAction, register, ship_param
from rules.cannoni.repairs import interrupt_repairs
from rules.cannoni.seamanship import manoeuvre_test
from rules.cannoni.state import SECTION, CannoniState, Grapple, Melee, ShipState
from rules.core.decisions import ActionSpec, Choice, ParamSpec
from rules.core.dice import Roller
from rules.core.texts import say

GRAPPLE_RANGE = 4.0
MAX_ATTACKERS = 2
MAX_LOSS = 4  # "fino ad un massimo di quattro (una sezione)"
CUT_CLEARANCE = 1.0


# -- who is bound to whom -------------------------------------------------------------

def grapples_on(state: CannoniState, ship_id: str) -> list[Grapple]:
    return [gr for gr in state.grapples if gr.defender == ship_id]


def grapples_by(state: CannoniState, ship_id: str) -> list[Grapple]:
    return [gr for gr in state.grapples if gr.attacker == ship_id]


def grapple_between(state: CannoniState, attacker: str, defender: str) -> Grapple:
    return next(gr for gr in state.grapples if gr.attacker == attacker and gr.defender == defender)


def bound_to(state: CannoniState, ship_id: str) -> list[str]:
    """Ships held to this one by grapples (either way)."""
    return ([gr.defender for gr in grapples_by(state, ship_id)]
            + [gr.attacker for gr in grapples_on(state, ship_id)])


def party_boxes(state: CannoniState, melee: Melee, ship: ShipState) -> int:
    return max(ship.crew.remaining - melee.reserve.get(ship.id, ship.crew.remaining), 0)


def party_sections(state: CannoniState, melee: Melee, ship: ShipState) -> int:
    return math.ceil(party_boxes(state, melee, ship) / SECTION)


# -- actions ----------------------------------------------------------------------------

def grapple_targets(state: CannoniState, ship: ShipState) -> list[ShipState]:
    mine = base(ship)
    out = []
    for other in state.afloat():
        if other.id == ship.id or state.engaged(other.id) and len(grapples_on(state, other.id)) >= MAX_ATTACKERS:
            continue
        if other.id in bound_to(state, ship.id):
            continue
        close = g.distance(mainmast(ship), mainmast(other)) <= GRAPPLE_RANGE + 1e-9
        if close or contact.touching(mine, base(other)):
            out.append(other)
    return out


@register
class ThrowGrapples(ShipAction):
    name = "grapple"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "Navi già impegnate in un abbordaggio ... non possono lanciare i grappini";
        # a decimated crew cannot throw them.
        if not ship.on_table or ship.decimated or state.engaged(ship.id) or ship.struck:
            return None
        targets = [t for t in grapple_targets(state, ship) if not _only_defends(ship, t)]
        if not targets:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.grapple"), params=[
            ParamSpec(name="target", label=say("cannoni.form.grapple-target"), choices=[
                Choice(value=t.id, label=say("cannoni.form.ship-is", name=t.name,
                                              who=say("cannoni.form.friend" if t.side == ship.side else "cannoni.form.enemy")))
                for t in targets])])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        target = state.ship(p["target"])
        friendly = target.side == ship.side
        # "Il lancio dei grappini su una nave amica ha successo automaticamente."
        if not friendly and not manoeuvre_test(state, ship, roller, "grapple", []):
            return
        state.grapples.append(Grapple(attacker=ship.id, defender=target.id, turn=state.turn))
        roller.log.emit("grappled", ship=ship.id, name=ship.name, target=target.id, target_name=target.name)
        if not friendly:
            # *Riparazioni*: grappling an enemy, or being grappled, loses this turn's work.
            interrupt_repairs(state, roller, ship, "grappled an enemy")
            interrupt_repairs(state, roller, target, "grappled")
        if not friendly and (target.struck or target.decimated):
            # "sono catturate non appena abbordate ... (non si combatte la mischia)"
            capture(state, roller, target, ship)


def _only_defends(ship: ShipState, target: ShipState) -> bool:
    # A prize "può difendersi solo se è ingaggiata": she does not board anyone.
    return ship.captured_by is not None and target.side != ship.side


def may_cut(state: CannoniState, grapple: Grapple) -> bool:
    """Same turn as the grappling, or after the boarders failed to get aboard or
    were thrown back ("non è riuscito a mettere piede sulla nave o è stato respinto")."""
    melee = state.melee_of(grapple.defender)
    return grapple.turn == state.turn or melee is None or not melee.foothold


@register
class CutGrapples(ShipAction):
    name = "cut_grapples"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        cuttable = [gr for gr in grapples_on(state, ship.id)
                    if state.ship(gr.attacker).side != ship.side and may_cut(state, gr)]
        if not cuttable:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.cut-grapples"), params=[
            ship_param(state, [gr.attacker for gr in cuttable], "from_ship", say("cannoni.form.cut-loose-from"))])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        grapple = grapple_between(state, p["from_ship"], ship.id)
        bonus = 1 if grapple.repulsed else 0
        if manoeuvre_test(state, ship, roller, "cut the grapples", [("boarders thrown back", bonus)]):
            release(state, roller, grapple, ship)


@register
class CastOff(ShipAction):
    name = "cast_off"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "se è la nave attaccante ad essere attivata per prima ... può liberare la nave
        # rinunciando all'abbordaggio" (and any ship may let go of a friend).
        mine = [gr for gr in grapples_by(state, ship.id) if may_cut(state, gr)]
        if not mine:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.cast-off"), params=[
            ship_param(state, [gr.defender for gr in mine], "from_ship", say("cannoni.form.let-go-of"))])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        grapple = grapple_between(state, ship.id, p["from_ship"])
        release(state, roller, grapple, ship)


@register
class BoardInTurn(ShipAction):
    name = "board_in_turn"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "se è la nave del difensore che viene attivata per prima ... può ... abbordare
        # a sua volta": after a failed first round the defender may become the attacker.
        melee = state.melee_of(ship.id)
        if melee is not None and (melee.foothold or melee.defender != ship.id or len(melee.attackers) != 1):
            return None
        options = [gr for gr in grapples_on(state, ship.id)
                   if gr.turn < state.turn and state.ship(gr.attacker).side != ship.side and not ship.decimated]
        if not options or ship.captured_by is not None:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.board-in-turn"), params=[
            ship_param(state, [gr.attacker for gr in options], "target", say("cannoni.form.board"))])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        grapple = grapple_between(state, p["target"], ship.id)
        grapple.attacker, grapple.defender = ship.id, p["target"]
        grapple.turn, grapple.repulsed = state.turn, False
        melee = state.melee_of(ship.id)
        if melee is not None:  # the same parties fight on, roles reversed
            melee.defender, melee.attackers = p["target"], [ship.id]
        roller.log.emit("boards_in_turn", ship=ship.id, name=ship.name, target=p["target"],
                        target_name=state.ship(p["target"]).name)


def release(state: CannoniState, roller: Roller, grapple: Grapple, mover: ShipState) -> None:
    """Free the two ships; the one that cut loose is set an inch off, if there is room."""
    state.grapples.remove(grapple)
    melee = state.melee_of(grapple.defender)
    if melee is not None and grapple.attacker in melee.attackers:
        melee.attackers.remove(grapple.attacker)
        if not melee.attackers:
            state.melees.remove(melee)
    other = state.ship(grapple.defender if mover.id == grapple.attacker else grapple.attacker)
    _stand_off(state, mover, other)
    roller.log.emit("grapples_cut", ship=mover.id, name=mover.name, other=other.id, other_name=other.name)


def _stand_off(state: CannoniState, ship: ShipState, other: ShipState) -> None:
    dx, dy = ship.x - other.x, ship.y - other.y
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    others = [base(o) for o in state.afloat() if o.id != ship.id]
    step = 0.0
    while step <= 3.0:
        q = g.Pose(x=ship.x + ux * step, y=ship.y + uy * step, heading=ship.heading)
        poly = g.base_polygon(q, ship.log.base_length, ship.log.base_width)
        if poly.distance(base(other)) >= CUT_CLEARANCE - 1e-6 and not any(poly.intersects(o) for o in others):
            ship.x, ship.y = round(q.x, 6), round(q.y, 6)
            ship.trail.append((ship.x, ship.y))
            return
        step += 0.25


# -- step 10: alongside, parties, melees ---------------------------------------------------

def pull_alongside(state: CannoniState, roller: Roller) -> None:
    """"La nave che è stata grappinata viene spostata, senza modificare la direzione e
    secondo la traiettoria più breve, in modo da trovarsi a contatto lato-lato con la
    nave che ha lanciato i grappini" — or the grappler, if the other is already held."""
    for grapple in state.grapples:
        if grapple.turn != state.turn:
            continue
        attacker, defender = state.ship(grapple.attacker), state.ship(grapple.defender)
        held = [x for x in bound_to(state, defender.id) if x != attacker.id] + defender.fouled_with
        mover, anchor = (attacker, defender) if held else (defender, attacker)
        _bring_into_contact(state, mover, anchor)


def _bring_into_contact(state: CannoniState, mover: ShipState, anchor: ShipState) -> None:
    target = base(anchor)
    start = (mover.x, mover.y)
    dx, dy = anchor.x - mover.x, anchor.y - mover.y
    far = math.hypot(dx, dy)
    if far < 1e-9 or base(mover).distance(target) <= g.TOL:
        return
    ux, uy = dx / far, dy / far
    lo, hi = 0.0, far
    for _ in range(40):  # bisection: the last position along the line still clear of her
        mid = (lo + hi) / 2
        q = g.Pose(x=start[0] + ux * mid, y=start[1] + uy * mid, heading=mover.heading)
        if g.base_polygon(q, mover.log.base_length, mover.log.base_width).intersects(target):
            hi = mid
        else:
            lo = mid
    mover.x, mover.y = round(start[0] + ux * lo, 6), round(start[1] + uy * lo, 6)
    mover.trail.append((mover.x, mover.y))


def new_melees(state: CannoniState) -> list[Melee]:
    """Boardings that begin this turn: a defender and its (at most two) enemy grapplers."""
    out: list[Melee] = []
    for grapple in state.grapples:
        attacker, defender = state.ship(grapple.attacker), state.ship(grapple.defender)
        if attacker.side == defender.side or not (attacker.on_table and defender.on_table):
            continue
        if state.melee_of(defender.id) is not None or state.melee_of(attacker.id) is not None:
            melee = state.melee_of(defender.id)
            if melee is not None and melee.defender == defender.id and attacker.id not in melee.attackers \
                    and not melee.reserve and len(melee.attackers) < MAX_ATTACKERS:
                melee.attackers.append(attacker.id)
            continue
        melee = next((m for m in out if m.defender == defender.id), None)
        if melee is None:
            out.append(Melee(defender=defender.id, attackers=[attacker.id]))
            state.melees.append(out[-1])
        elif len(melee.attackers) < MAX_ATTACKERS:
            melee.attackers.append(attacker.id)
    return [m for m in state.melees if not m.reserve]


def party_decisions(state: CannoniState) -> list[tuple[str, list[str]]]:
    """(player, ships) that must form boarding parties now."""
    by_player: dict[str, list[str]] = {}
    for melee in state.melees:
        if melee.reserve:
            continue
        for sid in melee.ships():
            by_player.setdefault(state.ship(sid).player, []).append(sid)
    return list(by_player.items())


def party_param(state: CannoniState, ship: ShipState) -> ParamSpec:
    top = max(ship.crew.sections_left, 1)
    return ParamSpec(name=ship.id, label=say("cannoni.form.party-sections", name=ship.name),
                     choices=[Choice(value=k, label=say("cannoni.form.k-of-top", k=k, top=top)) for k in range(1, top + 1)])


def default_party(ship: ShipState, defender: bool) -> int:
    """Missed deadline: the defender commits every section; an attacker keeps one
    back to work the ship, if it has more than one."""
    top = max(ship.crew.sections_left, 1)
    return top if defender or top == 1 else top - 1


def form_parties(state: CannoniState, roller: Roller, chosen: dict[str, int]) -> None:
    for melee in state.melees:
        if melee.reserve:
            continue
        for sid in melee.ships():
            ship = state.ship(sid)
            k = chosen.get(sid, default_party(ship, sid == melee.defender))
            k = max(1, min(k, max(ship.crew.sections_left, 1)))
            # The incomplete section goes first: the rest stays aboard to work her.
            melee.reserve[sid] = max(ship.crew.sections_left - k, 0) * SECTION
            roller.log.emit("boarding_party", ship=sid, name=ship.name, sections=k,
                            role="defender" if sid == melee.defender else "attacker")


def fight_melees(state: CannoniState, roller: Roller) -> None:
    for melee in list(state.melees):
        still_held = all(a in bound_to(state, melee.defender) for a in melee.attackers)
        if melee in state.melees and melee.attackers and still_held:
            fight_round(state, roller, melee)


def _modifiers(state: CannoniState, melee: Melee) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    attackers = [state.ship(a) for a in melee.attackers]
    defender = state.ship(melee.defender)
    # Two attackers: the worse combat value, the better deck count, sections summed.
    att = [("combat", min(a.log.combat for a in attackers))]
    dfd = [("combat", defender.log.combat)]
    if not melee.foothold:
        att.append(("decks", max(a.log.decks for a in attackers)))
        dfd.append(("decks", defender.log.decks))
    else:
        a_sec = sum(party_sections(state, melee, a) for a in attackers)
        d_sec = party_sections(state, melee, defender)
        if a_sec > d_sec:
            att.append(("more sections in the party", a_sec - d_sec))
        elif d_sec > a_sec:
            dfd.append(("more sections in the party", d_sec - a_sec))
    return att, dfd


def fight_round(state: CannoniState, roller: Roller, melee: Melee) -> None:
    attackers = [state.ship(a) for a in melee.attackers]
    defender = state.ship(melee.defender)
    att_mods, def_mods = _modifiers(state, melee)
    a_roll = roll(state, roller, "melee (attackers)", ship=attackers[0].id)
    d_roll = roll(state, roller, "melee (defenders)", ship=defender.id)
    a_total = max(1, a_roll + sum(v for _, v in att_mods))
    d_total = max(1, d_roll + sum(v for _, v in def_mods))
    diff = abs(a_total - d_total)
    winner = "attackers" if a_total > d_total else "defenders" if d_total > a_total else None
    melee.rounds += 1
    roller.log.emit("melee", defender=defender.id, name=defender.name,
                    attackers=", ".join(a.name for a in attackers), a_roll=a_roll, d_roll=d_roll,
                    a_total=a_total, d_total=d_total, winner=winner or "none", foothold=melee.foothold,
                    a_mods=[[k, v] for k, v in att_mods], d_mods=[[k, v] for k, v in def_mods])
    if winner is None:
        return  # equal scores: nobody loses the round
    losses = min(diff, MAX_LOSS)
    if winner == "attackers":
        _lose(state, roller, melee, [defender], losses)
        _rigging_for_lost_round(roller, defender)
        if melee.foothold and diff > MAX_LOSS:
            state.melees.remove(melee)
            capture(state, roller, defender, attackers[0])
        elif not melee.foothold:
            melee.foothold = True
            roller.log.emit("foothold", ship=defender.id, name=defender.name)
    else:
        _lose(state, roller, melee, sorted(attackers, key=lambda a: -party_boxes(state, melee, a)), losses)
        if melee.foothold and diff > MAX_LOSS:
            _repulse(state, roller, melee)
        elif not melee.foothold:
            # "Quando ... è il difensore che vince la mischia questa termina": the
            # players act freely next turn; if the ships are still grappled at the end
            # of the actions the boarding goes on "senza modificare le squadre".
            roller.log.emit("boarders_held_off", ship=defender.id, name=defender.name)


def _lose(state: CannoniState, roller: Roller, melee: Melee, ships: list[ShipState], losses: int) -> None:
    for ship in ships:
        take = min(losses, party_boxes(state, melee, ship))
        if take:
            ship.crew.strike(take)
            roller.log.emit("crew_loss", ship=ship.id, name=ship.name, boxes=take, remaining=ship.crew.remaining)
            check_prisoners(state, roller, ship)
        losses -= take
        if losses <= 0:
            return


def _rigging_for_lost_round(roller: Roller, defender: ShipState) -> None:
    """"deve cancellare una casella da uno degli alberi a sua scelta ogni volta che
    perde un turno di mischia ... non può essere l'ultima di un albero": the mast
    with the most boxes left stands for the owner's choice."""
    spare = [m for m in defender.masts if m.remaining > 1]
    if not spare:
        return
    mast = max(spare, key=lambda m: m.remaining)
    mast.strike(1)
    roller.log.emit("rigging_damage", ship=defender.id, name=defender.name, mast=mast.name, remaining=mast.remaining)


def _repulse(state: CannoniState, roller: Roller, melee: Melee) -> None:
    """The boarders are thrown back: the melee ends; the ships stay grappled, and
    cutting the grapples now gets +1."""
    state.melees.remove(melee)
    for grapple in grapples_on(state, melee.defender):
        grapple.repulsed = True
    roller.log.emit("repulsed", ship=melee.defender, name=state.ship(melee.defender).name)


def held_in_melee(state: CannoniState, ship: ShipState) -> bool:
    """"Le due navi non potranno compiere alcuna azione nel turno successivo" — while
    the fight goes on aboard the defender."""
    melee = state.melee_of(ship.id)
    return melee is not None and melee.foothold


def firing_penalty(state: CannoniState, ship: ShipState) -> list[tuple[str, int]]:
    """The modifiers a ship in a boarding fires with (computed in the fire module,
    which cannot import this one)."""
    return boarding_penalty(state, ship)


def boarders_aboard(state: CannoniState, firer: ShipState, target: ShipState) -> bool:
    """"a meno che l'equipaggio della nave amica non abbia messo piede sul ponte
    della nave bersaglio, in questo caso il tiro è impossibile" """
    melee = state.melee_of(target.id)
    return (melee is not None and melee.foothold and melee.defender == target.id
            and any(state.ship(a).side == firer.side for a in melee.attackers))


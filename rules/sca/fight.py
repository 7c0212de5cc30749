"""Fire, boarding and the morale tests of one player's part (Sezioni 6-8)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.dice import Roller
from rules.sca import ability as A
from rules.sca import gunnery as G
from rules.sca.artillery import factors
from rules.sca.collisions import tangle_target, tangled
from rules.sca.damage import broadside, damage_hull, damage_rigging, explode, percent_of_dc, start_fire
from rules.sca.morale import melee_outcome, melee_score, morale_score
from rules.sca.preparation import morale_bonus
from rules.sca.state import ScaState, Ship
from rules.sca.wreckage import fire_score, settle


@dataclass
class Shot:
    ship: Ship
    side: str
    target: Ship
    dist: float
    rng: str
    aim: str
    result: object
    also: list[Ship]  # ships locked with the target in a boarding, in the same half: they share the damage
    initial: bool = False  # optional rule 6: a run-out broadside's first fire
    shield: Ship | None = None  # optional rule 7 vii: a friend entangled with the target
    share: float = 0.0  # the part of the damage the friend takes
    # Optional rule 5 vi: "È possibile, invece, far fuoco durante una virata ma il BF della nave
    # è ridotto di 1."
    bf_less: float = 0.0

    def victims(self) -> list[tuple[Ship, float]]:
        if self.shield is not None:
            return [(self.target, 1 - self.share), (self.shield, self.share)]
        everyone = [self.target] + self.also
        return [(v, 1 / len(everyone)) for v in everyone]


def dice3(roller: Roller, reason: str) -> int:
    return sum(roller.roll(6, reason) for _ in range(3))


def aimed(state: ScaState, ship: Ship, side: str, aim: str, hulls: dict | None = None,
          half: str = "nearest") -> Shot | None:
    found = G.targets(state, ship, side, hulls)
    target = G.pick(found, half)
    if target is None:
        return None
    shield, share, bonus = None, 0.0, 0
    if state.options.collisions:
        aimed_at = tangle_target(state, ship, found, target)
        if aimed_at is None:
            return None
        target, shield, share = aimed_at
        bonus = int(tangled(target.ship))
    rng = G.band(target.dist)
    assert rng is not None
    # "se le navi coinvolte sono nella stessa metà del settore di tiro i danni sono divisi tra tutte"
    locked = {c.other for c in target.ship.contacts if c.grade == "B"}
    also = [t.ship for t in found if t.ship.id in locked and t.half == target.half]
    initial = state.options.second_table and ship.run_out and side in ship.fresh
    score = min(18, fire_score(ship, side) + bonus)
    return Shot(ship, side, target.ship, target.dist, rng, aim, A.result(rng, score), also, initial, shield, share)


def fire_all(state: ScaState, ships: list[Ship], orders: dict[str, dict[str, Any]], roller: Roller) -> None:
    log = roller.log
    settle(state, roller)
    shots: list[Shot] = []
    hulls: dict = {}  # nothing moves while the part's broadsides are worked out
    for ship in ships:
        order = orders[ship.id]
        fire = order.get("fire", "none")
        if fire == "none" or not ship.fighting:
            continue
        for side in (("port", "starboard") if fire == "both" else (fire,)):
            if state.options.reloads and side in ship.unloaded:
                # Optional rules 3 and 6: a side she meant to reload in the first segment and did not.
                log.emit("not_loaded", ship=ship.name, side=side)
                continue
            shot = aimed(state, ship, side, order.get("aim", "hull"), hulls, order.get("target_half", "nearest"))
            if state.options.second_table:
                # "non deve ancora aver fatto fuoco con quel bordo": the side is spent, hit or not.
                ship.fresh = [s for s in ship.fresh if s != side]
            if shot is None:
                log.emit("no_target", ship=ship.name, side=side)
            else:
                if state.options.navigation and order.get("action") == "tack":
                    shot.bf_less = 1.0
                shots.append(shot)
    # Sezione 4: the unlucky shot "si applica solo al vascello con il punteggio modificato più
    # basso tra quelli che hanno ordine di tirare"; the well-laid shot "solo al vascello che è
    # più vicino al bersaglio ed ha ottenuto il punteggio di Abilità più elevato".
    unlucky = [s for s in shots if s.result == A.UNLUCKY]
    unlucky_one = min(unlucky, key=lambda s: (s.ship.score, s.dist)) if unlucky else None
    decisive = [s for s in shots if s.result == A.DECISIVE]
    decisive_one = min(decisive, key=lambda s: (-(s.ship.score or 0), s.dist)) if decisive else None
    hits = []
    for shot in shots:
        if shot.result == A.UNLUCKY:
            log.emit("shot_miss", ship=shot.ship.name, side=shot.side, target=shot.target.name, rng=shot.rng,
                     score=shot.ship.score, unlucky=shot is unlucky_one)
            continue
        if shot.result == A.MISS:
            log.emit("shot_miss", ship=shot.ship.name, side=shot.side, target=shot.target.name, rng=shot.rng,
                     score=shot.ship.score, unlucky=False)
            continue
        if state.options.second_table:
            t, c, o = factors(shot.rng, shot.aim, shot.target.sail, shot.initial)
            bf = max(0.0, broadside(shot.ship, shot.side) - shot.bf_less)
            hits.append((shot, bf * t, bf * c, bf * o))
        else:
            bf = max(0.0, broadside(shot.ship, shot.side) - shot.bf_less)
            hits.append((shot, bf * G.multiplier(shot.rng, shot.aim, shot.target.sail, state.options.carronades),
                         0.0, 0.0))
    if unlucky_one is not None:
        unlucky_shot(state, unlucky_one, roller)
    # Damage is worked out for every broadside before any is taken: the part's fire is one volley.
    for shot, points, collateral, through in hits:
        raked = G.rake(shot.ship, shot.side, shot.target, shot.rng, shot.aim)
        if raked:
            points *= G.RAKE[raked]
            if raked == "bow":
                shot.target.bow_rakes += 1
            else:
                shot.target.stern_rakes += 1
            shot.target.morale_due = True
        extra = "none"
        if shot is decisive_one:
            extra = G.well_laid(dice3(roller, f"well-laid shot of {shot.ship.id}"))
            if extra == "double":
                points, collateral, through = points * 2, collateral * 2, through * 2
        log.emit("shot_hit", ship=shot.ship.name, side=shot.side, target=shot.target.name, rng=shot.rng,
                 aim=shot.aim, score=shot.ship.score, damage=round(points, 1), rake=raked or "", well_laid=extra)
        victims = shot.victims()
        if shot.shield is not None:
            log.emit("shield_hit", ship=shot.ship.name, friend=shot.shield.name, target=shot.target.name,
                     share=round(shot.share * 3))
        if shot.rng == "short":
            for victim, _ in victims:
                victim.short_hit_turn = state.turn
        for victim, part in victims:
            take(state, shot, victim, points * part, log)
        if collateral or through:
            log.emit("collateral", target=shot.target.name, where="hull" if shot.aim == "rigging" else "rigging",
                     collateral=round(collateral, 1), through=round(through, 1), initial=shot.initial)
            for victim, part in victims:
                side_hit = G.hull_side_hit(shot.ship, victim)
                spread(state, shot, victim, side_hit, collateral * part, through * part, log)
        if extra == "fire":
            start_fire(shot.target, "hull" if shot.aim == "hull" else "rigging", log, cause="well-laid")
        elif extra == "rudder":
            shot.target.rudder = True
            log.emit("rudder", ship=shot.target.name)
        elif extra == "magazine" and shot.target.afloat:
            explode(state, shot.target, log)


def take(state: ScaState, shot: Shot, victim: Ship, points: float, log) -> None:
    if not victim.afloat:
        return
    if shot.ship.side != victim.side and shot.ship.id not in victim.hit_by:
        victim.hit_by.append(shot.ship.id)
    if shot.aim == "rigging" and victim.rigging:
        damage_rigging(state, victim, points, log)
    else:
        damage_hull(state, victim, G.hull_side_hit(shot.ship, victim), points, log)


def spread(state: ScaState, shot: Shot, victim: Ship, side_hit: str, collateral: float, through: float,
           log) -> None:
    """The second table's collateral damage (to the area not aimed at) and, at close range, the
    balls through to the far side."""
    if not victim.afloat:
        return
    if collateral:
        if shot.aim == "rigging":
            damage_hull(state, victim, side_hit, collateral, log)
        elif victim.rigging:
            damage_rigging(state, victim, collateral, log)
    if through and victim.afloat:
        damage_hull(state, victim, "port" if side_hit == "starboard" else "starboard", through, log)


def unlucky_shot(state: ScaState, shot: Shot, roller: Roller) -> None:
    """The unlucky shot falls on the side that fired at the shorter range."""
    total = dice3(roller, f"unlucky shot of {shot.ship.id}")
    dcs, percent, fire = G.unlucky(total)
    roller.log.emit("unlucky", ship=shot.ship.name, total=total, dcs=dcs, percent=percent, fire=fire)
    ship = shot.ship
    if dcs:
        damage_hull(state, ship, shot.side, ship.dc - ship.hull_points[shot.side], roller.log)
    if percent:
        damage_hull(state, ship, shot.side, percent_of_dc(ship, percent), roller.log)
    if fire and ship.afloat:
        start_fire(ship, "hull", roller.log, cause="gun burst")


def board_all(state: ScaState, ships: list[Ship], orders: dict[str, dict[str, Any]], roller: Roller) -> None:
    """Sezione 7: prepare the boarding parties ("approntare abbordaggio"), then one melee
    test against each enemy ship in contact with a ready one; the others in contact
    support. A struck ship is taken without a melee."""
    log = roller.log
    for ship in ships:
        if orders[ship.id].get("boarders") != "yes" or ship.boarders_ready or not ship.fighting:
            continue
        ship.boarders_ready = A.result("board", ship.score or 3) == A.OK
        log.emit("boarders" if ship.boarders_ready else "boarders_failed", ship=ship.name, score=ship.score)
    ready = [s for s in ships if s.boarders_ready and s.fighting]
    side = state.acting_side
    done: set[str] = set()
    for ship in ready:
        for c in ship.contacts:
            if c.other == "land" or c.other in done:
                continue
            enemy = state.ship(c.other)
            if (enemy.owner or enemy.side) == side or enemy.status not in ("afloat", "struck"):
                continue
            done.add(enemy.id)
            if enemy.status == "struck":
                capture(state, enemy, side, log)
                continue
            melee(state, ship, enemy, ready, roller)


def melee(state: ScaState, attacker: Ship, defender: Ship, ready: list[Ship], roller: Roller) -> None:
    support_for = sum(1 for s in ready if s is not attacker and any(c.other == defender.id for c in s.contacts))
    support_against = sum(1 for s in state.ships if s is not defender and s.boarders_ready and s.fighting
                          and (s.owner or s.side) != state.acting_side
                          and any(c.other == attacker.id for c in s.contacts))
    total = dice3(roller, f"melee of {attacker.id} on {defender.id}")
    score = melee_score(total, attacker, defender, support_for, support_against)
    outcome = melee_outcome(score)
    roller.log.emit("melee", ship=attacker.name, target=defender.name, roll=total, score=score, outcome=outcome)
    for s in (attacker, defender):
        for c in s.contacts:
            if c.other in (attacker.id, defender.id):
                c.grade = "B"
    if state.options.melee_damage:
        # Translator's note 7: 10 % of a hull and a rigging DC, to the ship that tested when
        # repelled, to both while it goes on, to the prize when taken.
        hurt = {"repelled": [attacker], "continues": [attacker, defender], "captured": [defender]}[outcome]
        for s in hurt:
            damage_hull(state, s, "starboard", percent_of_dc(s, 10), roller.log)
            damage_rigging(state, s, percent_of_dc(s, 10), roller.log)
    attacker.melee = defender.melee = outcome == "continues"
    if outcome == "captured" and defender.afloat:
        capture(state, defender, state.acting_side, roller.log)
    attacker.boarders_ready = outcome == "continues"


def capture(state: ScaState, ship: Ship, side: str, log) -> None:
    """"la nave catturata passa al giocatore che ha vinto la mischia che ne assume il
    controllo attraverso un equipaggio da preda con la stessa qualità dell'equipaggio
    originario; la nave catturata non può far fuoco o abbordare\"."""
    ship.status, ship.owner, ship.melee, ship.boarders_ready = "captured", side, False, False
    ship.seat = next(s.id for s in state.seats if s.side == side)
    log.emit("captured", ship=ship.name, side=side)


def morale_tests(state: ScaState, roller: Roller) -> None:
    """Sezione 8 i: "Il test del morale va eseguito al termine delle azioni di un giocatore e
    prima che l'altro inizi la propria parte di turno"; "Se il punteggio modificato è zero o
    meno la nave ammaina la bandiera e si arrende.\""""
    for ship in state.ships:
        if not ship.morale_due:
            continue
        ship.morale_due = False
        if ship.status != "afloat" or ship.fixed:
            ship.bow_rakes = ship.stern_rakes = 0
            continue
        total = dice3(roller, f"morale of {ship.id}")
        score = morale_score(total, ship) + morale_bonus(state, ship.owner or ship.side)
        ship.morale_tests += 1
        ship.bow_rakes = ship.stern_rakes = 0
        struck = score <= 0
        roller.log.emit("morale", ship=ship.name, roll=total, score=score, struck=struck)
        if struck:
            state.bonus_void = True  # "fino al momento in cui una nave, di qualunque parte, si arrende"
            ship.status = "struck"
            ship.sail = "furled"
            ship.boarders_ready = False

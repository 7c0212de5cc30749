"""Optional rule 9, the rigging test ("Test sulla velatura"), a switch.

"Il test deve essere effettuato quando la nave: fallisce il secondo turno di una
virata; si trova, per qualsiasi motivo, contro vento a meno che non abbia ricevuto
l'ordine di virare; si trova con velatura spiegata — Full Sail — con vento forte".
"Se il punteggio modificato è negativo la nave subisce danni alla velatura; l'entità dei
danni è calcolata moltiplicando il punteggio modificato (trascurando il segno) per un
decimo di DC della nave."
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.sca.damage import damage_rigging
from rules.sca.fleet import rank
from rules.sca.morale import band
from rules.sca.state import ScaState, Ship

BASE = {"elite": 10, "good": 9, "average": 8, "poor": 7}
SAIL = {"furled": 0, "easy": -2, "full": -5}
# "brezza leggera: -2; brezza moderata: -3; vento forte: -4"; light air is not listed: it
# is read as the light breeze, the club's one breeze as the moderate one.
WIND = {"light": -2, "breeze": -3, "strong": -4,
        # optional rule 2's extremes: a storm one step beyond the strong wind, a calm as light air
        "storm": -5, "calm": -2}


def rigging_score(total: int, ship: Ship, strength: str) -> int:
    return (BASE[ship.crew] + band(total) - int(ship.hove_to) - ship.rigging_lost
            + SAIL[ship.sail] + WIND[strength])


def rigging_test(state: ScaState, ship: Ship, why: str, roller: Roller) -> None:
    total = sum(roller.roll(6, f"rigging test of {ship.id}") for _ in range(3))
    score = rigging_score(total, ship, state.strength)
    points = -score * ship.dc / 10 if score < 0 else 0.0
    roller.log.emit("rigging_test", ship=ship.name, roll=total, score=score, why=why, damage=round(points, 1))
    if points:
        damage_rigging(state, ship, points, roller.log)


# Optional rule 9's collision modifiers: "vascello con squadre di abbordaggio pronte in una
# collisione: +1; collisione o nave arenata su fondo roccioso: -5; collisione o nave arenata su
# fondo sabbioso: -3; per ogni classe di differenza, a sfavore, in una collisione con altra
# nave: -1". A collision with a ship and a coast (which has no bottom given) count as the
# rocky -5: with an average crew in a breeze that is the Fast Play's 20 % / 50 % on average.
COLLISION = -5


def collision_modifier(ship: Ship, other: Ship | None) -> int:
    mod = COLLISION + int(ship.boarders_ready)
    if other is not None:
        mod -= max(0, rank(ship) - rank(other))
    return mod


def collision_test(state: ScaState, ship: Ship, other: Ship | None, roller: Roller) -> None:
    """The rigging test of a ship in a collision; the damage counts the other's DC (a coast's:
    her own)."""
    total = sum(roller.roll(6, f"rigging test of {ship.id}") for _ in range(3))
    score = rigging_score(total, ship, state.strength) + collision_modifier(ship, other)
    unit = (other or ship).dc
    points = -score * unit / 10 if score < 0 else 0.0
    roller.log.emit("rigging_test", ship=ship.name, roll=total, score=score, why="collision",
                    damage=round(points, 1))
    if points:
        damage_rigging(state, ship, points, roller.log)

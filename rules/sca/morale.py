"""Boarding melee (Sezione 7 iv), the morale test and the points of victory (Sezione 8)."""
from __future__ import annotations

import math

from rules.sca.fleet import CREW_RANK
from rules.sca.state import ScaOptions, ScaState, Ship


def band(total: int) -> int:
    """"se il punteggio dei 3d6 è 3-6: -2; 7-10: -1; 11-14: +1; 15-18: +2\""""
    return -2 if total <= 6 else -1 if total <= 10 else 1 if total <= 14 else 2


def melee_score(total: int, attacker: Ship, defender: Ship, support_for: int, support_against: int) -> int:
    """Sezione 7 iv: "qualità del proprio equipaggio superiore: +1; per ogni DC perso sulla
    nave avversaria: +1; per ogni nave in supporto agli arrembatori: +1; la propria nave più
    grande (confrontare il BF iniziale): +1; la propria nave più piccola: -1; qualità del
    proprio equipaggio inferiore: -1; per ogni DC perso sulla propria nave: -1; per ogni
    nave in supporto agli avversari: -1". "Navi in supporto di entrambe si annullano a
    vicenda\"."""
    crew = (CREW_RANK[attacker.crew] > CREW_RANK[defender.crew]) - (CREW_RANK[attacker.crew] < CREW_RANK[defender.crew])
    size = (attacker.bf > defender.bf) - (attacker.bf < defender.bf)
    net = support_for - support_against
    return band(total) + crew + defender.dcs_lost - attacker.dcs_lost + size + net


def melee_outcome(score: int) -> str:
    """"0 o meno: gli arrembatori sono respinti; 1-2: la mischia continua nel turno
    successivo; 3 o più: il vascello è catturato.\""""
    return "repelled" if score <= 0 else "continues" if score <= 2 else "captured"


def morale_score(total: int, ship: Ship) -> int:
    """Sezione 8 i: "si parte da un valore base che è pari al valore di un DC diviso per
    dieci", changed by the dice's band, "fuoco a bordo: -1; nave alla deriva: -1; timone
    danneggiato: -1; per ogni RDC perso: -1; per ogni nave avversaria che ha colpito la
    propria nave nel turno: -1; per ogni test del morale precedente: -1; per ogni HDC
    perso: -2; per ogni infilata di prua nel turno: -2; per ogni infilata di poppa: -4"."""
    return (ship.dc // 10 + band(total) - int(ship.fires > 0) - int(ship.hove_to) - int(ship.rudder)
            - ship.rigging_lost - len(set(ship.hit_by)) - ship.morale_tests - 2 * sum(ship.hull_lost.values())
            - 2 * ship.bow_rakes - 4 * ship.stern_rakes)


def victory_points(state: ScaState, options: ScaOptions) -> dict[str, float]:
    """Sezione 8 ii: "per ogni nave nemica che ha perso almeno un DC: 1 punto; per ogni
    nave nemica che ha ammainato la bandiera o è stata distrutta: 50% del BF iniziale; per
    ogni nave nemica catturata: il BF iniziale" (rounded down). Note 10 (an option): a point
    per DC lost, the BF for a ship struck or destroyed, twice the BF for a prize."""
    scores = {side: 0.0 for side in state.sides}
    for ship in state.ships:
        for side in state.sides:
            if side == ship.side:
                continue
            if options.dc_victory_points:
                got = ship.dcs_lost
                if ship.status == "captured":
                    got += 2 * ship.bf
                elif ship.status in ("struck", "sunk", "exploded", "burnt"):
                    got += ship.bf
            else:
                got = 1 if ship.dcs_lost else 0
                if ship.status == "captured":
                    got += ship.bf
                elif ship.status in ("struck", "sunk", "exploded", "burnt"):
                    got += ship.bf / 2
            scores[side] += got
    return {side: float(math.floor(v)) for side, v in scores.items()}

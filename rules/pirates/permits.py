"""Other fleets' use of a fort ("Forte"): "Una nave attraccata all'isola può imbarcare e
sbarcare equipaggio e tesori dal forte, con il permesso del proprietario del forte, come
se fosse la propria isola base."

The owner grants another fleet the use of her fort, and withdraws it, as a free action of
her manoeuvre (``permit``), told to everyone and shown on the fort's card: once a turn for
each fort and fleet ("solo una volta per ogni insieme di oggetti coinvolti", which also
keeps a player from toggling it for ever). A guest's ship docked at the fort's island may
then take treasure out of the fort, leaving at least its value, and put treasure into it
(:mod:`rules.pirates.cargo`), as her owner's ships do. Treasure in a fort counts for the
fort's owner ("il valore dei tesori [...] nei propri forti"): what a guest leaves there is
the owner's. A guest's ships do not bank into it by themselves, nor put out their fires
there ("un'isola con un proprio forte"). Crews go ashore and aboard at any island their
ship is docked at already, so the permission adds nothing for them.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates.state import Fort, PiratesState

PERMIT = "permit"
YES, NO = "yes", "no"


def may_use(fort: Fort, side: str) -> bool:
    """Its owner, or a fleet she has let use it."""
    return fort.side == side or side in fort.guests


def others(state: PiratesState, fort: Fort) -> list[str]:
    """The fleets whose permission for ``fort`` its owner may change this turn."""
    return [s for s in state.sides if s != fort.side and s not in fort.changed]


def grantable(state: PiratesState, side: str) -> list[Fort]:
    """The owner's forts with a permission she may still change this turn."""
    return [f for f in state.forts if f.side == side and others(state, f)]


def why_not(state: PiratesState, side: str, fort: Fort | None, guest: str, allow: bool) -> str | None:
    """What stands in the way of that change (a catalogue code), None if it may be made."""
    if fort is None or fort.side != side:
        return "why.permit-not-yours"
    if guest not in state.sides or guest == side:
        return "why.permit-no-fleet"
    if guest in fort.changed:
        return "why.permit-once"
    if allow == (guest in fort.guests):
        return "why.permit-already" if allow else "why.permit-not-granted"
    return None


def change(state: PiratesState, fort: Fort, guest: str, allow: bool, roller: Roller) -> None:
    if allow:
        fort.guests.append(guest)
    else:
        fort.guests.remove(guest)
    fort.changed.append(guest)
    roller.log.emit("fort_granted" if allow else "fort_withdrawn", fort=fort.id, side=fort.side, guest=guest,
                    names=state.names(fort.id))

"""The table as a captain sees it: a rules state rebuilt from his seat's view alone,
so that the rules' own geometry (rules.pirates.movement, .shooting) answers where a
move ends and what a gun reaches. What the view hides stays unknown: an enemy's face
down crew is a plain hand, a face-down treasure is worth nothing known (0)."""
from __future__ import annotations

from typing import Any

from rules.core.ruleset import Seat
from rules.pirates.state import Crew, Fort, Gun, Island, PiratesState, Ship, Slot, Treasure, Zone

UNKNOWN_CREW = "deckhand"


def _treasure(t: dict[str, Any], place: str) -> Treasure:
    return Treasure(id=t["id"], value=t["value"] or 0, place=place, need=t.get("need"))


def state_from_view(view: dict[str, Any]) -> PiratesState:
    sides = list(view["sides"])
    seats = {s["side"]: s["player"] for s in view["ships"] if s.get("player")}
    board = view["board"]
    state = PiratesState(
        seats=[Seat(id=seats.get(side, f"seat-{side}"), side=side) for side in sides],
        scenario=str(view.get("scenario")), cols=board["cols"], rows=board["rows"], sides=sides,
        turn=view.get("turn") or 1, step=view.get("step") or "manoeuvre",
        islands=[Island(id=i["id"], name=i["name"], kind=i["kind"], side=i["side"], outline=i["outline"],
                        land=i["land"], coast=i["coast"], explored=i["explored"]) for i in view["islands"]],
        zones=[Zone(id=z["id"], kind=z["kind"], outline=z["outline"], squares=z["squares"], die=z["die"])
               for z in view["zones"]],
        ships=[], order=[Slot(side=s, count=n) for s, n in view.get("order", [])])
    for s in view["ships"]:
        state.ships.append(Ship(
            id=s["id"], key=s["key"], name=s["name"], side=s["side"], points=s["points"], masts=s["masts"],
            guns=[Gun(**g) for g in s["guns"]], cargo=s["cargo"], speed=s["speed"], col=s["x"], row=s["y"],
            facing=round(s["heading"] / 45) % 8, length=s.get("length", s["cells"]), status=s["status"],
            docked=s["docked"], towing=s.get("towing"), towed_by=s.get("towed_by"),
            stuck_to=s["stuck_to"], fog=s["fog"], becalmed=s["becalmed"], moved=s["moved"], firing=s["firing"],
            acted=s["acted"], burning=s.get("burning", 0), ghost=s.get("ghost", False)))
        state.treasures += [_treasure(t, s["id"]) for t in s["hold"]]
        state.crews += [Crew(id=c["id"], key=c["key"] or UNKNOWN_CREW, side=c["side"], place=s["id"],
                             revealed=c["revealed"]) for c in s["crew"]]
    for f in view.get("forts", []):
        state.forts.append(Fort(id=f["id"], key=f["key"], name=f["name"], side=f["side"], island=f["island"],
                                value=f["value"], squares=f["squares"], flags=f["flags"],
                                guns=[Gun(**g) for g in f["guns"]]))
    state.crews += [Crew(id=m["id"], key=m["key"], side=m["side"], place=m["island"], revealed=True,
                         cell=tuple(m["cell"]), acted=m["acted"], firing=m["firing"], hits=m["hits"])
                    for m in view.get("marines", [])]
    for place in [*view["islands"], *view["zones"], *view.get("forts", [])]:
        state.treasures += [_treasure(t, place["id"]) for t in place["treasure"]]
    return state

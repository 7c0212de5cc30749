"""The edge of the table (Sezione 1 iii): the sea moves under the fleets. Apart from
:mod:`sailing` because a collision's push and drift (optional rule 7) reach the edge too."""
from __future__ import annotations

from rules.core.events import EventLog
from rules.core.tables.open_table import base_polygon, outside_table
from rules.sca.scale import told
from rules.sca.geometry import base, pose
from rules.sca.state import ScaState, Ship


def keep_on_table(state: ScaState, movers: list[Ship], log: EventLog) -> None:
    """Sezione 1 iii: "Se ... una o più navi raggiungono il bordo del tavolo semplicemente
    spostare tutti i modelli in direzione opposta della stessa distanza ... è il mare che si
    sposta sotto di loro." Where the sea cannot move (land on the table, or a ship at the
    opposite edge) the ship leaves the battle."""
    w, h = state.table.width, state.table.height
    for ship in movers:
        if ship.status not in ("afloat", "captured") or not outside_table(base(ship), w, h):
            continue
        minx, miny, maxx, maxy = base(ship).bounds
        margin = 100.0
        dx = (margin - minx) if minx <= 0 else (w - margin - maxx) if maxx >= w else 0.0
        dy = (margin - miny) if miny <= 0 else (h - margin - maxy) if maxy >= h else 0.0
        afloat = [s for s in state.ships if s.afloat]
        fits = not state.table.land and all(
            not outside_table(base_polygon(pose(s).__class__(s.x + dx, s.y + dy, pose(s).heading), s.length, s.width),
                              w, h) for s in afloat)
        if fits:
            for s in state.ships:
                s.x, s.y = s.x + dx, s.y + dy
                s.trail = [(x + dx, y + dy) for x, y in s.trail]
            log.emit("sea_shift", ship=ship.name, dx=told(state.options, dx), dy=told(state.options, dy))
        else:
            ship.status = "escaped"
            log.emit("left_table", ship=ship.name)

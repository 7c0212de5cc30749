"""Event lines in the reader's language, from the event's data alone."""
from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.core.texts import Speaker
from rules.sca.wording import TEXTS

# Stored values that are said in words, by the prefix of their words.
WORDS = {"side": "side", "aim": "aim", "rng": "rng", "sail": "sail", "where": "where", "outcome": "outcome",
         "strength": "strength", "cause": "cause", "why": "testwhy"}


def describe(event: Event, lang: str = "en") -> str:
    say = Speaker(TEXTS, lang)
    d: dict[str, Any] = dict(event.data)
    kind = event.kind
    for key, prefix in WORDS.items():
        if key in d:
            d[key] = say.word("sidename" if kind in ("part_start", "part_end", "captured", "fleet_morale_zero", "fleet_broken") and key == "side" else prefix, d[key])
    if kind == "orders":
        d["what"] = orders_text(say, event.data)
    elif kind == "fire_burns":
        d["loss"] = (say("sca.bit.loss-dcs", n=d["dcs"]) if d.get("dcs")
                     else say("sca.bit.loss-pct", n=d["percent"]) if d.get("percent") else "")
    elif kind == "shot_hit":
        d["rake"] = say("sca.bit.rake", what=say.word("rake", d["rake"])) if d.get("rake") else ""
        d["well"] = say("sca.bit.well", what=say.word("well", d["well_laid"])) if d.get("well_laid", "none") != "none" else ""
    elif kind == "unlucky":
        d["what"] = (say("sca.bit.burst", n="1" if d["dcs"] else "50%") if d["dcs"] or d["percent"]
                     else say("sca.bit.fire-only") if d["fire"] else say("sca.bit.nothing"))
    elif kind == "morale":
        d["result"] = say("sca.bit.struck") if d["struck"] else say("sca.bit.holds")
    elif kind == "signal":
        parts = []
        if event.data.get("course", "none") != "none":
            parts.append(say("sca.bit.signal-course", course=event.data["course"]))
        if event.data.get("sail", "none") != "none":
            parts.append(say.word("sailway", event.data["sail"]))
        d["what"] = "; ".join(parts)
        d["side"] = say.word("sidename", event.data["side"])
    elif kind == "collision_way":
        d["tangle"] = say("sca.bit.entangled") if d.get("entangled") else ""
    elif kind == "north_side":
        d["edge"] = say.word("edge", d["edge"])
    elif kind == "scenario_refused":
        d["fleet"] = say.word("sidename", d["fleet"])
    elif kind == "card":
        who = d.get("player") or (say.word("sidename", d["fleet"]) if d.get("fleet") else "")
        d["what"] = say.word("deck", d["card"]) + (f" — {who}" if who else "")
        if d.get("spent"):
            d["what"] = say("sca.bit.spent", what=d["what"])
    elif kind == "sail_failed":
        d["way"] = say.word("sailway", d["way"])
    elif kind == "game_over":
        end = str(d.get("end", ""))
        side = say.word("sidename", end.split(":", 1)[1]) if ":" in end else ""
        d["why"] = (say("sca.why.sides", side=side) if end.startswith("sides:")
                    else say("sca.why.broken", side=side) if end.startswith("broken:") else say("sca.why.turns"))
        d["scores"] = ", ".join(f"{say.word('sidename', side)} {int(v)}" for side, v in d["scores"].items())
        line = say("sca.ev.game_over", **d)
        code = "sca.outcome.morale" if end.startswith("broken:") else "sca.outcome.win"
        win = say(code, side=say.word("sidename", d["winner"])) if d.get("winner") else say("sca.outcome.draw")
        return f"{line} {win[0].upper()}{win[1:]}."
    return say(f"sca.ev.{kind}", **d)


def orders_text(say: Speaker, p: dict[str, Any]) -> str:
    action = p.get("action")
    parts = []
    if action == "tack":
        parts.append(say("sca.bit.tack"))
    elif action == "light":
        parts.append(say("sca.bit.light"))
    elif action == "sail":
        parts.append(say("sca.bit.steer", course=p.get("course", "")))
        if p.get("course2") and p["course2"] != p.get("course"):
            parts.append(say("sca.bit.then", course=p["course2"]))
    if p.get("sail") in ("up", "down"):
        parts.append(say.word("sailway", p["sail"]))
    if p.get("fire") and p["fire"] != "none":
        parts.append(say("sca.bit.aim", fire=say.word("fire", p["fire"]), aim=say.word("aim", p.get("aim", "hull"))))
        if p.get("fire_when") in ("first", "second"):
            parts.append(say("sca.bit.when", segment=say.word("when", p["fire_when"])))
        elif p.get("fire_when") in ("before", "middle"):
            parts.append(say.word("when", p["fire_when"]))
    if p.get("boarders") == "yes":
        parts.append(say("sca.bit.board"))
    if p.get("cast_off") == "yes":
        parts.append(say("sca.bit.free"))
    return "; ".join(parts)

"""One line per event, in the reader's language (catalogue ``hoo``)."""
from __future__ import annotations

from rules.core.events import Event
from rules.core.texts import Speaker, known, side_name, text
from rules.hoo.wording import TEXTS

AREAS = ("sails", "guns", "hull", "crew")


def hex_side(side: int, lang: str = "en") -> str:
    """A hex side by its compass name in ``lang`` (side 0 north, clockwise; SW is "SO" in Italian)."""
    return TEXTS.text(f"hoo.hexside.{int(side) % 6}", lang)


def _count(say: Speaker, what: str, n: int) -> str:
    """``n`` hexes or hits in words, singular for one."""
    return say(f"hoo.count.{what}.{'one' if int(n) == 1 else 'many'}", n=n)


def _side(side: str, lang: str) -> str:
    """A side as its players name it (hoo.nation.<side>), never its id."""
    return side_name("hoo", str(side), lang)


def describe(event: Event, lang: str = "en") -> str:
    say = Speaker(TEXTS, lang)
    d = dict(event.data)
    kind = event.kind
    if kind == "roll":
        return say("hoo.event.roll", sides=d["sides"], reason=d["reason"], value=d["value"])
    if kind == "game_start":
        rolls = ", ".join(f"{_side(side, lang)} {die}" for side, die in d["rolls"].items())
        # a ready-made scenario's title is a code of the catalogue; a custom one is words
        title = text(d["title"], lang) if d["title"] and known(d["title"]) else d["title"]
        return say("hoo.event.game_start", title=title, rolls=rolls)
    if kind in ("wind_set", "turn_start"):
        return say(f"hoo.event.{kind}", wind=hex_side(d["wind"], lang), turn=d.get("turn", ""))
    if kind == "wind_shift":
        if d["way"] == "none":
            return say("hoo.event.wind_stays", wind=hex_side(d["wind"], lang))
        return say("hoo.event.wind_shift", way=say.word("way", d["way"]), wind=hex_side(d["wind"], lang))
    if kind == "wind_change":
        return say("hoo.event.wind_change", way=say.word("way", d["way"]), total=d["total"],
                   after=hex_side(d["after"], lang))
    if kind == "initiative":
        ties = d.get("tiebreaks", 0)
        return say("hoo.event.initiative", order=", ".join(f"{n} ({d['rolls'][i]})" for i, n in
                                                           zip(d["order"], d["names"])),
                   ties=say(f"hoo.event.tiebreaks.{'one' if ties == 1 else 'many'}", n=ties) if ties else "")
    if kind in ("sailed", "drift"):
        return say(f"hoo.event.{kind}", name=d["name"], course=d.get("course") or "-", cost=d.get("cost", 0),
                   hex=f"{d['q']},{d['r']}", heading=hex_side(d.get("facing", 0), lang))
    if kind == "fire":
        aimed = say("hoo.event.aimed", aim=say.word("area", d["aim"])) if d.get("aim") else ""
        return say("hoo.event.fire", name=d["name"], broadside=say.word("broadside", d["broadside"]),
                   tname=d["tname"], distance=_count(say, "hexes", d["hexes"]), raked=say.word("raked", d["raked"]),
                   aimed=aimed, dice=d["dice"], rolls=" ".join(map(str, d["rolls"])) or "-",
                   scored=_count(say, "hits", d["hits"]))
    if kind == "damage":
        boxes = ", ".join(f"{say.word('area', a)} {d[a]}" for a in AREAS if d.get(a))
        if not boxes:
            return say("hoo.event.no_damage", name=d["name"])
        return say("hoo.event.damage", name=d["name"], boxes=boxes, speed=d["speed"], guns_left=d["guns_left"],
                   hull_left=d["hull_left"], crew_left=d["crew_left"])
    if kind == "critical":
        dead = say("hoo.event.helm-dead") if d.get("dead") else ""
        return say(f"hoo.event.critical.{d['area']}", name=d["name"], total=d["total"], lost=d.get("lost", 0),
                   die=d.get("die", 0), hull_left=d.get("hull_left", 0), dead=dead)
    if kind == "no_critical":
        return say("hoo.event.no_critical", name=d["name"], area=say.word("area", d["area"]), total=d["total"])
    if kind in ("sunk", "struck"):
        return say(f"hoo.event.{kind}", name=d["name"], why=say.word(kind, d["why"]))
    if kind == "surrender_roll":
        return say("hoo.event.surrender_roll", name=d["name"], die=d["die"], yellow=d["yellow"],
                   result=say("hoo.event.holds" if d["holds"] else "hoo.event.gives-up"))
    if kind in ("grapple", "cast_off"):
        ok = d["held"] if kind == "grapple" else d["free"]
        result = {("grapple", True): "held", ("grapple", False): "missed", ("cast_off", True): "free",
                  ("cast_off", False): "still-held"}[(kind, ok)]
        return say(f"hoo.event.{kind}", name=d["name"], tname=d["tname"], mine=d["mine"], theirs=d["theirs"],
                   result=say(f"hoo.event.{result}"))
    if kind == "seized":
        return say(f"hoo.event.seized.{d['how']}", name=d["name"], tname=d["tname"])
    if kind == "leak":
        return say("hoo.event.leak", name=d["name"], die=d["die"], total=d["total"],
                   result=say("hoo.event.plugged" if d["plugged"] else "hoo.event.leaking"))
    if kind == "float_off":
        return say("hoo.event.float_off", name=d["name"], die=d["die"], total=d["total"],
                   result=say("hoo.event.afloat" if d["free"] else "hoo.event.still-aground"))
    if kind == "numbered":
        return say("hoo.event.numbered", side=_side(d["side"], lang),
                   order=", ".join(f"{i + 1} {name}" for i, name in enumerate(d["names"])))
    if kind == "melee":
        return say("hoo.event.melee", name=d["name"], tname=d["tname"], dice=d["dice"], against=d["against"],
                   hits=_count(say, "hits", d["hits"]), taken=_count(say, "hits", d["taken"]))
    if kind == "game_over":
        scores = ", ".join(f"{_side(side, lang)} {n}" for side, n in d["scores"].items())
        result = say("hoo.event.winner", side=_side(d["winner"], lang)) if d.get("winner") else say("hoo.event.draw")
        return say("hoo.event.game_over", why=say.word("why", d["why"]), result=result, scores=scores)
    return say(f"hoo.event.{kind}", **d)

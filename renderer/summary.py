"""The summary card of a finished game: the result, each side's losses and the decisive
moments (``rules.core.summary.GameSummary``), as one PNG to post at the end of the game
and show on the report page, with alt text that says the same in words.

The card is 1000 px wide so that, shown 550 px wide on a phone, its smallest text is
still over 14 px. Long lists wrap; the list of moments is cut with "and N more" only
when the alt text holds the whole list (it is then the full list the card points to),
else the card groups them by turn, fate and side and shows them all.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from PIL import Image, ImageDraw

from renderer.pieces import side_label
from renderer.png import encode
from renderer.side_colours import ruleset_theme
from renderer.summary_words import TEXTS, fate_label, fate_words
from renderer.theme import DEFAULT_THEME, Theme, font, text_width
from rules.core.scenarios import scenario_title
from rules.core.summary import FIRST_BLOOD, GameSummary, Moment, SideSummary
from rules.core.texts import catalogues

WIDTH = 1000
PAD = 36
TITLE_PX, RESULT_PX, BODY_PX, SMALL_PX = 40, 36, 30, 27
LINE_GAP = 8
MOST_MOMENTS = 12  # lines of moments drawn before "and N more", when the alt text lists them all
ALT_LIMIT = 1000  # Discord takes 1024 characters of an attachment's description
PAPER = (246, 241, 228)
RULE = (201, 185, 143)


def _t(code: str, lang: str, **params: Any) -> str:
    return TEXTS.text(code, lang, **params)


def _summary(summary: GameSummary | Mapping[str, Any]) -> GameSummary:
    return summary if isinstance(summary, GameSummary) else GameSummary.model_validate(summary)


def title_of(s: GameSummary, lang: str) -> str:
    return scenario_title(s.title, lang) or _t("summary.heading", lang)


def result_words(s: GameSummary, lang: str) -> str:
    """Who won and how, the kind in the ruleset's own words where its catalogue has them."""
    if s.outcome is None:
        return _t("summary.unfinished", lang)
    said = (_t("summary.winner", lang, side=side_label(s.outcome.winner)) if s.outcome.winner
            else _t("summary.draw", lang))
    own = catalogues().get(s.ruleset)
    if own is not None and f"{s.ruleset}.kind.{s.outcome.kind}" in own:
        said += f" — {own.word(f'{s.ruleset}.kind', s.outcome.kind, lang)}"
    return said


def reason_words(s: GameSummary, lang: str) -> str:
    if s.outcome is None:
        return ""
    return s.outcome.why.render(lang) if s.outcome.why is not None else s.outcome.reason


def moment_words(m: Moment, lang: str) -> str:
    if m.kind == FIRST_BLOOD:
        code = "summary.first-blood-critical" if m.critical else "summary.first-blood"
        return _t(code, lang, by=m.by or "?", name=m.name)
    return fate_words(m.kind, m.name, lang)


def _score(score: float | None, lang: str) -> str:
    return "" if score is None else _t("summary.score", lang, points=f"{score:g}")


def _alt_moments(s: GameSummary, lang: str, sided: bool) -> str:
    """The moments turn by turn, the ships of one fate in a turn together; ``sided``
    names the sides too, after each side's ships (when the sides' sentences do not list
    their losses by name)."""
    if not s.moments:
        return _t("summary.no-moments", lang)

    def named(name: str | None, side: str | None) -> str:
        return f"{name} ({side_label(side)})" if sided and name and side else (name or "?")

    turns: dict[str, dict[str, dict[str, list[str]]]] = {}
    for m in s.moments:
        fates = turns.setdefault("?" if m.turn is None else str(m.turn), {})
        if m.kind == FIRST_BLOOD:
            fates.setdefault(FIRST_BLOOD, {}).setdefault("", []).append(moment_words(
                m.model_copy(update={"name": named(m.name, m.side), "by": named(m.by, m.by_side)}), lang))
        else:
            fates.setdefault(m.kind, {}).setdefault(m.side, []).append(m.name)

    def ships(by_side: dict[str, list[str]]) -> str:
        if not sided:
            return ", ".join(name for names in by_side.values() for name in names)
        return "; ".join(", ".join(names) + (f" ({side_label(side)})" if sided and side else "")
                         for side, names in by_side.items())

    items = []
    for turn, fates in turns.items():
        parts = [ships(by_side) if kind == FIRST_BLOOD else _t("summary.alt-fate", lang, fate=fate_label(kind, lang),
                                                                  ships=ships(by_side))
                 for kind, by_side in fates.items()]
        items.append(_t("summary.alt-moment", lang, turn=turn, what="; ".join(parts)))
    return _t("summary.alt-moments", lang, items=". ".join(items))


def _alt_sides(s: GameSummary, lang: str, named: bool) -> str:
    def lost(x: SideSummary) -> str:
        if not x.lost:
            return _t("summary.none", lang)
        return ", ".join(x.lost) if named else _t("summary.lost-count", lang, n=len(x.lost))
    return " ".join(_t("summary.alt-side", lang, side=side_label(x.side),
                       score=f" ({_score(x.score, lang)})" if x.score is not None else "", lost=lost(x))
                    for x in s.sides)


def describe_summary(summary: GameSummary | Mapping[str, Any], lang: str = "en") -> str:
    """The card in words, every moment listed, in at most ALT_LIMIT characters: each
    side's losses by name, or, when that is too long, by number with each ship's side
    named in her moment (every ship lost at the end has one); cut with "…" only when
    even that is too long."""
    s = _summary(summary)
    result = result_words(s, lang)
    reason = reason_words(s, lang)
    said = ""
    for named in (True, False):
        said = _t("summary.alt", lang, title=title_of(s, lang), result=f"{result} ({reason})" if reason else result,
                  sides=_alt_sides(s, lang, named), moments=_alt_moments(s, lang, not named))
        if len(said) <= ALT_LIMIT:
            return said
    return said[:ALT_LIMIT - 1].rstrip() + "…"


def alt_lists_everything(summary: GameSummary | Mapping[str, Any], lang: str = "en") -> bool:
    return not describe_summary(summary, lang).endswith("…")


# -- drawing ----------------------------------------------------------------------------------

def wrap(text: str, size: int, width: int, bold: bool = False, sep: str = " ") -> list[str]:
    """``text`` in lines no wider than ``width`` px, broken after each ``sep`` (a word
    longer than a line is broken where it must). A list of names is wrapped with
    ``sep=", "`` so that no name is cut in two."""
    lines: list[str] = []
    line = ""
    words = text.split(sep)
    words = [w + sep.rstrip() for w in words[:-1]] + words[-1:]
    for word in words:
        trial = f"{line} {word}" if line else word
        if text_width(trial, size, bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, size, bold) > width:
            cut = len(word)
            while cut > 1 and text_width(word[:cut], size, bold) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines or [""]


@dataclass(frozen=True)
class Run:
    """One line of the card: where it starts, its text, size, weight and colour, and a
    side's mark before it (its index in the palette)."""

    x: int
    text: str
    size: int
    bold: bool = False
    colour: tuple[int, int, int] = DEFAULT_THEME.ink
    mark: int | None = None
    gap_before: int = 0
    band: str = "paper"  # paper or header


def _side_index(s: GameSummary) -> dict[str, int]:
    return {x.side: i for i, x in enumerate(s.sides)}


def layout(summary: GameSummary, lang: str, theme: Theme = DEFAULT_THEME) -> list[Run]:
    """The card's lines, top to bottom."""
    s = summary
    inner = WIDTH - 2 * PAD
    mark_w = text_width("● ", BODY_PX, True)
    runs: list[Run] = []
    for line in wrap(title_of(s, lang), TITLE_PX, inner, True):
        runs.append(Run(PAD, line, TITLE_PX, True, theme.header_ink, band="header"))
    if s.turns is not None:
        runs.append(Run(PAD, _t("summary.turns", lang, n=s.turns), SMALL_PX, False, theme.header_muted,
                        band="header"))
    result = wrap(result_words(s, lang), RESULT_PX, inner, True)
    runs += [Run(PAD, line, RESULT_PX, True, gap_before=24 if i == 0 else 0) for i, line in enumerate(result)]
    runs += [Run(PAD, line, SMALL_PX, False, theme.muted) for line in wrap(reason_words(s, lang), SMALL_PX, inner)
             if line]
    index = _side_index(s)
    for side in s.sides:
        head = side_label(side.side) + (f" · {_score(side.score, lang)}" if side.score is not None else "")
        runs.append(Run(PAD + mark_w, head, BODY_PX, True, mark=index[side.side], gap_before=20))
        lost = (_t("summary.lost", lang, ships=", ".join(side.lost)) if side.lost
                else _t("summary.lost-none", lang))
        runs += [Run(PAD + mark_w, line, SMALL_PX) for line in wrap(lost, SMALL_PX, inner - mark_w, sep=", ")]
    runs.append(Run(PAD, _t("summary.moments", lang), BODY_PX, True, gap_before=28))
    moments = list(s.moments)
    shorten = len(moments) > MOST_MOMENTS and alt_lists_everything(s, lang)
    lines = _grouped(moments, lang) if len(moments) > MOST_MOMENTS and not shorten else \
        [(m.turn, m.side, moment_words(m, lang), " ") for m in moments[:MOST_MOMENTS - 1 if shorten else None]]
    turn_w = max([text_width(_turn_words(turn, lang), SMALL_PX, True) for turn, *_ in lines] or [0]) + 18
    for turn, side, text, sep in lines:
        wrapped = wrap(text, SMALL_PX, inner - mark_w - turn_w, sep=sep)
        runs.append(Run(PAD, _turn_words(turn, lang), SMALL_PX, True, theme.muted, gap_before=6))
        runs += [Run(PAD + turn_w + mark_w, line, SMALL_PX, mark=index.get(side) if n == 0 else None,
                     gap_before=-1 if n == 0 else 0) for n, line in enumerate(wrapped)]
    if shorten:
        runs.append(Run(PAD, _t("summary.more", lang, n=len(moments) - len(lines)), SMALL_PX, True,
                        theme.muted, gap_before=6))
    if not moments:
        runs.append(Run(PAD, _t("summary.no-moments", lang), SMALL_PX))
    return runs


def _turn_words(turn: int | None, lang: str) -> str:
    return _t("summary.turn", lang, turn=turn) if turn is not None else _t("summary.turn-unknown", lang)


def _grouped(moments: list[Moment], lang: str) -> list[tuple[int | None, str, str, str]]:
    """The moments too many to list one a line, when the alt text cannot hold them
    all either: the ships one fate befell in a turn on one side, on one wrapped line
    ("sunk: Fox, Hare"), so that the card stays whole and short."""
    at: dict[tuple[int | None, str, str], int] = {}  # a group's line
    names: dict[tuple[int | None, str, str], list[str]] = {}
    lines: list[tuple[int | None, str, str, str]] = []
    for m in moments:
        if m.kind == FIRST_BLOOD:
            lines.append((m.turn, m.side, moment_words(m, lang), " "))
            continue
        key = (m.turn, m.kind, m.side)
        if key not in at:
            at[key] = len(lines)
            lines.append((m.turn, m.side, "", ", "))
        names.setdefault(key, []).append(m.name)
    for (turn, kind, side), n in at.items():
        lines[n] = (turn, side, _t("summary.alt-fate", lang, fate=fate_label(kind, lang),
                                   ships=", ".join(names[(turn, kind, side)])), ", ")
    return lines


def _line_height(size: int) -> int:
    ascent, descent = font(size).getmetrics()
    return ascent + descent + LINE_GAP


def render_summary(summary: GameSummary | Mapping[str, Any], *, lang: str = "en",
                   theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The card as an RGB image, WIDTH px wide and as tall as its lines.
    ``image.info["boxes"]`` holds each text's box (for the tests: all inside)."""
    s = _summary(summary)
    theme = ruleset_theme(replace(theme, lang=lang), s.ruleset, [x.side for x in s.sides])
    runs = layout(s, lang, theme)
    # A run with gap_before -1 sits on the line of the run before it (a moment's turn).
    places: list[int] = []
    y = PAD
    header_end = PAD
    for n, run in enumerate(runs):
        if run.gap_before == -1:
            places.append(places[-1])
            continue
        if n and run.band == "paper" and runs[n - 1].band == "header":
            header_end = y + PAD // 2
            y = header_end + PAD // 2
        y += max(run.gap_before, 0)
        places.append(y)
        y += _line_height(run.size)
    height = y + PAD
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, header_end), fill=theme.header_bg)
    boxes = []
    for run, top in zip(runs, places):
        f = font(run.size, run.bold)
        if run.mark is not None:
            mark = theme.side_shape(run.mark)
            mx = run.x - text_width(mark + " ", run.size, True)
            draw.text((mx, top), mark, font=font(run.size, True), fill=theme.side_colour(run.mark))
            boxes.append(draw.textbbox((mx, top), mark, font=font(run.size, True)))
        draw.text((run.x, top), run.text, font=f, fill=run.colour)
        boxes.append(draw.textbbox((run.x, top), run.text, font=f))
    draw.line((PAD, height - PAD // 2, WIDTH - PAD, height - PAD // 2), fill=RULE, width=2)
    img.info["boxes"] = boxes
    return img


def render_summary_bytes(summary: GameSummary | Mapping[str, Any], *, lang: str = "en",
                         theme: Theme = DEFAULT_THEME) -> bytes:
    return encode(render_summary(summary, lang=lang, theme=theme))


def summary_card(summary: Mapping[str, Any], lang: str = "en") -> tuple[bytes, str]:
    """What the loop posts at the end of a game: (PNG, alt text)."""
    return render_summary_bytes(summary, lang=lang), describe_summary(summary, lang)

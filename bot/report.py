"""A game's story as one self-contained web page: ``broadside campaign-report FILE``.

The page holds the result (each side's score and losses), the summary card the thread
got at the end (the decisive moments), the last map, the whole game
as an animated GIF and the public log, images inline (``data:`` addresses), so it can be
mailed or put on a club's site as one file. It is built from a game record alone (what
``/host export`` gives) and only from public things: the public views and the events
without a recipient, as the thread told them.
"""
from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field, replace

from bot import i18n
from bot.service.posting import frames_with_action, public_weights
from renderer import DEFAULT_THEME, describe_image, render_map_bytes, render_replay
from renderer.summary import summary_card
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset, manifest
from rules.core.scenarios import scenario_title
from rules.core.summary import summarise

MAX_FRAMES = 80  # a long game's replay is thinned evenly past this


@dataclass
class BattleReport:
    title: str
    ruleset: str
    result: str
    sides: list[tuple[str, str, str]]  # side, score, losses
    log: list[str]
    final_map: bytes
    final_alt: str
    replay_gif: bytes
    frames: int
    turns: int | None = None
    players: list[str] = field(default_factory=list)
    card: bytes = b""  # the summary card the thread got at the end (PNG), and its alt text
    card_alt: str = ""


def battle_report(record: GameRecord, lang: str = "en") -> BattleReport:
    """Replay ``record`` and gather what its page shows."""
    rules = get_ruleset(record.ruleset)
    result, states = replay(record, keep_states=True)
    log = [rules.describe(e, lang) for step in result.steps for e in step.events
           if e.to is None and e.kind != "roll"]
    weights = [public_weights(rules, step.events) for step in result.steps]
    kept = frames_with_action(weights) or [len(states) - 1]
    views = [rules.view(states[i], None) for i in kept]
    # A frame drawn after a step that went on into the next turn belongs to the turn
    # before; the start is not such a step (it opens turn 1).
    turns = [v.get("turn", 0) - (1 if i and "turn_start" in weights[i] else 0) for i, v in zip(kept, views)]
    theme = replace(DEFAULT_THEME, lang=lang)
    captions = [i18n.text("post.turn-frame", lang, turn=t) for t in turns]
    gif = render_replay(views, captions=captions, theme=theme, max_frames=MAX_FRAMES)
    last = rules.view(states[-1], None)
    outcome = result.outcome
    losses = rules.losses(states[-1])
    if outcome is None:
        verdict = i18n.text("report.unfinished", lang)
    elif outcome.winner:
        verdict = i18n.text("notice.final-winner", lang, side=outcome.winner)
    else:
        verdict = i18n.text("notice.final-draw", lang)
    sides = []
    for side in dict.fromkeys([*rules.sides(rules.setup_model.model_validate(record.setup)), *losses]):
        score = f"{outcome.scores[side]:g}" if outcome is not None and side in outcome.scores else "—"
        sides.append((side, score, ", ".join(losses.get(side, [])) or i18n.text("notice.final-none", lang)))
    title = scenario_title(record.setup.get("title"), lang) or record.scenario or record.ruleset
    summary = summarise(rules, states)
    card, card_alt = summary_card(summary.model_dump(mode="json"), lang)
    return BattleReport(title=title, ruleset=manifest(record.ruleset).title.render(lang), result=verdict, sides=sides,
                        log=log, final_map=render_map_bytes(last, lang=lang), final_alt=describe_image(last, lang),
                        replay_gif=gif, frames=min(len(views), MAX_FRAMES), turns=summary.turns,
                        players=[f"{s.name} ({s.side})" for s in record.seats], card=card, card_alt=card_alt)


def _data(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def _battle_html(report: BattleReport, n: int, lang: str, heading: bool) -> str:
    e = html.escape
    rows = "".join(f"<tr><td>{e(side)}</td><td>{e(score)}</td><td>{e(lost)}</td></tr>"
                   for side, score, lost in report.sides)
    log = "".join(f"<li>{e(line)}</li>" for line in report.log)
    t = lambda code, **kw: e(i18n.text(code, lang, **kw))  # noqa: E731
    return f"""
<section class="battle" id="battle-{n}">
  {f"<h2>{e(report.title)}</h2>" if heading else ""}
  <p class="meta">{e(report.ruleset)} · {t("report.turns", n=report.turns or 0)} · {e(", ".join(report.players))}</p>
  <p class="result">{e(report.result)}</p>
  <table class="sides"><thead><tr><th>{t("report.side")}</th><th>{t("report.score")}</th>
    <th>{t("report.losses")}</th></tr></thead><tbody>{rows}</tbody></table>
  {f'<figure><img class="card" src="{_data("image/png", report.card)}" alt="{e(report.card_alt)}"></figure>'
   if report.card else ""}
  <figure><img class="map" src="{_data("image/png", report.final_map)}" alt="{e(report.final_alt)}">
    <figcaption>{t("report.final-map")}</figcaption></figure>
  <figure><img class="replay" src="{_data("image/gif", report.replay_gif)}"
    alt="{t("report.replay-alt", frames=report.frames)}">
    <figcaption>{t("report.replay", frames=report.frames)}</figcaption></figure>
  <details open><summary>{t("report.log", lines=len(report.log))}</summary><ol class="log">{log}</ol></details>
</section>"""


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; color: #1d2733;
       background: #f6f1e4; line-height: 1.4; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; border-bottom: 2px solid #7a5c2e; }
.battle { margin-bottom: 3rem; } .meta { color: #555; } .result { font-weight: bold; font-size: 1.1rem; }
table { border-collapse: collapse; margin: 0.5rem 0; } td, th { border: 1px solid #c9b98f; padding: 0.3rem 0.6rem; }
img { max-width: 100%; height: auto; border: 1px solid #c9b98f; } figure { margin: 1rem 0; }
img.card { max-width: min(100%, 40rem); }
.log { font-size: 0.9rem; max-height: 30rem; overflow-y: auto; background: #fffdf6; padding: 0.5rem 2rem; }
"""


def page_html(title: str, battles: list[BattleReport], lang: str = "en",
              standings: list[tuple[str, ...]] | None = None, standings_head: tuple[str, ...] = ()) -> str:
    """The whole page: a title, the standings (for a campaign) and each battle."""
    e = html.escape
    table = ""
    if standings:
        head = "".join(f"<th>{e(h)}</th>" for h in standings_head)
        body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in standings)
        table = (f'<section class="standings"><h2>{e(i18n.text("report.standings", lang))}</h2>'
                 f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>")
    # one battle is the page's own title; a campaign's battles each have theirs
    sections = "".join(_battle_html(b, n, lang, len(battles) > 1) for n, b in enumerate(battles, start=1))
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{e(title)}</title><style>{_STYLE}</style></head>"
            f"<body><h1>{e(title)}</h1>{table}{sections}</body></html>\n")

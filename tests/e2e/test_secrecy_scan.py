"""No chit shows in public before its reveal, across whole games played through the real
client on the loopback Discord.

Three seeded games (a duel, a brig action, a squadron action) are opened and joined by
two members; they place their first chits in the direct-message menus, then the host
hands both seats to computer captains, which play on. Afterwards every public message
the bot sent (content, every earlier version of an edited one, embeds, attachment file
names and alt text) is read in order against the chits the database stored as private
``chit_set`` events: until the public ``activation`` event of a ship's chit (``X shows
chit 4``), no public line may tie that ship to that chit. The bot's log output may
never tie a ship to a chit at all, nor carry a menu's full custom id (its choices).

Numbers are everywhere in a game's story (inches, bearings, turns, phases), so the
check looks for the forms that reveal: a sentence naming the ship with "chit N" in it,
"ship: N" (a menu's choice), a payload's ``"ship": "N"``.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord.components import base36
from tests.e2e.security_helpers import World, all_games, bot_running, captured_logs, make_world, settled

GAMES = [("frigate-duel", 3), ("brig-action", 7), ("squadron-action", 11)]
STEPS_WANTED = 30  # resolved steps per game before the host ends it (several turns of chits)
TURN = re.compile(r"^— Turn (\d+) —$")
SENTENCE = re.compile(r"[;\n]|\.(?:\s|$)")
CUSTOM_ID_WITH_CHOICES = re.compile(r"bs1:[spo]:[0-9a-z]+:[^:\s]+:[0-9a-z-]+:\d+")


@dataclass(frozen=True)
class Chit:
    turn: int
    ship: str  # id
    name: str
    value: int


def reveals(text: str, chit: Chit) -> bool:
    """Does ``text`` tie ``chit``'s ship to its value, in any form the bot could write?"""
    names = [re.escape(chit.name), re.escape(chit.ship)]
    value = rf"(?<![\d.]){chit.value}(?![\d.]|\")"
    for sentence in SENTENCE.split(text):
        if not any(re.search(rf"(?<!\w){n}(?!\w)", sentence, re.IGNORECASE) for n in names):
            continue
        if re.search(rf"\b(?:chits?|gettone|gettoni|tokens?)\b[^\d]{{0,12}}{value}", sentence, re.IGNORECASE):
            return True
        if any(re.search(rf"(?<!\w){n}\s*[:=·]\s*{value}", sentence, re.IGNORECASE) for n in names):
            return True
        # "Phase 4: active X" calls X's chit 4 as surely as "X shows chit 4".
        if re.search(rf"\b(?:phase|fase)\s+{value}\s*:", sentence, re.IGNORECASE):
            return True
    return any(re.search(rf"[\"']{n}(?:\.\w+)?[\"']\s*:\s*[\"']?{chit.value}\b", text) for n in names)


def stored_chits(events: list[dict[str, Any]]) -> tuple[list[Chit], list[Chit]]:
    """The chits set (private events) and revealed (public activations), by turn."""
    turn = 1
    placed: list[Chit] = []
    shown: list[Chit] = []
    for event in events:
        kind, data = event["kind"], event.get("data", {})
        if kind == "turn_start":
            turn = int(data["turn"])
        elif kind == "chit_set":
            assert event.get("to"), event  # a chit is set privately
            placed.append(Chit(turn, str(data["ship"]), str(data["name"]), int(data["chit"])))
        elif kind == "activation" and event.get("to") is None and "chit" in data:
            shown.append(Chit(turn, "", str(data["name"]), int(data["chit"])))
    return placed, shown


async def game_events(bot: Any, game_id: int) -> list[dict[str, Any]]:
    start = await bot.service.db.start_record(game_id)
    events = list(start.events) if start else []
    for step in await bot.service.db.steps(game_id):
        if step.undone_at is None:
            events += step.events
    return events


def public_chunks(thread: Any) -> list[tuple[str, str]]:
    """("line"|"picture", text) of every public message of a thread, in order: each line
    of every version of its content and embeds, then its files' names and alt text."""
    out: list[tuple[str, str]] = []
    for message in thread.messages:
        versions = [h.get("content") or "" for h in message.history] + [message.content]
        embeds = [json.dumps(e, ensure_ascii=False) for e in message.embeds]
        for h in message.history:
            embeds += [json.dumps(e, ensure_ascii=False) for e in h.get("embeds") or []]
        for text in versions + embeds:
            out += [("line", line) for line in text.split("\n")]
        out += [("picture", f"{a.filename}: {a.description or ''}") for a in message.attachments]
    return out


def test_the_matcher_finds_reveals_and_ignores_other_numbers():
    chit = Chit(2, "indefatigable", "HMS Indefatigable", 4)
    for text in ("HMS Indefatigable: chit 4.", "HMS Indefatigable shows chit 4.", "Chosen: HMS Indefatigable: 4",
                 "place chits · HMS Indefatigable: 4", "HMS Indefatigable scopre il gettone 4.",
                 "Phase 4: active Virginie, HMS Indefatigable.", '{"indefatigable": "4"}',
                 "HMS Indefatigable (Britain) at B4, chit 4, heading 90° E"):
        assert reveals(text, chit), text
    for text in ("HMS Indefatigable sails 4\", now heading E.", "Phase 5: active Virginie.", "HMS Indefatigable: chit 3.",
                 "Virginie shows chit 4.", "HMS Indefatigable at B4, heading 90° E; nearest enemy Virginie 4.5 in",
                 "Turn 4 of 12: HMS Indefatigable at D4", "HMS Indefatigable fires 4 guns; chits are placed face down."):
        assert not reveals(text, chit), text


@pytest.mark.e2e_budget(60)
async def test_no_chit_is_public_before_its_reveal(fake_discord, tmp_path):
    server = fake_discord
    w: World = make_world(server)
    seeds = iter([seed for _, seed in GAMES])
    with captured_logs() as logs:
        async with bot_running(server, tmp_path / "b.sqlite3", seed=lambda: next(seeds)) as bot:
            threads = []
            for scenario, _ in GAMES:
                threads.append(await play_first_turn_by_hand(w, bot, scenario))
            game_ids = [(await bot.service.find_game(t.id)).id for t in threads]
            assert [(await bot.service.db.start_record(g)).seed for g in game_ids] == [s for _, s in GAMES]
            for thread in threads:
                for seat in ("p1", "p2"):
                    it = await w.host.run(thread, "host ai", seat=seat, level="captain", confirm=True)
                    assert it.reply.ephemeral and "Done" in it.text, it.text
            await until_played(w, bot, dict(zip(game_ids, threads)))

            placed_total = shown_total = checked = 0
            for thread, game_id in zip(threads, game_ids):
                placed, shown = stored_chits(await game_events(bot, game_id))
                assert len({c.turn for c in placed}) >= 2, f"game {game_id} played fewer than two turns of chits"
                checked += scan_thread(thread, placed, shown)
                placed_total += len(placed)
                shown_total += len(shown)
                for line in logs.lines():
                    assert not CUSTOM_ID_WITH_CHOICES.search(line), line
                    for chit in placed:
                        assert not reveals(line, chit), (chit, line)
            assert await all_games(bot) == sorted(game_ids)
    print(f"{len(GAMES)} games, {placed_total} chits placed, {shown_total} revealed, "
          f"{checked} public lines and pictures checked against hidden chits, {len(logs.records)} log records")


async def play_first_turn_by_hand(w: World, bot: Any, scenario: str) -> Any:
    """Open the game, seat Anne and Bob, start it; both place their first chits in the DM menus."""
    before = list(w.battles.threads)
    await w.host.run(w.battles, "game new", ruleset="cannoni", scenario=scenario, pacing="live", phase="3m")
    (thread,) = [t for t in w.battles.threads if t not in before]
    sides = [c["value"] for c in await w.anne.autocomplete(thread, "game join", "side", "")]
    await w.anne.run(thread, "game join", side=sides[0])
    await w.bob.run(thread, "game join", side=sides[1])
    await w.host.run(thread, "game start")
    await settled(w, bot, thread)
    game = await bot.service.find_game(thread.id)
    prefix = f"bs1:s:{base36(game.id)}:"
    for user in (w.anne, w.bob):
        forms = [m for m in user.dm.messages if any(str(s.get("custom_id", "")).startswith(prefix)
                                                    for s in m.selects)]
        if not forms:
            continue  # nothing asked of this side now
        form = forms[-1]
        for n in itertools.count():
            menus = [s for s in form.selects if str(s.get("custom_id", "")).startswith(prefix)]
            if n >= len(menus):
                break
            options = form.options(menus[n]["custom_id"])
            await user.select(form, [options[-1]["value"]], custom_id=menus[n]["custom_id"])
        await user.click(form, "Confirm")
    await w.server.idle()
    return thread


async def until_played(w: World, bot: Any, threads: dict[int, Any], timeout: float = 80.0) -> None:
    """Let the computer captains play until each game is over or has STEPS_WANTED steps;
    the host ends those still going."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    pending = set(threads)
    while pending and loop.time() < end:
        for game_id in list(pending):
            game = await bot.service.db.game(game_id)
            if game.status == "over" or await bot.service.db.step_count(game_id) >= STEPS_WANTED:
                pending.discard(game_id)
        await asyncio.sleep(0.2)
    for game_id, thread in threads.items():
        if (await bot.service.db.game(game_id)).status != "over":
            await w.host.run(thread, "host end")
    await w.server.idle()


SIDE_REVEALS = re.compile(r"^[^:;]+: ([^:]+ shows chit \d(?:; [^:;]+ shows chit \d)*)\.$")


def scan_thread(thread: Any, placed: list[Chit], shown: list[Chit]) -> int:
    """Check a thread's public story against the chits; the number of checks made."""
    by_turn: dict[int, list[Chit]] = {}
    for chit in placed:
        by_turn.setdefault(chit.turn, []).append(chit)
    turn = 0
    hidden: list[Chit] = []
    revealed_lines = 0
    checks = 0
    for kind, text in public_chunks(thread):
        marker = TURN.match(text.strip()) if kind == "line" else None
        if marker:
            turn = int(marker[1])
            hidden = list(by_turn.get(turn, []))
            continue
        # Chits are shown in one line per side: "<side>: A shows chit 4; B shows chit 4."
        side_line = SIDE_REVEALS.match(text.strip()) if kind == "line" else None
        items = {f"{item}." for item in side_line[1].split("; ")} if side_line else set()
        for chit in list(hidden):
            if f"{chit.name} shows chit {chit.value}." in items:
                hidden.remove(chit)  # the reveal itself: public from here on
                revealed_lines += 1
                continue
            checks += 1
            assert not reveals(text, chit), f"turn {turn}: {chit} is hidden, yet the thread says: {text!r}"
    # Every public activation of a placed chit was found as its reveal line.
    assert revealed_lines == sum(1 for s in shown if any(c.name == s.name and c.turn == s.turn for c in placed)), \
        (revealed_lines, shown)
    assert checks > 0
    return checks

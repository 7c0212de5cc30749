"""Words a person would use: seeded games of both rulesets in both languages, from the
lobby to the last post, name people by their names, sides by their names and ships by
their names. No seat id ("p1"), user id, internal ship id or side id reaches a line a
player reads, in public (posts, alt texts, reminders) or in private (prompts, private
lines)."""
from __future__ import annotations

import re

import pytest

from bot.service import Pacing
from rules.core.registry import get_ruleset

NAMES = {100: "Horatio", 200: "Anne", 300: "Bob", 400: "Carl"}


def _ids(ruleset: str, scenario: str, setup: dict) -> set[str]:
    """The internal ids of a scenario: its ship (and fort, squadron) ids and its sides."""
    rules = get_ruleset(ruleset)
    model = rules.scenarios()[scenario]
    found = {e.id for e in rules.ship_entries(model)} | set(rules.sides(model)) | {ruleset}
    for key in ("squadrons", "forts"):
        found |= {str(x.get("id")) for x in setup.get(key, []) if isinstance(x, dict) and x.get("id")}
    return found


def _leaks(line: str, ids: set[str]) -> list[str]:
    leaks = re.findall(r"\bp\d\b", line)  # a seat id
    leaks += re.findall(r"@user \d+", line)  # a user id where a name was wanted
    # An id is lower case (a name is not), and is found as a whole word.
    leaks += [i for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", line)]
    return leaks


@pytest.mark.parametrize("ruleset, scenario, language, seed", [
    ("cannoni", "frigate-duel", "en", 3), ("cannoni", "frigate-duel", "it", 4),
    ("cannoni", "brig-action", "en", 5), ("nauta", "mylae", "en", 6), ("nauta", "artemisium", "it", 7),
])
async def test_no_internal_id_reaches_a_player(table, ruleset, scenario, language, seed):
    table.seed = seed
    table.transport.names.update(NAMES)
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, ruleset, scenario, language=language, thread_id=11,
                                 pacing=Pacing(style="live", phase_seconds=300))
    sides = await svc.sides(game.id)
    await svc.join(game.id, table.CARL, sides[0], NAMES[table.CARL])
    await svc.leave(game.id, table.CARL)  # the lobby: a seat comes and goes
    await svc.join(game.id, table.ANNE, sides[0], NAMES[table.ANNE])
    await svc.join(game.id, table.BOB, sides[1], NAMES[table.BOB])
    await svc.start(game.id, table.HOST)
    await table.settle()
    # A vacant seat, a missed deadline and a seat handed on, all in words.
    await table.advance(300)
    await svc.hand_to_ai(game.id, table.HOST, "p2", "captain", confirm=True)
    await table.settle()
    await table.play_out(game.id, users=(table.ANNE,))

    ids = _ids(ruleset, scenario, game.setup)
    lines = list(table.transport.public_texts())
    lines += [line for _, prompt in table.transport.prompts for line in prompt.lines]
    lines += [line for _, private in table.transport.privates for line in private]
    assert any("Anne" in line for line in lines)
    leaked = {line: found for line in lines if (found := _leaks(line, ids))}
    assert not leaked, "\n".join(f"{found}: {line}" for line, found in list(leaked.items())[:15])


@pytest.mark.parametrize("language, vs, how", [("en", " vs ", "How fire reads: in \""),
                                               ("it", " contro ", "Come si legge il fuoco: in \"")])
async def test_the_first_x_vs_y_of_a_game_says_what_the_numbers_are(table, language, vs, how):
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", language=language, thread_id=11)
    for side in await svc.sides(game.id):
        await svc.add_ai_seat(game.id, table.HOST, side, "captain")
    await svc.start(game.id, table.HOST)
    await table.settle()
    log = await svc.log(game.id)
    fired = [i for i, line in enumerate(log) if re.search(rf"= \d+{vs}\d+: ", line)]
    told = [i for i, line in enumerate(log) if line.startswith(how)]
    assert len(fired) > 1, "the captains exchanged broadsides"
    assert told == [fired[0] - 1], "one line, just before the first"
    first = re.search(rf"= (\d+){vs}(\d+): ", log[fired[0]])
    assert f'"{first[1]}{vs}{first[2]}"' in log[told[0]], "it explains the numbers of that line"
    # It is told in the thread with the phase it belongs to.
    assert any(log[told[0]] in text for text in table.transport.public_texts())

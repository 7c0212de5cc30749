"""Secrets stay secret on Discord: a chit chosen in a menu never shows in anything
public — thread posts, their map images and alt text — until the rules reveal it.

Two games are played with the same seed and the same public moves, differing only in
the chit Anne places: everything public must be identical, byte for byte (pictures
included), until that chit's phase is called. The menus themselves, the
confirmations and /pending are private (the limits check of every test also fails
on order menus in public).
"""
from __future__ import annotations

from tests.discord_layer.conftest import ANNE, BOB


def public_traffic(table) -> list[tuple]:
    return [(s.kind, s.content, tuple(s.mentions), tuple((n, d, a) for n, d, a in s.files))
            for s in table.fake.public()]


async def play_until_phase_4(table, anne_chit: str) -> None:
    await table.duel()
    form = table.forms(ANNE)[0]
    await table.choose(ANNE, form, "bs1:s:", anne_chit)
    await table.click(ANNE, form, form.component("bs1:o:")["custom_id"])
    answers = await table.command(ANNE, "pending")
    assert "your order: place chits · HMS Indefatigable: " + anne_chit in answers[0].content
    assert not answers[0].public
    # Bob through /menus in the thread, then his phase 5 move through /order.
    [bob_form] = [a for a in await table.command(BOB, "menus") if a.custom_ids()]
    await table.choose(BOB, bob_form, "bs1:s:", "5")
    await table.click(BOB, bob_form, bob_form.component("bs1:o:")["custom_id"])
    await table.command(BOB, "order", values="distance=3")
    await table.command(ANNE, "log")
    await table.command(BOB, "map")


async def test_the_public_story_does_not_depend_on_a_hidden_chit(open_table):
    low, high = await open_table(), await open_table()
    await play_until_phase_4(low, "2")
    await play_until_phase_4(high, "3")
    seen = public_traffic(low)
    assert seen == public_traffic(high)
    texts = [s[1] for s in seen]
    assert any("Virginie shows chit 5." in t for t in texts)
    assert any(t.startswith("Virginie sails 3\"") for t in texts)
    assert not any("Indefatigable shows chit" in t for t in texts)
    assert sum(1 for s in seen if s[3]) >= 3  # the maps after the start, the chits and the move


async def test_answers_and_menus_are_private(table):
    await table.duel()
    form = table.forms(ANNE)[0]
    await table.choose(ANNE, form, "bs1:s:", "1")
    await table.click(ANNE, form, form.component("bs1:o:")["custom_id"])
    for name in ("pending", "menus", "log", "rules", "help", "map"):
        await table.command(ANNE, name)
    await table.command(ANNE, "card", ship="virginie")
    await table.command(ANNE, "preview", ship="indefatigable")
    public = table.fake.public()
    # Only the thread and the map ever speak in public: never an answer to a member.
    assert {s.kind for s in public} == {"channel"}
    assert all(s.target == table.game_thread for s in public)
    assert not any("chit 1" in s.content or ": 1" in s.content for s in public)

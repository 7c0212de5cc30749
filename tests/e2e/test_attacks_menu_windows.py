"""A menu with more legal values than Discord's 25, through the loopback Discord: a
galley's wheel (37 angles) pages within its own select in the direct-message form, the
angle chosen on another page is the one the order carries, and a forged page or value
sent on the same menu changes nothing."""
from __future__ import annotations

import pytest

from bot.discord import forms
from bot.service import FakeClock
from tests.e2e.fake_discord import InteractionType
from tests.e2e.fake_discord.actions import _go
from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, no_errors_logged, open_galleys


def _wheel(form):
    return next((s for s in form.selects if str(s.get("placeholder", "")).startswith("wheel")), None)


def _labels(select) -> list[str]:
    return [o["label"] for o in select["options"]]


async def _answer_until_the_wheel(server, user):
    """Answers the player's order menus as they come (a speed of 2 where offered, else the
    first value; then Confirm) until a move form with the wheel arrives, and returns it."""
    answered: set[int] = set()
    for _ in range(12):
        form = await server.wait_for(lambda: next((m for m in reversed(user.dm.messages)
                                                   if form_of(m) and m.id not in answered), None),
                                     60, what="the next order menu")
        if _wheel(form):
            return form
        answered.add(form.id)
        for n in range(len(form.selects)):
            select = form.selects[n]
            option = next((o for o in select["options"] if o["label"] == "2"), select["options"][0])
            before = form.content
            await user.select(form, [option["value"]], custom_id=select["custom_id"])
            await server.wait_for(lambda: form.content != before, 10, what="a value chosen")
        await user.click(form, "Confirm")
        await server.wait_for(lambda: "Order recorded" in form.content, 10, what="the order recorded")
    raise AssertionError("no move form with the wheel came")


@pytest.mark.e2e_budget(120)
async def test_a_galleys_wheel_pages_through_every_angle_in_its_dm_menu(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "wheel.sqlite3", FakeClock())
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_galleys(w, "30m")
            game = await bot.service.find_game(thread.id)

            move = await _answer_until_the_wheel(server, w.anne)
            wheel = _wheel(move)
            assert len(wheel["options"]) <= 25
            assert _labels(wheel)[0] == "◂ Show -90 … -60" and _labels(wheel)[-1] == "Show 60 … 90 ▸", _labels(wheel)
            assert "90" not in _labels(wheel) and "0" in _labels(wheel)

            # The option after shows the last angles; it chooses nothing.
            before = move.content
            later = next(o["value"] for o in wheel["options"] if o["label"] == "Show 60 … 90 ▸")
            await w.anne.select(move, [later], custom_id=wheel["custom_id"])
            await server.wait_for(lambda: "90" in _labels(_wheel(move)), 10, what="the last angles shown")
            assert move.content == before, "showing more angles chose one"

            # 90° to starboard, chosen on that page, is what the form holds and the order carries.
            wheel = _wheel(move)
            ninety = next(o["value"] for o in wheel["options"] if o["label"] == "90")
            await w.anne.select(move, [ninety], custom_id=wheel["custom_id"])
            await server.wait_for(lambda: "wheel (degrees, + starboard, - port): 90" in move.content, 10,
                                  what="90° chosen")
            wheel = _wheel(move)
            state = forms.parse(wheel["custom_id"]).state
            assert state.startswith(forms.PAGED), wheel["custom_id"]

            # Forged on the same menu: a page past the end, values no menu lists. None of
            # them chooses anything or changes the choice made; none is an error.
            chosen = move.content
            for forged in ("~9999", "~x", "ab", "Z", "-"):
                it = server.new_interaction(InteractionType.MESSAGE_COMPONENT, w.anne, move.channel,
                                            {"custom_id": wheel["custom_id"], "component_type": 3, "values": [forged]},
                                            message=move)
                await _go(it, wait=True, settle=True, duplicate=False)
                assert not it.refused, forged
                assert move.content == chosen, (forged, move.content)
            assert "90" in _labels(_wheel(move)), "a page past the end shows the last angles"

            # The galley to move: the lightest (a size 0-1 ship may wheel 90°).
            unit = next(sel for sel in move.selects if str(sel.get("placeholder", "")).startswith("ship or formation"))
            before = move.content
            await w.anne.select(move, [unit["options"][-1]["value"]], custom_id=unit["custom_id"])
            await server.wait_for(lambda: move.content != before, 10, what="the galley chosen")
            assert "wheel (degrees, + starboard, - port): 90" in move.content, "choosing the galley kept the angle"
            decision = forms.parse(wheel["custom_id"]).token
            it = await w.anne.click(move, "Confirm")
            given = [o.payload for o in await bot.db.orders(game.id) if o.decision_id == decision]
            assert "Order recorded" in move.content, (move.content, it.text)
            assert given == [{"action": "move", "unit": "galea", "turn": 90}], given

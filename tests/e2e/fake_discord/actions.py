"""What a person does in the Discord app, turned into the interactions Discord delivers.

Each action checks what the Discord client itself would check (the command exists here
and the user may see it, required options are filled, a choice is one of the offered
ones, the select is on a message the user can see, the button is enabled...). A test
that asks for something a real user could not do fails with :class:`ImpossibleAction`.

Every action returns the :class:`~.interactions.Interaction`; by default it waits for the
bot's first answer (failing the test after Discord's 3 s) and then for the bot to settle
(a deferred answer resolved, no request for a short quiet period).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .interactions import Interaction, InteractionType
from .model import Attachment, Channel, Member, Message, Perm, Role, User, _guess_type

if TYPE_CHECKING:
    from .server import LoopbackDiscord


class ImpossibleAction(AssertionError):
    """The test asked a user to do something the Discord app would not let them do."""


OPTION_TYPES = {3: "string", 4: "integer", 5: "boolean", 6: "user", 7: "channel", 8: "role", 9: "mentionable",
                10: "number", 11: "attachment"}
MAX_SAFE = 2 ** 53


# -- commands ---------------------------------------------------------------------------------------
def _place(user: User, where: Channel) -> None:
    if where.deleted:
        raise ImpossibleAction(f"{where!r} was deleted")
    if where.is_dm:
        if where.recipient is not user:
            raise ImpossibleAction(f"{user!r} is not in the DM {where!r}")
        return
    if where.guild is None or user.id not in where.guild.members:
        raise ImpossibleAction(f"{user!r} is not a member of the guild of {where!r}")
    if not where.readable_by(where.guild.members[user.id]):
        raise ImpossibleAction(f"{user!r} is not in the private thread {where!r}")
    if where.is_thread and where.locked:
        raise ImpossibleAction(f"{where!r} is locked")


def _named(entry: dict[str, Any], word: str, locale: str) -> bool:
    return entry.get("name") == word or (entry.get("name_localizations") or {}).get(locale) == word


def find_command(server: "LoopbackDiscord", user: User, where: Channel, path: str
                 ) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
    """The synced command the user means (by name or its name in the user's language), the
    sub-command chain, and the leaf's option definitions."""
    words = path.strip().lstrip("/").split()
    if not words:
        raise ImpossibleAction("no command given")
    guild = where.guild
    candidates: list[dict[str, Any]] = []
    if guild is not None:
        candidates += [c for c in server.commands.get(guild.id, []) if c.get("type", 1) == 1]
    candidates += [c for c in server.commands.get(None, []) if c.get("type", 1) == 1 and _usable_here(c, where)]
    top = next((c for c in candidates if _named(c, words[0], user.locale)), None)
    if top is None:
        known = sorted({c["name"] for c in candidates})
        raise ImpossibleAction(f"there is no /{words[0]} for {user.name} in {where!r} "
                               f"(synced commands usable there: {known})")
    if guild is not None:
        _check_permission(top, guild.members[user.id])
    chain = [top["name"]]
    options = top.get("options") or []
    for word in words[1:]:
        sub = next((o for o in options if o.get("type") in (1, 2) and _named(o, word, user.locale)), None)
        if sub is None:
            raise ImpossibleAction(f"/{' '.join(chain)} has no sub-command {word!r} "
                                   f"(it has {[o['name'] for o in options if o.get('type') in (1, 2)]})")
        chain.append(sub["name"])
        options = sub.get("options") or []
    if any(o.get("type") in (1, 2) for o in options):
        raise ImpossibleAction(f"/{' '.join(chain)} is a group; pick one of "
                               f"{[o['name'] for o in options]}")
    return top, chain, options


def _usable_here(cmd: dict[str, Any], where: Channel) -> bool:
    contexts = cmd.get("contexts")
    if contexts is not None:
        return (0 if where.guild is not None else 1) in contexts
    return where.guild is not None or cmd.get("dm_permission", True) is not False


def _check_permission(cmd: dict[str, Any], member: Member) -> None:
    needed = cmd.get("default_member_permissions")
    if needed is None:
        return
    needed = int(needed)
    have = member.permissions
    if have & Perm.ADMINISTRATOR or (needed and have & needed == needed):
        return
    raise ImpossibleAction(f"{member.user.name} lacks the permissions {needed} that /{cmd['name']} needs, "
                           f"so Discord does not show it to them")


def _option_value(server: "LoopbackDiscord", user: User, where: Channel, spec: dict[str, Any], value: Any,
                  resolved: dict[str, dict[str, Any]]) -> Any:
    kind = spec["type"]
    name = spec["name"]
    if kind in (3, 4, 10):
        if kind == 3 and not isinstance(value, str):
            raise ImpossibleAction(f"option {name!r} takes text, not {value!r}")
        if kind == 4 and (not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_SAFE):
            raise ImpossibleAction(f"option {name!r} takes a whole number, not {value!r}")
        if kind == 10 and (not isinstance(value, (int, float)) or isinstance(value, bool)
                           or not math.isfinite(value) or abs(value) > MAX_SAFE):
            raise ImpossibleAction(f"option {name!r} takes a number, not {value!r}")
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ImpossibleAction(f"option {name!r} offers only the choices "
                                   f"{[c['value'] for c in choices]}, not {value!r}")
        if kind == 3:
            low, high = spec.get("min_length", 0), spec.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise ImpossibleAction(f"option {name!r} takes {low}..{high} characters, got {len(value)}")
        else:
            low, high = spec.get("min_value"), spec.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ImpossibleAction(f"option {name!r} takes values in {low}..{high}, not {value!r}")
        return value
    if kind == 5:
        if not isinstance(value, bool):
            raise ImpossibleAction(f"option {name!r} takes True or False, not {value!r}")
        return value
    if kind == 11:
        if isinstance(value, Attachment):
            attachment = value
        elif isinstance(value, tuple) and len(value) in (2, 3):
            filename, data = value[0], value[1]
            content_type = value[2] if len(value) == 3 else _guess_type(filename)
            attachment = server.store_upload(filename, data, content_type)
        else:
            raise ImpossibleAction(f"option {name!r} takes a file: (filename, bytes[, content_type])")
        resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
        return str(attachment.id)
    return resolve_entity(server, where, value, {6: ("user",), 7: ("channel",), 8: ("role",),
                                                 9: ("user", "role")}[kind], resolved, spec, user)


def resolve_entity(server: "LoopbackDiscord", where: Channel, value: Any, accepts: tuple[str, ...],
                   resolved: dict[str, dict[str, Any]], spec: dict[str, Any] | None = None,
                   user: User | None = None) -> str:
    """An id for a user/member/role/channel value, with its ``resolved`` entry."""
    label = spec["name"] if spec else "select"
    guild = where.guild
    if isinstance(value, Member):
        value = value.user
    if isinstance(value, int) and "user" in accepts and value in server.users:
        value = server.users[value]
    if isinstance(value, User) and "user" in accepts:
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        member = guild.members.get(value.id) if guild else None
        if member is not None:
            resolved.setdefault("members", {})[str(value.id)] = member.payload(with_user=False,
                                                                               with_permissions=True)
        return str(value.id)
    if isinstance(value, Role) and "role" in accepts:
        if guild is None or value.guild is not guild:
            raise ImpossibleAction(f"{label}: the role {value.name!r} is not of this guild")
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    if isinstance(value, Channel) and "channel" in accepts:
        if guild is None or value.guild is not guild:
            raise ImpossibleAction(f"{label}: the channel {value!r} is not of this guild")
        types = (spec or {}).get("channel_types")
        if types and value.type not in types:
            raise ImpossibleAction(f"{label}: channel types {types} only, not {value.type}")
        perms = guild.members[user.id].permissions if user and user.id in guild.members else 0
        resolved.setdefault("channels", {})[str(value.id)] = value.resolved_payload(perms)
        return str(value.id)
    raise ImpossibleAction(f"{label} takes a {' or '.join(accepts)}, not {value!r}")


def build_options(server: "LoopbackDiscord", user: User, where: Channel, specs: list[dict[str, Any]],
                  given: dict[str, Any], *, focus: str | None = None, typed: str = ""
                  ) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]], dict[str, Any] | None]:
    by_name: dict[str, dict[str, Any]] = {}
    for spec in specs:
        by_name[spec["name"]] = spec
        local = (spec.get("name_localizations") or {}).get(user.locale)
        if local:
            by_name.setdefault(local, spec)
    for key in given:
        if key not in by_name:
            raise ImpossibleAction(f"no option {key!r}; the command takes {[s['name'] for s in specs]}")
    values = {by_name[k]["name"]: v for k, v in given.items()}
    focused_spec = None
    if focus is not None:
        focused_spec = by_name.get(focus)
        if focused_spec is None:
            raise ImpossibleAction(f"no option {focus!r} to type into; the command takes {[s['name'] for s in specs]}")
        if not focused_spec.get("autocomplete"):
            raise ImpossibleAction(f"option {focused_spec['name']!r} has no autocomplete")
    out: list[dict[str, Any]] = []
    resolved: dict[str, dict[str, Any]] = {}
    for spec in specs:
        name = spec["name"]
        if focused_spec is spec:
            out.append({"name": name, "type": spec["type"], "value": typed, "focused": True})
            continue
        if name not in values or values[name] is None:
            if spec.get("required") and focus is None:
                raise ImpossibleAction(f"option {name!r} is required")
            continue
        out.append({"name": name, "type": spec["type"],
                    "value": _option_value(server, user, where, spec, values[name], resolved)})
    return out, resolved, focused_spec


def command_interaction(server: "LoopbackDiscord", user: User, where: Channel, path: str, given: dict[str, Any],
                        *, focus: str | None = None, typed: str = "") -> Interaction:
    _place(user, where)
    top, chain, specs = find_command(server, user, where, path)
    options, resolved, focused_spec = build_options(server, user, where, specs, given, focus=focus, typed=typed)
    for name in reversed(chain[1:]):
        # Sub-commands and groups wrap their options, innermost first.
        kind = 1 if name == chain[-1] else 2
        options = [{"name": name, "type": kind, "options": options}]
    data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": 1}
    if options:
        data["options"] = options
    if resolved:
        data["resolved"] = resolved
    if top.get("guild_id"):
        data["guild_id"] = top["guild_id"]
    return server.new_interaction(InteractionType.AUTOCOMPLETE if focus is not None else
                                  InteractionType.APPLICATION_COMMAND, user, where, data,
                                  command_name=" ".join(chain), focused_option=focused_spec)


async def invoke(user: User, where: Channel, command: str, options: dict[str, Any], *, wait: bool = True,
                 settle: bool = True, duplicate: bool = False) -> Interaction:
    """``user`` runs ``/command`` (sub-commands separated by spaces: ``"game new"``) in
    ``where`` (a guild channel, a thread, or ``user.dm``) with these option values.

    Values: str/int/float/bool; a :class:`User`/:class:`Member` for user options; a
    :class:`Channel`, a :class:`Role`; ``(filename, bytes)`` for an attachment.
    ``duplicate=True`` delivers the interaction twice, as Discord sometimes does.
    """
    it = command_interaction(user.server, user, where, command, options)
    return await _go(it, wait=wait, settle=settle, duplicate=duplicate)


async def autocomplete(user: User, where: Channel, command: str, focus: str, typed: str,
                       options: dict[str, Any], *, duplicate: bool = False) -> list[dict[str, Any]]:
    """The choices the bot offers while ``user`` types ``typed`` into option ``focus``
    (other options as already filled in)."""
    it = command_interaction(user.server, user, where, command, options, focus=focus, typed=typed)
    await _go(it, wait=True, settle=False, duplicate=duplicate)
    return list(it.choices or [])


# -- components -------------------------------------------------------------------------------------
def _usable_message(user: User, message: Message) -> None:
    if message.deleted:
        raise ImpossibleAction(f"{message!r} was deleted")
    if not message.can_see(user):
        raise ImpossibleAction(f"{user.name} cannot see {message!r}")
    if message.loading:
        raise ImpossibleAction(f"{message!r} is still loading")


def _component_interaction(user: User, message: Message, data: dict[str, Any]) -> Interaction:
    channel = message.channel
    return user.server.new_interaction(InteractionType.MESSAGE_COMPONENT, user, channel, data, message=message)


async def select(user: User, message: Message, values: list[Any], *, custom_id: str | None = None,
                 wait: bool = True, settle: bool = True, duplicate: bool = False) -> Interaction:
    """``user`` picks ``values`` in a select menu of ``message`` (the only one, or the
    one whose custom id is or starts with ``custom_id``). For a string select the values
    are option values; for user/role/channel selects, the objects themselves."""
    _usable_message(user, message)
    comps = [c for c in message.selects if custom_id is None or c.get("custom_id") == custom_id
             or str(c.get("custom_id", "")).startswith(custom_id)]
    if len(comps) != 1:
        raise ImpossibleAction(f"{len(comps)} selects match custom_id={custom_id!r} on {message!r}: "
                               f"{[c.get('custom_id') for c in message.selects]}")
    comp = comps[0]
    if comp.get("disabled"):
        raise ImpossibleAction(f"the select {comp.get('custom_id')!r} is disabled")
    values = list(values)
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not low <= len(values) <= high:
        raise ImpossibleAction(f"the select {comp.get('custom_id')!r} takes {low}..{high} values, got {len(values)}")
    data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
    if comp["type"] == 3:
        offered = [o["value"] for o in comp.get("options", [])]
        for v in values:
            if v not in offered:
                raise ImpossibleAction(f"the select {comp.get('custom_id')!r} offers {offered}, not {v!r}")
        if len(set(values)) != len(values):
            raise ImpossibleAction("a value can be picked only once")
        data["values"] = values
    else:
        accepts = {5: ("user",), 6: ("role",), 7: ("user", "role"), 8: ("channel",)}[comp["type"]]
        resolved: dict[str, dict[str, Any]] = {}
        spec = {"name": comp["custom_id"], "channel_types": comp.get("channel_types")}
        data["values"] = [resolve_entity(user.server, message.channel, v, accepts, resolved, spec, user)
                          for v in values]
        data["resolved"] = resolved
    it = _component_interaction(user, message, data)
    return await _go(it, wait=wait, settle=settle, duplicate=duplicate)


async def click(user: User, message: Message, label: str | None = None, *, custom_id: str | None = None,
                wait: bool = True, settle: bool = True, duplicate: bool = False) -> Interaction:
    """``user`` presses the button of ``message`` with this label (or custom id)."""
    _usable_message(user, message)
    try:
        comp = message.component(custom_id, label=label, type=2)
    except LookupError as exc:
        raise ImpossibleAction(str(exc)) from None
    if comp.get("disabled"):
        raise ImpossibleAction(f"the button {comp.get('label')!r} is disabled")
    if comp.get("style") in (5, 6):
        raise ImpossibleAction(f"the button {comp.get('label')!r} is a link/premium button: no interaction")
    it = _component_interaction(user, message, {"custom_id": comp["custom_id"], "component_type": 2})
    return await _go(it, wait=wait, settle=settle, duplicate=duplicate)


async def submit_modal(user: User, opened: Interaction, values: dict[str, str], *, wait: bool = True,
                       settle: bool = True, duplicate: bool = False) -> Interaction:
    """``user`` fills in the modal the bot opened in answer to ``opened`` and submits it;
    ``values`` maps text inputs' custom ids to text (unnamed inputs keep their preset value)."""
    if opened.modal is None:
        raise ImpossibleAction(f"the bot opened no modal for {opened!r}")
    if opened.user is not user:
        raise ImpossibleAction("only the user the modal was shown to can submit it")
    modal = opened.modal
    remaining = dict(values)
    rows = []
    for row in modal.get("components") or []:
        inputs = row.get("components") or ([row["component"]] if isinstance(row.get("component"), dict) else [])
        filled = []
        for c in inputs:
            cid = c.get("custom_id")
            text = remaining.pop(cid, c.get("value") or "")
            if c.get("type") == 4:
                if c.get("required", True) and not text:
                    raise ImpossibleAction(f"the modal's field {cid!r} is required")
                low, high = c.get("min_length", 0), c.get("max_length", 4000)
                if text and not low <= len(text) <= high:
                    raise ImpossibleAction(f"the modal's field {cid!r} takes {low}..{high} characters")
            filled.append({"type": c.get("type", 4), "id": c.get("id", 0), "custom_id": cid, "value": text})
        if row.get("type") == 1:
            rows.append({"type": 1, "id": row.get("id", 0), "components": filled})
        else:
            rows.append({"type": row.get("type"), "id": row.get("id", 0), "component": filled[0]})
    if remaining:
        raise ImpossibleAction(f"the modal has no fields {sorted(remaining)}")
    data = {"custom_id": modal["custom_id"], "components": rows}
    it = user.server.new_interaction(InteractionType.MODAL_SUBMIT, user, opened.channel, data,
                                     message=opened.message, opened_by=opened)
    return await _go(it, wait=wait, settle=settle, duplicate=duplicate)


async def _go(it: Interaction, *, wait: bool, settle: bool, duplicate: bool) -> Interaction:
    await it.server.deliver(it, duplicate=duplicate)
    if wait:
        await it.wait_response()
        if settle:
            await it.settled()
    return it

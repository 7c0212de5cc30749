"""Discord's limits, checked the way Discord checks them, so a bot that breaks one gets
the answer Discord would give (and the test sees a violation).

Form errors come back as ``400 {"code": 50035, "message": "Invalid Form Body",
"errors": {...}}`` with the nested ``_errors`` layout discord.py flattens into
"In embeds.0.title: Must be 256 or fewer in length.".
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

CONTENT_LIMIT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TOTAL = 6000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
FILES_PER_MESSAGE = 10
ATTACHMENT_LIMIT = 10 * 1024 * 1024  # 10 MiB, the upload limit without boosts
ATTACHMENT_DESCRIPTION = 1024
CUSTOM_ID = 100
ROWS = 5
ROW_WIDTH = 5
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100
SELECT_PLACEHOLDER = 150
BUTTON_LABEL = 80
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
MODAL_TITLE = 45
TEXT_INPUT_LABEL = 45
TEXT_INPUT_VALUE = 4000
COMPONENTS_V2_TOTAL = 40
COMPONENTS_V2_TEXT = 4000
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
COMMANDS_PER_SCOPE = 100
THREAD_NAME = 100

LOCALES = {"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
           "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
           "zh-TW", "ko"}

SELECT_TYPES = (3, 5, 6, 7, 8)
MESSAGE_KEYS = {"content", "tts", "embeds", "embed", "components", "nonce", "enforce_nonce", "message_reference",
                "sticker_ids", "allowed_mentions", "flags", "attachments", "poll", "avatar_url", "username",
                "thread_name", "applied_tags"}


class Reject(Exception):
    """An error answer, exactly as Discord would send it."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None, *,
                 violation: bool = True) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        #: True: the bot broke a rule (a bug the test should see). False: Discord says no for
        #: a reason the test world set up (DMs closed, missing permission, a duplicate delivery).
        self.violation = violation

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data

    def describe(self) -> str:
        return describe_errors(self.message, self.errors)


def describe_errors(message: str, errors: dict[str, Any] | None) -> str:
    if not errors:
        return message
    lines = []

    def walk(node: dict[str, Any], path: str) -> None:
        for key, value in node.items():
            if key == "_errors":
                for e in value:
                    lines.append(f"{path or '(body)'}: {e['message']} [{e['code']}]")
            elif isinstance(value, dict):
                walk(value, f"{path}.{key}" if path else str(key))
    walk(errors, "")
    return f"{message}: " + "; ".join(lines)


class FormErrors:
    """Collects field errors, then raises them all as one 50035."""

    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}

    def add(self, path: Iterable[Any], code: str, message: str) -> None:
        node = self.errors
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_len(self, path: tuple[Any, ...], value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def length(self, path: tuple[Any, ...], value: Any, low: int, high: int) -> None:
        if not isinstance(value, str):
            self.add(path, "BASE_TYPE_STRING", "Must be a string.")
        elif not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def max_items(self, path: tuple[Any, ...], value: Any, limit: int) -> None:
        if isinstance(value, list) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        if self.errors:
            raise Reject(400, 50035, "Invalid Form Body", self.errors)

    def __bool__(self) -> bool:
        return bool(self.errors)


# -- messages ------------------------------------------------------------------------------------
def check_message(body: dict[str, Any], files: list[tuple[str, bytes, str | None]], *, creating: bool,
                  allowed_flags: int, attachment_limit: int, protocol: Callable[[str], None],
                  existing_attachments: int = 0) -> None:
    """A message create or edit body (JSON or ``payload_json``) and its uploaded files."""
    for key in body:
        if key not in MESSAGE_KEYS:
            protocol(f"unknown message field {key!r}")
    errs = FormErrors()
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        errs.add(("content",), "BASE_TYPE_STRING", "Must be a string.")
    errs.max_len(("content",), content, CONTENT_LIMIT)
    embeds = body.get("embeds")
    if embeds is not None:
        check_embeds(embeds, errs)
    flags = body.get("flags")
    if flags is not None:
        if not isinstance(flags, int):
            errs.add(("flags",), "NUMBER_TYPE_COERCE", "Value is not int.")
        elif flags & ~allowed_flags:
            errs.add(("flags",), "MESSAGE_FLAGS_INVALID", f"Flags {flags & ~allowed_flags} may not be set here.")
    v2 = bool(isinstance(flags, int) and flags & (1 << 15))
    components = body.get("components")
    if components is not None:
        check_components(components, errs, v2=v2)
        if v2 and (content or embeds):
            errs.add(("content",), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                     "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    check_allowed_mentions(body.get("allowed_mentions"), errs)
    attachments = body.get("attachments")
    if len(files) > FILES_PER_MESSAGE:
        errs.add(("files",), "BASE_TYPE_MAX_LENGTH", f"Must be {FILES_PER_MESSAGE} or fewer in length.")
    if attachments is not None:
        errs.max_items(("attachments",), attachments, FILES_PER_MESSAGE)
        for i, a in enumerate(attachments if isinstance(attachments, list) else []):
            if not isinstance(a, dict) or "id" not in a:
                errs.add(("attachments", i, "id"), "BASE_TYPE_REQUIRED", "This field is required")
                continue
            errs.max_len(("attachments", i, "description"), a.get("description"), ATTACHMENT_DESCRIPTION)
    errs.raise_if_any()
    for name, data, _ in files:
        if len(data) > attachment_limit:
            raise Reject(413, 40005, "Request entity too large")
    if creating and not (isinstance(content, str) and content.strip()) and not embeds and not files \
            and not components and not body.get("sticker_ids") and not body.get("poll"):
        raise Reject(400, 50006, "Cannot send an empty message")


def check_embeds(embeds: Any, errs: FormErrors) -> None:
    if not isinstance(embeds, list):
        errs.add(("embeds",), "BASE_TYPE_ARRAY", "Must be an array.")
        return
    errs.max_items(("embeds",), embeds, EMBEDS_PER_MESSAGE)
    total = 0
    for i, e in enumerate(embeds):
        if not isinstance(e, dict):
            errs.add(("embeds", i), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        p = ("embeds", i)
        for key, limit in (("title", EMBED_TITLE), ("description", EMBED_DESCRIPTION)):
            errs.max_len(p + (key,), e.get(key), limit)
            total += len(e.get(key) or "")
        footer = e.get("footer") or {}
        errs.max_len(p + ("footer", "text"), footer.get("text"), EMBED_FOOTER)
        total += len(footer.get("text") or "")
        author = e.get("author") or {}
        errs.max_len(p + ("author", "name"), author.get("name"), EMBED_AUTHOR)
        total += len(author.get("name") or "")
        fields = e.get("fields") or []
        errs.max_items(p + ("fields",), fields, EMBED_FIELDS)
        for j, f in enumerate(fields):
            name, value = f.get("name"), f.get("value")
            if not name:
                errs.add(p + ("fields", j, "name"), "BASE_TYPE_REQUIRED", "This field is required")
            if not value:
                errs.add(p + ("fields", j, "value"), "BASE_TYPE_REQUIRED", "This field is required")
            errs.max_len(p + ("fields", j, "name"), name, EMBED_FIELD_NAME)
            errs.max_len(p + ("fields", j, "value"), value, EMBED_FIELD_VALUE)
            total += len(name or "") + len(value or "")
    if total > EMBED_TOTAL:
        errs.add(("embeds",), "EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}")


def check_allowed_mentions(am: Any, errs: FormErrors) -> None:
    if am is None:
        return
    parse = am.get("parse") or []
    for i, p in enumerate(parse):
        if p not in ("users", "roles", "everyone"):
            errs.add(("allowed_mentions", "parse", i), "BASE_TYPE_CHOICES",
                     f"Value must be one of {{'users', 'roles', 'everyone'}}.")
    for kind in ("users", "roles"):
        if kind in parse and am.get(kind):
            errs.add(("allowed_mentions",), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                     f"parse:[\"{kind}\"] and {kind}: [ids...] are mutually exclusive.")
        errs.max_items(("allowed_mentions", kind), am.get(kind), 100)


def check_components(components: Any, errs: FormErrors, *, v2: bool = False,
                     path: tuple[Any, ...] = ("components",)) -> None:
    if not isinstance(components, list):
        errs.add(path, "BASE_TYPE_ARRAY", "Must be an array.")
        return
    seen: dict[str, tuple[Any, ...]] = {}
    if v2:
        count = 0
        text = 0

        def walk(items: list[Any], p: tuple[Any, ...]) -> None:
            nonlocal count, text
            for i, c in enumerate(items):
                count += 1
                if c.get("type") == 1:
                    _check_row(c, errs, p + (i,), seen)
                    continue
                if c.get("type") == 10:
                    text += len(c.get("content") or "")
                if "custom_id" in c or c.get("type") in (2,) + SELECT_TYPES:
                    _check_item(c, errs, p + (i,), seen)
                walk(c.get("components") or [], p + (i, "components"))
                if isinstance(c.get("accessory"), dict):
                    walk([c["accessory"]], p + (i, "accessory"))
        walk(components, path)
        if count > COMPONENTS_V2_TOTAL:
            errs.add(path, "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
                     f"The total number of components must be {COMPONENTS_V2_TOTAL} or fewer.")
        if text > COMPONENTS_V2_TEXT:
            errs.add(path, "BASE_TYPE_MAX_LENGTH", f"Total text must be {COMPONENTS_V2_TEXT} or fewer in length.")
        return
    errs.max_items(path, components, ROWS)
    for i, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != 1:
            errs.add(path + (i, "type"), "UNION_TYPE_CHOICES",
                     "Value of field \"type\" must be one of (1,).")
            continue
        _check_row(row, errs, path + (i,), seen)


def _check_row(row: dict[str, Any], errs: FormErrors, p: tuple[Any, ...], seen: dict[str, tuple[Any, ...]]) -> None:
    children = row.get("components") or []
    if not children:
        errs.add(p + ("components",), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    errs.max_items(p + ("components",), children, ROW_WIDTH)
    if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
        errs.add(p + ("components",), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                 "The specified component exceeds the maximum width")
    for j, c in enumerate(children):
        if c.get("type") == 1:
            errs.add(p + ("components", j, "type"), "UNION_TYPE_CHOICES", "Action rows cannot be nested.")
            continue
        _check_item(c, errs, p + ("components", j), seen)


def _check_item(c: dict[str, Any], errs: FormErrors, p: tuple[Any, ...], seen: dict[str, tuple[Any, ...]]) -> None:
    kind = c.get("type")
    custom_id = c.get("custom_id")
    if custom_id is not None:
        errs.length(p + ("custom_id",), custom_id, 1, CUSTOM_ID)
        if custom_id in seen:
            errs.add(p + ("custom_id",), "COMPONENT_CUSTOM_ID_DUPLICATED",
                     "Component custom id cannot be duplicated")
        seen[custom_id] = p
    if kind == 2:
        style = c.get("style")
        if style not in (1, 2, 3, 4, 5, 6):
            errs.add(p + ("style",), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
        errs.max_len(p + ("label",), c.get("label"), BUTTON_LABEL)
        if style == 5:
            if not c.get("url"):
                errs.add(p + ("url",), "BASE_TYPE_REQUIRED", "This field is required")
            if custom_id is not None:
                errs.add(p + ("custom_id",), "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link button cannot have a custom id")
        elif style in (1, 2, 3, 4) and custom_id is None:
            errs.add(p + ("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
        if style != 6 and not c.get("label") and not c.get("emoji"):
            errs.add(p, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji")
    elif kind in SELECT_TYPES:
        if custom_id is None:
            errs.add(p + ("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
        errs.max_len(p + ("placeholder",), c.get("placeholder"), SELECT_PLACEHOLDER)
        low, high = c.get("min_values", 1), c.get("max_values", 1)
        if not 0 <= low <= SELECT_OPTIONS:
            errs.add(p + ("min_values",), "NUMBER_TYPE_MAX", f"int value should be between 0 and {SELECT_OPTIONS}.")
        if not 1 <= high <= SELECT_OPTIONS:
            errs.add(p + ("max_values",), "NUMBER_TYPE_MAX", f"int value should be between 1 and {SELECT_OPTIONS}.")
        if low > high:
            errs.add(p + ("min_values",), "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
                     "min_values must be less than or equal to max_values")
        if kind == 3:
            options = c.get("options") or []
            if not options:
                errs.add(p + ("options",), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            errs.max_items(p + ("options",), options, SELECT_OPTIONS)
            if isinstance(high, int) and options and high > len(options):
                errs.add(p + ("max_values",), "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
                         "max_values must be less than or equal to the number of options")
            values: set[str] = set()
            for k, o in enumerate(options):
                errs.length(p + ("options", k, "label"), o.get("label"), 1, SELECT_OPTION_TEXT)
                errs.length(p + ("options", k, "value"), o.get("value"), 1, SELECT_OPTION_TEXT)
                errs.max_len(p + ("options", k, "description"), o.get("description"), SELECT_OPTION_TEXT)
                if o.get("value") in values:
                    errs.add(p + ("options", k, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                             "Select component option values must be unique")
                values.add(o.get("value"))
    elif kind == 4:
        errs.add(p + ("type",), "COMPONENT_TYPE_INVALID", "Text inputs belong in modals, not in messages.")


# -- interaction callbacks -------------------------------------------------------------------------
def check_choices(choices: Any, option: dict[str, Any] | None, errs: FormErrors) -> None:
    path = ("data", "choices")
    if not isinstance(choices, list):
        errs.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    errs.max_items(path, choices, AUTOCOMPLETE_CHOICES)
    kind = option.get("type") if option else None
    for i, ch in enumerate(choices):
        errs.length(path + (i, "name"), ch.get("name"), 1, CHOICE_NAME)
        value = ch.get("value")
        if kind == 3 or (kind is None and isinstance(value, str)):
            errs.length(path + (i, "value"), value, 1, CHOICE_VALUE)
        elif kind == 4 and not (isinstance(value, int) and not isinstance(value, bool)):
            errs.add(path + (i, "value"), "NUMBER_TYPE_COERCE", "Value is not int.")
        elif kind == 10 and not (isinstance(value, (int, float)) and not isinstance(value, bool)):
            errs.add(path + (i, "value"), "NUMBER_TYPE_COERCE", "Value is not a number.")
        for loc in (ch.get("name_localizations") or {}):
            if loc not in LOCALES:
                errs.add(path + (i, "name_localizations", loc), "LOCALE_INVALID", f"Invalid locale {loc!r}.")


def check_modal(data: Any, errs: FormErrors) -> None:
    if not isinstance(data, dict):
        errs.add(("data",), "BASE_TYPE_REQUIRED", "This field is required")
        return
    errs.length(("data", "custom_id"), data.get("custom_id"), 1, CUSTOM_ID)
    errs.length(("data", "title"), data.get("title"), 1, MODAL_TITLE)
    rows = data.get("components") or []
    if not rows:
        errs.add(("data", "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    errs.max_items(("data", "components"), rows, ROWS)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        inner = row.get("components") or ([row["component"]] if isinstance(row.get("component"), dict) else [])
        for j, c in enumerate(inner):
            p = ("data", "components", i, "components", j)
            cid = c.get("custom_id")
            errs.length(p + ("custom_id",), cid, 1, CUSTOM_ID)
            if cid in seen:
                errs.add(p + ("custom_id",), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            seen.add(cid)
            if c.get("type") == 4:
                if row.get("type") == 1:
                    errs.length(p + ("label",), c.get("label"), 1, TEXT_INPUT_LABEL)
                errs.max_len(p + ("value",), c.get("value"), TEXT_INPUT_VALUE)
                errs.max_len(p + ("placeholder",), c.get("placeholder"), 100)


# -- commands --------------------------------------------------------------------------------------
def _valid_name(name: Any, *, chat_input: bool) -> bool:
    if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME:
        return False
    if not chat_input:
        return True
    return all(ch.isalnum() or ch in "-_'" for ch in name) and name == name.lower()


def check_commands(payload: Any, errs: FormErrors) -> None:
    """A bulk overwrite of application commands (PUT .../commands)."""
    if not isinstance(payload, list):
        errs.add((), "BASE_TYPE_ARRAY", "Must be an array.")
        return
    counts: dict[int, int] = {}
    names: set[tuple[int, str]] = set()
    for i, cmd in enumerate(payload):
        kind = cmd.get("type", 1)
        counts[kind] = counts.get(kind, 0) + 1
        if (kind, cmd.get("name")) in names:
            errs.add((i, "name"), "APPLICATION_COMMAND_ALREADY_EXISTS", "Application command names must be unique")
        names.add((kind, cmd.get("name")))
        _check_command_entry(cmd, errs, (i,), chat_input=kind == 1, top=True)
    if counts.get(1, 0) > COMMANDS_PER_SCOPE:
        errs.add((), "APPLICATION_COMMANDS_TOO_MANY", f"Maximum number of application commands reached ({COMMANDS_PER_SCOPE}).")
    for kind in (2, 3):
        if counts.get(kind, 0) > 5:
            errs.add((), "APPLICATION_COMMANDS_TOO_MANY", "Maximum number of context menu commands reached (5).")


def _check_localizations(value: Any, path: tuple[Any, ...], errs: FormErrors, *, name: bool, chat_input: bool) -> None:
    for loc, text in (value or {}).items():
        if loc not in LOCALES:
            errs.add(path + (loc,), "LOCALE_INVALID", f"Invalid locale {loc!r}.")
        elif name and not _valid_name(text, chat_input=chat_input):
            errs.add(path + (loc,), "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {text!r}")
        elif not name and isinstance(text, str) and not 1 <= len(text) <= COMMAND_DESCRIPTION:
            errs.add(path + (loc,), "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {COMMAND_DESCRIPTION} in length.")


def _check_command_entry(cmd: dict[str, Any], errs: FormErrors, p: tuple[Any, ...], *, chat_input: bool,
                         top: bool) -> None:
    if not _valid_name(cmd.get("name"), chat_input=chat_input):
        errs.add(p + ("name",), "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {cmd.get('name')!r}")
    _check_localizations(cmd.get("name_localizations"), p + ("name_localizations",), errs, name=True,
                         chat_input=chat_input)
    if chat_input:
        errs.length(p + ("description",), cmd.get("description"), 1, COMMAND_DESCRIPTION)
        _check_localizations(cmd.get("description_localizations"), p + ("description_localizations",), errs,
                             name=False, chat_input=True)
    options = cmd.get("options") or []
    errs.max_items(p + ("options",), options, COMMAND_OPTIONS)
    seen_optional = False
    names: set[str] = set()
    subs = [o for o in options if o.get("type") in (1, 2)]
    if subs and len(subs) != len(options):
        errs.add(p + ("options",), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                 "Sub-command and sub-command group option types are mutually exclusive to all other types")
    for j, o in enumerate(options):
        q = p + ("options", j)
        kind = o.get("type")
        if o.get("name") in names:
            errs.add(q + ("name",), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
        names.add(o.get("name"))
        if kind in (1, 2):
            if kind == 2 and not top:
                errs.add(q + ("type",), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                         "Sub-command groups cannot be nested in sub-command groups or sub-commands")
            if kind == 1 and any(x.get("type") in (1, 2) for x in o.get("options") or []):
                errs.add(q + ("options",), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                         "Sub-commands cannot hold sub-commands")
            _check_command_entry(o, errs, q, chat_input=True, top=False)
            continue
        if kind not in range(3, 12):
            errs.add(q + ("type",), "BASE_TYPE_CHOICES", "Value must be one of {1, ..., 11}.")
        if not _valid_name(o.get("name"), chat_input=True):
            errs.add(q + ("name",), "APPLICATION_COMMAND_INVALID_NAME", f"Option name is invalid: {o.get('name')!r}")
        _check_localizations(o.get("name_localizations"), q + ("name_localizations",), errs, name=True,
                             chat_input=True)
        _check_localizations(o.get("description_localizations"), q + ("description_localizations",), errs,
                             name=False, chat_input=True)
        errs.length(q + ("description",), o.get("description"), 1, COMMAND_DESCRIPTION)
        if o.get("required"):
            if seen_optional:
                errs.add(q + ("required",), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                         "Required options must be placed before non-required options")
        else:
            seen_optional = True
        choices = o.get("choices") or []
        errs.max_items(q + ("choices",), choices, AUTOCOMPLETE_CHOICES)
        if choices and o.get("autocomplete"):
            errs.add(q + ("autocomplete",), "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                     "Autocomplete cannot be set for options with choices")
        for k, ch in enumerate(choices):
            errs.length(q + ("choices", k, "name"), ch.get("name"), 1, CHOICE_NAME)
            if isinstance(ch.get("value"), str):
                errs.length(q + ("choices", k, "value"), ch.get("value"), 1, CHOICE_VALUE)
            _check_localizations(ch.get("name_localizations"), q + ("choices", k, "name_localizations"), errs,
                                 name=False, chat_input=True)

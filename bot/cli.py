"""The ``broadside`` command."""
from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

from rules.core.record import GameRecord, ReplayError, replay
from rules.core.registry import get_ruleset, manifests, ruleset_names


def _cmd_replay(args: argparse.Namespace) -> int:
    path = Path(args.record)
    try:
        record = GameRecord.load(path)
    except FileNotFoundError:
        print(f"broadside: no such record: {path}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"broadside: {path} is not a game record: {exc}", file=sys.stderr)
        return 2
    try:
        ruleset = get_ruleset(record.ruleset)
    except KeyError as exc:
        print(f"broadside: {exc.args[0]}", file=sys.stderr)
        return 2
    try:
        result, _ = replay(record)
    except ReplayError as exc:
        print(f"broadside: {exc}", file=sys.stderr)
        return 1
    if args.json:
        out = {
            "steps": [{"index": s.index, "events": [e.model_dump(mode="json") for e in s.events]}
                      for s in result.steps],
            "outcome": result.outcome.model_dump(mode="json") if result.outcome else None,
            "pending": result.pending,
            "final_state": result.final_state,
        }
        sys.stdout.write(json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
        return 0
    viewer = None if not args.all_secrets else "*"
    for step in result.steps:
        for event in step.events:
            if event.kind == "roll" and not args.dice:
                continue
            if event.to is not None and viewer is None:
                continue
            sys.stdout.write(ruleset.describe(event, args.lang) + "\n")
    if result.outcome is None:
        sys.stdout.write(f"(the record stops here; waiting for: {', '.join(result.pending)})\n")
    return 0


def _cmd_report(args: argparse.Namespace) -> int:
    from bot.campaign_page import write_report

    source = Path(args.file)
    out = Path(args.out) if args.out else source.with_suffix(".html")
    try:
        write_report(source, out, args.lang)
    except FileNotFoundError:
        print(f"broadside: no such file: {source}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"broadside: {source} is not a game record: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    except KeyError as exc:
        print(f"broadside: {exc.args[0]}", file=sys.stderr)
        return 2
    except ReplayError as exc:
        print(f"broadside: {exc}", file=sys.stderr)
        return 1
    print(f"{out}")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    import asyncio

    from bot.demo import run_demo
    from bot.service import ServiceError

    from bot.service import default_policies

    out = Path(args.out)
    ruleset = args.ruleset or ruleset_names()[0]
    mistake = (_unknown("ruleset", ruleset, ruleset_names())
               or (args.scenario and _unknown_scenario(ruleset, args.scenario))
               or _unknown("level", args.level, list(default_policies())))
    if mistake:
        print(mistake, file=sys.stderr)
        return 2
    try:
        result = asyncio.run(run_demo(out, seed=args.seed, ruleset=ruleset, scenario=args.scenario,
                                      level=args.level, posting=args.posting, language=args.lang))
    except ServiceError as exc:
        print(f"broadside: {exc.message('en')}", file=sys.stderr)
        return 2
    print(f"{len(result.images)} maps in {result.posts} posts, the replay, the record and the log are in {result.out}/")
    print(f"  replay:  {result.replay}")
    print(f"  record:  {result.record}  (broadside replay {result.record})")
    print(f"  log:     {result.log}")
    print(f"  result:  {result.outcome}")
    return 0


def _unknown(kind: str, given: str, known: list[str]) -> str | None:
    """None if ``given`` is one of ``known``; else one line saying so, with a suggestion."""
    if given in known:
        return None
    close = difflib.get_close_matches(given, known, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]!r}?" if close else "`broadside demo --help` lists them all."
    return f"broadside: unknown {kind} {given!r} (known: {', '.join(known)}); {hint}"


def _unknown_scenario(ruleset: str, scenario: str) -> str | None:
    from rules.core.registry import manifest

    mistake = _unknown(f"{ruleset} scenario", scenario, manifest(ruleset).scenario_names())
    elsewhere = [m.name for m in manifests() if scenario in m.scenario_names()]
    if mistake and elsewhere:
        mistake = mistake.rsplit("; ", 1)[0] + f"; it is a {elsewhere[0]} scenario: add --ruleset {elsewhere[0]}."
    return mistake


def _cmd_run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.leases import parse_shards
    from bot.settings import load_settings
    overrides = {k: v for k, v in (("shards", args.shards), ("shard_count", args.shard_count)) if v is not None}
    try:
        settings = load_settings(**overrides)
    except ValidationError as exc:
        print(f"broadside: the configuration (.env or BROADSIDE_* variables) is not valid:\n{exc}", file=sys.stderr)
        return 2
    try:
        parse_shards(settings.shards, settings.shard_count)
    except ValueError as exc:
        print(f"broadside: {exc}", file=sys.stderr)
        return 2
    # Imported here so that `broadside replay` does not load discord.py.
    from bot.discord import run
    return run(settings)


def _cmd_migrate(args: argparse.Namespace) -> int:
    import asyncio

    from db.transfer import TransferError, transfer
    try:
        counts = asyncio.run(transfer(args.source, args.target))
    except TransferError as exc:
        print(f"broadside: {exc}", file=sys.stderr)
        return 2
    print("copied: " + ", ".join(f"{table} {n}" for table, n in counts.items()))
    return 0


def _demo_choices() -> str:
    """What ``demo`` can play: each ruleset with its scenarios, and the captains' levels."""
    from bot.service import default_policies

    lines = ["rulesets and their scenarios (the first is the default):"]
    for m in manifests():
        lines.append(f"  {m.name}: {', '.join(m.scenario_names())}  ({m.title.render()})")
    lines.append(f"levels: {', '.join(default_policies())}")
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    """A parser whose epilog may be computed only when its help is shown (listing the
    demo's choices reads every ruleset's scenario files, which ``broadside replay``
    should not pay for)."""

    def __init__(self, *args: object, epilog_from: object = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.epilog_from = epilog_from

    def format_help(self) -> str:
        if callable(self.epilog_from):
            self.epilog = self.epilog_from()
        return super().format_help()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="broadside", description="Naval wargames by chat.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p_replay = sub.add_parser("replay", help="replay a game record and print what happened")
    p_replay.add_argument("record", help="a game record (JSON, see docs/game-record.md)")
    p_replay.add_argument("--json", action="store_true", help="print events and the final state as JSON")
    p_replay.add_argument("--lang", default="en", choices=["en", "it"], help="language of the lines")
    p_replay.add_argument("--dice", action="store_true", help="also print every die roll")
    p_replay.add_argument("--all-secrets", action="store_true",
                          help="also print private lines (hidden orders): for umpires, after the game")
    p_replay.set_defaults(func=_cmd_replay)
    p_demo = sub.add_parser("demo", help="watch computer captains play a whole game offline",
                            epilog_from=_demo_choices, formatter_class=argparse.RawDescriptionHelpFormatter)
    p_demo.add_argument("--seed", type=int, default=1, help="dice seed (the same seed plays the same game)")
    p_demo.add_argument("--out", default="demo-out", help="folder for the maps, replay, record and log")
    p_demo.add_argument("--ruleset", default=None, help="ruleset to play (default: the first by name)")
    p_demo.add_argument("--scenario", default=None, help="scenario name (default: the ruleset's first)")
    p_demo.add_argument("--level", default="captain", help="computer captain level for both sides")
    p_demo.add_argument("--posting", default="turn", choices=["phase", "turn", "act"],
                        help="how the thread is told the game: a post per phase with action, one a turn"
                             " (the default), or when someone must act")
    p_demo.add_argument("--lang", default="en", choices=["en", "it"],
                        help="the game's language: its thread, maps and replay")
    p_demo.set_defaults(func=_cmd_demo)
    p_report = sub.add_parser("campaign-report", help="write a game's story as one self-contained web page")
    p_report.add_argument("file", help="a game record (JSON: /host export, records/*.json)")
    p_report.add_argument("--out", default=None, help="the page to write (default: FILE with .html)")
    p_report.add_argument("--lang", default="en", choices=["en", "it"], help="language of the page")
    p_report.set_defaults(func=_cmd_report)
    p_run = sub.add_parser("run", help="run the Discord bot")
    p_run.add_argument("--shards", default=None,
                       help="the shards this process runs, e.g. 0-3 or 0,2 (with --shard-count; see docs/deploy.md)")
    p_run.add_argument("--shard-count", type=int, default=None, help="how many shards the bot has in all")
    p_run.set_defaults(func=_cmd_run)
    p_migrate = sub.add_parser("migrate", help="copy a SQLite database into an empty PostgreSQL database")
    p_migrate.add_argument("--from", dest="source", required=True, help="sqlite:PATH (or a path)")
    p_migrate.add_argument("--to", dest="target", required=True, help="postgresql://user@host/dbname")
    p_migrate.set_defaults(func=_cmd_migrate)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())

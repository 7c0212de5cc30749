"""The table geometries are pure: importing them pulls in no Discord, imaging,
database or event-loop library, and no ruleset."""
from __future__ import annotations

import subprocess
import sys

MODULES = ["open_table", "courses", "contact", "sectors", "compass", "hexmap", "squares"]
FORBIDDEN = ["discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "rules.cannoni", "rules.nauta", "renderer", "bot"]


def test_tables_import_nothing_impure():
    code = ("import sys\n"
            + "".join(f"import rules.core.tables.{m}\n" for m in MODULES)
            + f"print(' '.join(m for m in {FORBIDDEN!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

"""Cannoni in batteria! (Lu(ri)doteca, v1.11) — the flagship ruleset (see manifest.py)."""

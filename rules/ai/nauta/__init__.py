"""The galley captains of Nauta / Classis (see docs/ai.md)."""

"""Cannoni in batteria! drawn on the open table: the board (named by the ruleset's
manifest, ``renderer.cannoni.board:CannoniBoard``), its ships, forts, alt text and card."""

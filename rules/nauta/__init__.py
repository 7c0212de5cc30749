"""Nauta (Daniele Varelli, 2005) and its Italian edition Classis: ancient and
medieval galleys (see manifest.py)."""

"""The app's screens: launch, table, terminal-too-small (and the result, help and
rules screens, which live beside them)."""

from __future__ import annotations

from pathlib import Path

TUI_DIR = Path(__file__).resolve().parent.parent
APP_CSS_PATH = TUI_DIR / "app.tcss"
TABLE_CSS_PATH = TUI_DIR / "table.tcss"

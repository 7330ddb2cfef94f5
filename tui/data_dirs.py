"""Where the app keeps its files: one data directory, settings included.

The directory is `platformdirs`' user data directory for mahjong-tui
(``~/.local/share/mahjong-tui`` or ``$XDG_DATA_HOME/mahjong-tui`` on Linux and the
BSDs, ``~/Library/Application Support/mahjong-tui`` on macOS, ``%APPDATA%\\mahjong-tui``
on Windows), unless ``MAHJONG_TUI_DATA`` names another. Everything the app keeps is
in it — the save, the kept games, the history, the session, and the settings — so
pointing ``MAHJONG_TUI_DATA`` elsewhere moves all of it, and one run in another
directory never changes the defaults of the others.

Versions before this one kept the settings in the config directory
(``$XDG_CONFIG_HOME/mahjong-tui/settings.json``); `legacy_settings_dir` names it for
the one-time migration (`tui.settings`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

import platformdirs

APP_DIR = "mahjong-tui"
DATA_ENV = "MAHJONG_TUI_DATA"


def default_data_dir(env: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The user's data directory for this app: ``MAHJONG_TUI_DATA`` if set, else
    `platformdirs`' user data directory.

    `env` and `platform` describe another machine (the tests, which cannot run
    `platformdirs` for macOS or Windows on Linux): then the same places are spelled
    out from that environment; without them, `platformdirs` answers for this one."""
    if env is None and platform is None:
        if os.environ.get(DATA_ENV):
            return Path(os.environ[DATA_ENV])
        return Path(platformdirs.user_data_dir(APP_DIR, appauthor=False, roaming=True))
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get(DATA_ENV):
        return Path(env[DATA_ENV])
    home = Path(env.get("HOME") or Path.home())
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_DIR
    if platform.startswith("win"):
        return Path(env.get("APPDATA") or home / "AppData" / "Roaming") / APP_DIR
    return Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / APP_DIR


def is_default_data_dir(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is the data directory a plain run uses (no ``MAHJONG_TUI_DATA``):
    only that one takes over the settings an older version kept elsewhere."""
    if os.environ.get(DATA_ENV):
        return False
    plain = Path(platformdirs.user_data_dir(APP_DIR, appauthor=False, roaming=True))
    return Path(path).absolute() == plain.absolute()


def legacy_settings_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where versions before this one kept ``settings.json``, on every platform:
    ``$XDG_CONFIG_HOME/mahjong-tui``, else ``~/.config/mahjong-tui``."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP_DIR

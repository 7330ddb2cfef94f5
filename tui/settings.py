"""The launch choices, remembered between games (ruleset, AI level, tile style, ...).

Kept as ``settings.json`` in the data directory (`tui.data_dirs`), beside the save
and the history, so ``MAHJONG_TUI_DATA`` moves them too: a run with another data
directory never changes the defaults of this one. Versions before this one kept
them in ``$XDG_CONFIG_HOME/mahjong-tui/settings.json``; that file is copied over
once, into the default data directory only, when it has no settings of its own.

The file is opened through `engine.storage` (a regular file of a few KiB, never
through a symlink, written by replacing it whole) and its version judged by
`engine.storage.file_version`. A missing file gives the defaults; an unknown value in it
is dropped, never trusted. A file that is not settings (not JSON, not an object,
an unknown version) is reported and kept aside as ``settings.json.corrupt-<time>``,
never silently replaced; one written by a newer version of mahjong-tui is
reported and left as it is (this run's choices are then not written over it).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.storage import NotRegularFile, TooLarge, read_bytes, write_atomic
from engine.storage.file_version import NewerVersion, check_version
from engine.storage.kept_games import move_unique

from .data_dirs import default_data_dir, is_default_data_dir, legacy_settings_dir

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.ruleset import Ruleset

FILE_NAME = "settings.json"
APP_DIR = "mahjong-tui"
VERSION = 1  # a file without "version" was written before versions: read as 1
MAX_BYTES = 64 * 1024  # a few hundred bytes in use; anything near this is not settings


@dataclass(frozen=True, slots=True)
class Settings:
    ruleset: str = "wrc"
    ai: str = "normal"  # ai.DEFAULT_LEVEL (a test keeps them equal; ai loads later)
    tiles: str = "text"
    lang: str = "en"
    aids: bool = True
    # The house rules last chosen on the launch screen's panel (`KEY=VALUE` items).
    rules: tuple[str, ...] = ()


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where versions before this one kept the settings: $XDG_CONFIG_HOME/mahjong-tui
    or ~/.config/mahjong-tui (read once, for the migration)."""
    return legacy_settings_dir(environ)


class SettingsFile:
    """``settings.json`` in one data directory (the default one when None)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.default = directory is None
        self.dir = Path(directory) if directory is not None else default_data_dir()
        self.path = self.dir / FILE_NAME
        self.problem: str | None = None  # what was wrong with the file, said once
        self.writable = True  # False: a newer version's (or a strange) file is there

    def load(self) -> Settings:
        """The choices in the file, the defaults where it has none (see `problem`)."""
        self.problem = None
        if self.default and is_default_data_dir(self.dir):
            self._migrate()
        try:
            raw = json.loads(read_bytes(self.path, MAX_BYTES).decode("utf-8"))
            if not isinstance(raw, dict):
                raise ValueError(f"it holds a JSON {type(raw).__name__}, not an object")
            check_version(raw.get("version", VERSION), VERSION, "settings file")
        except FileNotFoundError:
            return Settings()
        except (NotRegularFile, TooLarge) as error:
            self.writable = False  # never read, never written over: said at launch
            self.problem = f"The settings were not read: {error}."
            return Settings()
        except NewerVersion as error:
            self.writable = False
            self.problem = (f"The settings in {self.path} were not read: {error}; they are "
                            "left as they are and this run's choices are not saved over them.")
            return Settings()
        except OSError as error:
            self.problem = f"The settings in {self.path} could not be read: {error}."
            return Settings()
        except (ValueError, RecursionError) as error:  # not JSON, not UTF-8, a bad version
            self._keep_aside(str(error) or type(error).__name__)
            return Settings()
        return _known(raw)

    def save(self, settings: Settings) -> None:
        """Write the choices (a read-only or missing home is not worth a crash)."""
        if not self.writable:
            return
        data = {"version": VERSION, **asdict(settings)}
        with contextlib.suppress(OSError):
            write_atomic(self.path, json.dumps(data, indent=2) + "\n", prefix=".settings-")

    def _keep_aside(self, reason: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        try:
            kept: Path | None = move_unique(self.path, self.dir, f"{FILE_NAME}.corrupt-{stamp}",
                                            "")
        except OSError:
            kept, self.writable = None, False
        where = (f"it was kept as {kept.name} and the defaults are used" if kept
                 else "it was left in place and is not written over")
        self.problem = f"The settings in {self.path} could not be read ({reason}); {where}."

    def _migrate(self) -> None:
        """Copy an older version's settings into the data directory, once: only while
        the data directory has none (afterwards the copy is the settings)."""
        old = legacy_settings_dir() / FILE_NAME
        if os.path.lexists(self.path) or old.absolute() == self.path.absolute():
            return
        try:
            data = read_bytes(old, MAX_BYTES)
            write_atomic(self.path, data, prefix=".settings-")
        except OSError:
            return  # nothing there (or unreadable): nothing to take over


def _known(raw: dict[str, Any]) -> Settings:
    """The settings in `raw` whose values have the right type; the rest dropped."""
    defaults = Settings()
    known: dict[str, Any] = {}
    for f in fields(Settings):
        value = raw.get(f.name)
        if f.name == "rules":  # a JSON list of strings; anything else is dropped
            if isinstance(value, list) and all(isinstance(x, str) for x in value):
                known[f.name] = tuple(value)
        elif isinstance(value, type(getattr(defaults, f.name))):
            known[f.name] = value
    return replace(defaults, **known)


def load_settings(directory: str | os.PathLike[str] | None = None) -> Settings:
    """The remembered choices in `directory` (the default data directory when None)."""
    return SettingsFile(directory).load()


def save_settings(settings: Settings, directory: str | os.PathLike[str] | None = None) -> None:
    """Remember the choices in `directory` (the default data directory when None)."""
    store = SettingsFile(directory)
    store.load()  # a newer version's or a refused file is not written over
    store.save(settings)


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything one game is started with (the launch screen's answer)."""

    ruleset: str = "wrc"
    ai: str = "normal"  # ai.DEFAULT_LEVEL (a test keeps them equal; ai loads later)
    seed: int = 0
    tiles: str = "text"
    lang: str = "en"
    delay: float = 0.4
    aids: bool = True
    # House rules on top of the preset, as `--rule` takes them ("kiriage_30_4=false"),
    # applied in order; `build_ruleset()` is the one place they become a Ruleset.
    rules: tuple[str, ...] = ()

    def build_ruleset(self) -> Ruleset:
        """The preset with the house rules applied and validated (RulesetError if they do
        not fit it, e.g. after the launch screen switched to another preset)."""
        from rules.ruleset import resolve

        return resolve(self.ruleset, self.rules)


def rules_of(ruleset: Ruleset) -> tuple[str, ...]:
    """A ruleset's house rules as `--rule` takes them (a resumed game's, from its save),
    so the next game of its session is played under the same ones."""
    import json

    values = ruleset.as_dict()
    return tuple(f"{key}={json.dumps(values[key])}" for key, _ in ruleset.overrides)

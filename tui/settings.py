"""The launch choices, remembered between games (ruleset, AI level, tile style, ...).

Kept as one small JSON file in the user's config directory: `$XDG_CONFIG_HOME/
mahjong-tui/settings.json`, else `~/.config/mahjong-tui/settings.json` (stdlib
only). Tests hand a temporary directory instead. A missing or unreadable file
gives the defaults; an unknown value in it is dropped, never trusted.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.ruleset import Ruleset

FILE_NAME = "settings.json"
APP_DIR = "mahjong-tui"


@dataclass(frozen=True, slots=True)
class Settings:
    ruleset: str = "wrc"
    ai: str = "normal"  # ai.DEFAULT_LEVEL (a test keeps them equal; ai loads later)
    tiles: str = "text"
    lang: str = "en"
    aids: bool = True
    # The house rules last chosen on the launch screen's panel (`KEY=VALUE` items).
    rules: tuple[str, ...] = ()


def config_dir(environ: dict[str, str] | None = None) -> Path:
    """Where the settings live: $XDG_CONFIG_HOME/mahjong-tui or ~/.config/mahjong-tui."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP_DIR


def load_settings(directory: str | Path | None = None) -> Settings:
    path = Path(directory or config_dir()) / FILE_NAME
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
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


def save_settings(settings: Settings, directory: str | Path | None = None) -> None:
    """Write the choices; a read-only or missing home is not an error worth a crash."""
    folder = Path(directory or config_dir())
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / (FILE_NAME + ".tmp")
        tmp.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
        tmp.replace(folder / FILE_NAME)
    except OSError:
        pass


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

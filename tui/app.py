"""`MahjongApp`: the launch screen (unless the flags already chose), then the table.

    MahjongApp(ruleset_id="wrc", ai="greedy", seed=7, tiles="text", delay=0)

The seed is random by default and always shown, so any game can be replayed.
The last launch choice is remembered (tui.settings) in `data_dir` or the user's
config directory. Below 80x24 a "terminal too small" notice covers the app
until the terminal grows.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding
from textual.events import Resize

from engine.game import Game

from .history import HistoryRecorder
from .save import SaveError, SaveStore, default_data_dir
from .screens import APP_CSS_PATH
from .screens.launch import LaunchScreen, random_seed
from .screens.table import TableScreen
from .screens.too_small import TooSmallScreen, too_small
from .settings import GameConfig, Settings, load_settings, save_settings
from .tiles import check_style
from .words import check_lang, round_name

SAVE_DEBOUNCE = 0.05  # seconds: the longest a played action waits to be on disk


class MahjongApp(App[None]):
    """Japanese mahjong in the terminal against three AI opponents."""

    TITLE = "mahjong-tui"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar = [APP_CSS_PATH]
    BINDINGS: ClassVar = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        ruleset_id: str | None = None,
        ai: str | None = None,
        seed: int | None = None,
        tiles: str | None = None,
        lang: str = "en",
        delay: float = 0.4,
        data_dir: str | Path | None = None,
        *,
        aids: bool | None = None,
        game: Game | None = None,
        opponents: Sequence[Any] | None = None,
        rules: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.settings: Settings = load_settings(self.data_dir)
        s = self.settings
        self.flags = {"ruleset": ruleset_id, "ai": ai, "seed": seed, "tiles": tiles}
        self.config = GameConfig(
            ruleset=ruleset_id or (game.ruleset.id if game is not None else s.ruleset),
            ai=ai or s.ai,
            seed=seed if seed is not None else (game.seed if game is not None else random_seed()),
            tiles=check_style(tiles or s.tiles),
            lang=check_lang(lang),
            delay=delay,
            aids=s.aids if aids is None else aids,
            rules=tuple(rules),
        )
        self.scripted_game = game
        self.opponents = opponents
        self.from_launch = False
        # The save lives beside the settings in tests (data_dir); fsync only for real use.
        self.store = SaveStore(
            self.data_dir if self.data_dir is not None else default_data_dir(),
            durable=self.data_dir is None,
        )
        self.save_problem: str | None = None
        self._unsaved: Game | None = None
        self._save_timer: Any = None
        # A scripted game handed in (tests, examples) is saved only into its own data_dir.
        self.saving = game is None or self.data_dir is not None
        self.game_history = HistoryRecorder(self.store.dir)  # finished games, once each

    # -- screens --------------------------------------------------------------------
    def on_mount(self) -> None:
        skip_launch = self.scripted_game is not None or (
            self.flags["ruleset"] is not None and self.flags["seed"] is not None
        )
        if skip_launch:
            self.start_game(self.config, remember=False)
        else:
            self.show_launch()
        self._check_size()

    def show_launch(self) -> None:
        self.from_launch = True
        note = ""
        self.resumable = None
        try:
            saved = self.store.load()
        except SaveError as error:
            saved, note = None, str(error)
        if self.store.problem:
            note = self.store.problem
        if saved is not None and not saved.finished:
            self.resumable = saved
            note = (
                f"A game was saved: {saved.ruleset}, seed {saved.seed}, "
                f"{round_name(saved.round_wind, saved.hand_number + 1, self.config.lang)}, "
                f"{saved.honba} honba, scores {', '.join(f'{x:,}' for x in saved.scores)}"
                " - press r to resume it."
            )
        self.push_screen(
            LaunchScreen(self.config, resume_note=note, can_resume=self.resumable is not None),
            callback=self._launched,
        )

    def _launched(self, config: GameConfig | str | None) -> None:
        if config == "resume" and self.resumable is not None:
            saved = self.resumable
            self.resumable = None
            config = replace(self.config, ruleset=saved.ruleset, seed=saved.seed)
            # A time limit (gifu) counts on from the playing time at the save.
            saved.game.resume_clock(time.monotonic, saved.played_seconds)
            self.scripted_game = saved.game
            self.start_game(config, remember=False)
            return
        if isinstance(config, GameConfig):
            self.start_game(config)

    def start_game(self, config: GameConfig, *, remember: bool = True) -> None:
        self.config = config
        if remember:
            self.remember(ruleset=config.ruleset, ai=config.ai, tiles=config.tiles,
                          lang=config.lang)
        game = self.scripted_game
        self.scripted_game = None
        self.push_screen(
            TableScreen(config, game=game, opponents=self.opponents,
                        on_game_over=self._game_over)
        )
        self._check_size()

    # -- saving -------------------------------------------------------------------------
    def save_game(self, game: Game) -> None:
        """Save the game's log (after every applied action and at the start)."""
        if not self.saving:
            return
        self.game_history.update(game, self.notify)
        if game.is_over:
            self.store.clear()
            return
        try:
            self.store.save(game)
        except SaveError as error:
            if self.save_problem is None:
                self.save_problem = str(error)
                self.notify(str(error), title="The game cannot be saved", severity="error")

    def save_after_apply(self, game: Game, action: Any, events: Any) -> None:
        """Save soon: the actions of one burst (the AI's turns between two of yours)
        are written together, a few milliseconds later, instead of one file each."""
        self._unsaved = game
        if game.is_over:
            self.flush_save()
        elif self._save_timer is None:
            self._save_timer = self.set_timer(SAVE_DEBOUNCE, self.flush_save)

    def flush_save(self) -> None:
        if self._save_timer is not None:
            self._save_timer.stop()
        self._save_timer = None
        game, self._unsaved = self._unsaved, None
        if game is not None:
            self.save_game(game)

    async def action_quit(self) -> None:
        self.flush_save()
        self.exit()

    def on_unmount(self) -> None:
        self.flush_save()

    def _game_over(self) -> None:
        if self.from_launch:
            self.pop_screen()
            self.config = replace(self.config, seed=random_seed())
            self.show_launch()
        else:
            self.exit()

    def remember(self, **changes: Any) -> None:
        self.settings = replace(self.settings, **changes)
        save_settings(self.settings, self.data_dir)

    # -- terminal size -----------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int | None = None, height: int | None = None) -> None:
        if width is None or height is None:
            width, height = self.size
        small = too_small(width, height)
        top = self.screen_stack[-1] if self.screen_stack else None
        if small:
            if isinstance(top, TooSmallScreen):
                top.update_size(width, height)
            else:
                self.push_screen(TooSmallScreen(width, height, self.config.lang))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

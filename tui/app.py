"""`MahjongApp`: the launch screen (unless the flags already chose), then the table.

    MahjongApp(ruleset_id="wrc", ai="greedy", seed=7, tiles="text", delay=0)

The seed is random by default and always shown, so any game can be replayed.
The last launch choice is remembered (tui.settings) in `data_dir` or the user's
config directory. Below 80x24 a "terminal too small" notice covers the app
until the terminal grows.

Nothing is lost (issue #10): the app takes the data directory's lock first
(`tui.data_lock`; a second process is told and may watch the other's save read
only); it finishes what a previous run could not (a finished game not yet in
the history, `engine.game_finish.settle_pending`); a saved game is replaced
only after the player says so, and is then kept in ``games/``
(`ReplaceSaveScreen`, also when the flags chose a new game); a game that cannot
be saved says so once (`NotSavedScreen`); the end of a game is the host's
(`TableHost.finish`: record once, then keep). A crash exits non-zero
(`tui.app_process`).

The app holds no game (issue #21): the game's host (`engine.table_host.TableHost`)
holds it and saves it, records it and tells what a session counts of it; the
app decides where (its data directory) and when (after a burst of actions, at
a quit), and shows what happened.

Sessions (issue #12): a ruleset with `games_per_session` > 1 (teiai, or any
preset with `--rule games_per_session=N`) is played game after game, with the
session table (`SessionTableScreen`) between games and at the end. The session
is `tui.session_file.PlayedSession`, saved as ``session.json`` beside the save
(updated when a game ends, before its save goes), so it resumes between games
and in the middle of one; each finished game of it is kept in ``games/`` by its
id, for the replay and the export.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding
from textual.events import Resize

from engine.game_finish import settle_pending
from engine.storage.history_recorder import HistoryRecorder
from engine.storage.kept_games import games_dir, safe_name
from engine.storage.save_store import SavedGame, SaveError, SaveStore
from engine.table_host import TableHost

from .app_process import ProcessApp
from .data_dirs import default_data_dir
from .data_lock import DataLock
from .house_rules import panel_rules
from .navigation import Navigator, PlayFirstGame  # screens post messages; the app opens screens
from .no_color import use_safe_filters
from .screens import APP_CSS_PATH
from .screens.launch import LaunchScreen, random_seed
from .screens.notice import NotSavedScreen, OtherGameScreen, ReplaceSaveScreen
from .screens.table import TableScreen
from .screens.too_small import TooSmallScreen, too_small
from .seat_client import new_game
from .session_file import PlayedSession, SessionFile
from .settings import GameConfig, Settings, SettingsFile, rules_of
from .tiles import check_style
from .words import check_lang, round_name

SAVE_DEBOUNCE = 0.05  # seconds: the longest a played action waits to be on disk


class MahjongApp(Navigator, ProcessApp, App[None]):
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
        host: TableHost | None = None,
        opponents: Sequence[Any] | None = None,
        rules: Sequence[str] = (),
        mjai_seats: Mapping[int, Any] | None = None,
    ) -> None:
        super().__init__()
        use_safe_filters(self)  # NO_COLOR: no crash on unstyled segments
        self.data_dir = Path(data_dir) if data_dir is not None else None
        # The settings live in the data directory (MAHJONG_TUI_DATA moves them too).
        self.settings_file = SettingsFile(self.data_dir)
        self.settings: Settings = self.settings_file.load()
        s = self.settings
        self.flags = {"ruleset": ruleset_id, "ai": ai, "seed": seed, "tiles": tiles}
        self.config = GameConfig(
            ruleset=ruleset_id or (host.ruleset_id if host is not None else s.ruleset),
            ai=ai or s.ai,
            seed=seed if seed is not None else (host.seed if host is not None else random_seed()),
            tiles=check_style(tiles or s.tiles),
            lang=check_lang(lang),
            delay=delay,
            aids=s.aids if aids is None else aids,
            rules=tuple(rules) if rules or not self._launch_shown(host, ruleset_id, seed)
            else s.rules,  # the launch screen starts from the house rules chosen last
        )
        self.scripted_host = host  # a position handed in (tests, examples), played first
        self.opponents = opponents
        self.mjai_seats = dict(mjai_seats or {})  # --seat N=mjai:COMMAND (tui.mjai_opponents)
        self.from_launch = False
        # The save lives beside the settings in tests (data_dir); fsync only for real use.
        self.store = SaveStore(
            self.data_dir if self.data_dir is not None else default_data_dir(),
            durable=self.data_dir is None,
        )
        self.save_problem: str | None = None
        self._unlocked: str | None = None  # why the data directory's lock was not taken
        self._unsaved: TableHost | None = None  # the host whose save is due
        self._save_timer: Any = None
        # A scripted game handed in (tests, examples) is saved only into its own data_dir.
        self.saving = host is None or self.data_dir is not None
        self.game_history = HistoryRecorder(self.store.dir)  # finished games, once each
        self.lock = DataLock(self.store.dir)
        self.crash_dir = self.store.dir
        self.resumable: SavedGame | None = None
        self._finished: TableHost | None = None  # the host whose game's end was handled
        # Sessions: the file, the session being played, one found at launch.
        self.sessions = SessionFile(self.store.dir, durable=self.data_dir is None)
        self.play_session: PlayedSession | None = None
        self.session_found: PlayedSession | None = None
        self.table_host: TableHost | None = None  # the host of the game at the table
        self.game_factory = new_game  # how a session's game is made (tests: a short one)

    @staticmethod
    def _launch_shown(host: TableHost | None, ruleset_id: str | None, seed: int | None) -> bool:
        """Whether the launch screen will be shown (the flags did not choose the game)."""
        return host is None and (ruleset_id is None or seed is None)

    # -- the data directory ------------------------------------------------------------
    def _take_lock(self) -> bool:
        """Hold the data directory, or tell the player who does (False: no game here)."""
        try:
            other = self.lock.acquire()
        except OSError as error:
            # Never two games writing one save: without the lock, nothing is saved here.
            self.saving = False
            self._unlocked = (f"the data directory {self.store.dir} cannot be locked for this "
                              f"game ({error.strerror or error}), so nothing is saved there")
            return True
        if other is None:
            return True
        self.saving = False
        self._other = other
        self._show_other_game()
        return False

    def _show_other_game(self) -> None:
        saved = self.store.peek()
        screen = OtherGameScreen(self._other, str(self.store.dir), can_replay=saved is not None)
        self.push_screen(screen, callback=lambda answer: self._other_game(answer, saved))

    def _other_game(self, answer: str | None, saved: SavedGame | None) -> None:
        if answer == "replay" and saved is not None:
            from .screens.replay import ReplayScreen

            viewer = ReplayScreen(saved.timeline(), tiles=self.config.tiles,
                                  lang=self.config.lang)
            self.push_screen(viewer, callback=lambda _: self._show_other_game())
            return
        self.exit()

    def _settle(self) -> None:
        """Finish the work of earlier runs: old leftovers into games/, finished games
        not yet in the history recorded (once each)."""
        with contextlib.suppress(OSError):
            self.store.migrate_leftovers()
        self._settle_session()
        for note in settle_pending(self.store, self.game_history, notify=self.notify):
            self.notify(note, title="Game history", timeout=10)

    def _saved_to_resume(self) -> tuple[SavedGame | None, str]:
        """The unfinished saved game, if any, and the note the launch screen shows."""
        note = ""
        if not self.saving:  # the data directory is not ours (no lock): left untouched
            return None, f"This game is not saved: {self._unlocked}." if self._unlocked else ""
        try:
            saved = self.store.load()
        except SaveError as error:
            saved, note = None, str(error)
        if self.store.problem:
            note = self.store.problem
        found = self.session_found
        if saved is None or saved.finished:
            if found is not None and not found.finished:
                return None, self._describe_session(found)
            return None, note
        return saved, self._describe(saved)

    def _describe(self, saved: SavedGame) -> str:
        found = self.session_found
        part = ""
        if found is not None and found.owns({"session": saved.session_tag}):
            part = f"game {found.next_game} of {found.session.games_per_session} of a session, "
        return (
            f"A game was saved: {part}{saved.ruleset}, seed {saved.seed}, "
            f"{round_name(saved.round_wind, saved.hand_number + 1, self.config.lang)}, "
            f"{saved.honba} honba, scores {', '.join(f'{x:,}' for x in saved.scores)}"
            " - press r to resume it (Enter asks before a new game; the saved one is kept)."
        )

    def _kept_in(self, saved: SavedGame) -> str:
        return str(games_dir(self.store.dir) / f"{safe_name(saved.game_id)}.jsonl")

    def _ask_replace(self, config: GameConfig, *, back: str) -> None:
        saved = self.resumable
        assert saved is not None
        text = self._describe(saved).split(" - press r", 1)[0]
        self.push_screen(
            ReplaceSaveScreen(text, self._kept_in(saved), back=back,
                              new=f"{config.ruleset}, seed {config.seed}"),
            callback=lambda answer: self._replace_answer(answer, config),
        )

    def _replace_answer(self, answer: str | None, config: GameConfig) -> None:
        if answer == "resume":
            self._resume()
        elif answer == "new":
            self.resumable = None
            try:
                kept = self.store.archive()
            except SaveError as error:
                kept = None
                self.notify(str(error), title="The saved game stays where it is",
                            severity="error")
            if kept is not None:
                self.notify(f"The saved game is kept as {kept}.", title="Saved game kept",
                            timeout=8)
            self.start_game(config, remember=self.from_launch)
        elif self.from_launch:
            self.config = config
            self.show_launch()
        else:
            self.exit()

    def _resume(self) -> None:
        saved = self.resumable
        if saved is None:
            return
        self.resumable = None
        config = replace(self.config, ruleset=saved.ruleset, seed=saved.seed,
                         rules=rules_of(saved.played_ruleset))
        found, self.session_found = self.session_found, None
        if found is not None and found.owns({"session": saved.session_tag}):
            self.play_session = found  # the session goes on after this game
            config = replace(config, ai=found.ai)
        # A time limit (gifu) counts on from the playing time at the save.
        self.scripted_host = TableHost.resumed(saved)
        self.start_game(config, remember=False)

    # -- screens --------------------------------------------------------------------
    def launch_problem(self) -> str | None:
        """A file of the data directory the game cannot open safely (`tui.launch_check`)."""
        if not self.saving:
            return None
        from .launch_check import launch_problem

        return launch_problem(self.store.dir)

    def on_mount(self) -> None:
        self._check_size()
        if self.settings_file.problem:
            self.notify(self.settings_file.problem, title="Settings", severity="warning",
                        timeout=15)
        if self.saving and not self._take_lock():
            return
        if self.saving:
            self._settle()
        skip_launch = self.scripted_host is not None or (
            self.flags["ruleset"] is not None and self.flags["seed"] is not None
        )
        if not skip_launch:
            self.show_launch()
        elif self.scripted_host is None and self.saving:
            # The flags chose a new game: a saved one is replaced only if the player says so.
            self.resumable, note = self._saved_to_resume()
            if self.resumable is not None:
                self._ask_replace(self.config, back="quit (nothing is changed)")
            else:
                if note:
                    self.notify(note, title="Saved game", severity="warning", timeout=15)
                self.start_game(self.config, remember=False)
        else:
            self.start_game(self.config, remember=False)
        self._check_size()

    def show_launch(self) -> None:
        self.from_launch = True
        self.resumable, note = self._saved_to_resume()
        can_resume = self.resumable is not None or self.session_found is not None
        self.push_screen(
            LaunchScreen(self.config, resume_note=note, can_resume=can_resume),
            callback=self._launched,
        )

    def _launched(self, config: GameConfig | str | None) -> None:
        if config == "resume" and self.resumable is not None:
            self._resume()
        elif config == "resume" and self.session_found is not None:
            self._resume_session()
        elif isinstance(config, GameConfig) and self.resumable is not None:
            self._ask_replace(config, back="back to the launch screen")
        elif isinstance(config, GameConfig):
            self.start_game(config)

    def start_game(self, config: GameConfig, *, remember: bool = True) -> None:
        self.config = config
        if remember:
            self.remember(ruleset=config.ruleset, ai=config.ai, tiles=config.tiles,
                          lang=config.lang, rules=panel_rules(config.rules))
        table = self.scripted_host
        self.scripted_host = None
        if table is None:
            table = self._session_game(config) or new_game(config)
        # The app owns the host (the game, its log, its saves); the table is a seat
        # client of it and is handed only the way to attach.
        table.on_save = self.save_game
        table.after_apply = self.save_after_apply
        self.table_host = table
        opponents = self._opponents(table, config)
        self.push_screen(
            TableScreen(config, seat=table.seat,
                        connect=lambda client: table.attach(client, opponents),
                        session_tag=table.session_tag, on_game_over=self._game_over)
        )
        self._check_size()

    def _opponents(self, table: TableHost, config: GameConfig) -> list[Any]:
        """The three AI players at line-up entries 1-3 (given ones: tests, examples)."""
        if self.opponents is not None:
            return list(self.opponents)
        from ai import DEFAULT_LEVEL, LEVELS

        factory = LEVELS.get(config.ai) or LEVELS[DEFAULT_LEVEL]
        ais = [factory(table.seat_of(lineup), config.seed + lineup) for lineup in (1, 2, 3)]
        if not self.mjai_seats:
            return ais
        from .mjai_opponents import opponents_with_bots

        return opponents_with_bots(
            ais, [table.seat_of(lineup) for lineup in (1, 2, 3)], table.seat, self.mjai_seats,
            table.ruleset.red_fives > 0, self.store.dir,
        )

    def on_show_result(self, message: Any) -> None:
        """A game's end: its record for the review is the host's (the table's seat
        client was told only its own seat's events). Textual then runs the
        `Navigator`'s handler, which opens the screen."""
        from .screens.game_end import GameEnding

        context = message.context
        table = self.table_host
        if isinstance(context, GameEnding) and context.record is None and table is not None:
            message.context = replace(context, record=table.record())

    # -- saving -------------------------------------------------------------------------
    def save_game(self, table: TableHost) -> None:
        """Have the host save its game's log (after every applied action and at the start)."""
        if not self.saving:
            if self._unlocked is not None:  # said once, on the notice the player closes
                self._not_saved(self._unlocked)
            return
        if table.over:
            self._finish(table)
            return
        try:
            table.save(self.store, self.game_history, self.notify)  # the history notes it too
        except SaveError as error:
            self._not_saved(str(error))

    def _not_saved(self, reason: str) -> None:
        """Say once, on a notice the player closes, that this game is not being saved."""
        if self.save_problem is not None:
            return
        self.save_problem = reason
        self.push_screen(NotSavedScreen(reason))

    def _finish(self, table: TableHost) -> None:
        """The end of the game: the session counts it, then the host records it once
        and keeps its log (`TableHost.finish`)."""
        if table is self._finished:
            return
        self._finished = table
        self._note_session_game(table)
        done = table.finish(self.store, self.game_history, notify=self.notify)
        if done.outside is not None:
            self.notify(
                f"Nothing more fits in {self.store.dir}: the finished game is kept as "
                f"{done.outside}. Move it into {games_dir(self.store.dir)} once there is "
                "room, and it is added to the history at the next launch.",
                title="The finished game", severity="error", timeout=30,
            )
        if done.pending is not None:
            self.notify(
                f"The game is kept as {done.pending} and will be added to the history "
                "at the next launch.", title="Game history", severity="warning", timeout=15,
            )
        for problem in done.problems:
            if self.save_problem is None:
                self.notify(problem, title="The finished game's save", severity="error",
                            timeout=15)

    def save_after_apply(self, table: TableHost) -> None:
        """Save soon: the actions of one burst (the AI's turns between two of yours)
        are written together, a few milliseconds later, instead of one file each."""
        self._unsaved = table
        if table.over:
            self.flush_save()
        elif self._save_timer is None:
            self._save_timer = self.set_timer(SAVE_DEBOUNCE, self.flush_save)

    def flush_save(self) -> None:
        if self._save_timer is not None:
            self._save_timer.stop()
        self._save_timer = None
        table, self._unsaved = self._unsaved, None
        if table is not None:
            self.save_game(table)

    async def action_quit(self) -> None:
        self.flush_save()
        self.exit()

    def on_unmount(self) -> None:
        self.flush_save()
        self.lock.release()

    def process_ended(self) -> None:
        self.lock.release()

    def _game_over(self) -> None:
        if self._session_over_game():
            return
        if self.from_launch:
            self.pop_screen()
            self.config = replace(self.config, seed=random_seed())
            self.show_launch()
        else:
            self.exit()

    def remember(self, **changes: Any) -> None:
        self.settings = replace(self.settings, **changes)
        self.settings_file.save(self.settings)

    def on_play_first_game(self, message: PlayFirstGame) -> None:
        """The lessons asked for the first game: the screens above the base (the lessons,
        the launch screen) close and the table starts under the launch screen's current
        choices made into `first_game_config` (a saved game is replaced only if the
        player says so, as from the launch screen)."""
        from .learn.first_game import first_game_config

        message.stop()
        base = next((s.config for s in reversed(self.screen_stack)
                     if isinstance(s, LaunchScreen)), self.config)
        config = first_game_config(base, lang=message.lang, tiles=message.tiles)
        while len(self.screen_stack) > 1:
            self.pop_screen()  # popped, not dismissed: the launch screen's callback stays unrun
        if self.resumable is not None:
            self._ask_replace(config, back="back to the launch screen")
        else:
            self.start_game(config, remember=False)

    def on_open_glossary(self, message: Any) -> None:
        """A screen asked for the glossary (`tui.screens.glossary.OpenGlossary`)."""
        from .screens.glossary import GlossaryScreen

        lang = getattr(message, "lang", None) or self.config.lang
        self.push_screen(GlossaryScreen(lang, query=getattr(message, "query", "")))
        self._check_size()

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

    # -- sessions (issue #12) ---------------------------------------------------------------
    def _settle_session(self) -> None:
        """At launch: the session under way, if any, with a finished game that a kill
        left unadded (its save is still there) added now."""
        found = self.sessions.load()
        if self.sessions.problem:
            self.notify(self.sessions.problem, title="Session", severity="warning", timeout=15)
        if found is None:
            return
        saved = self.store.peek()
        if saved is not None and saved.finished:
            found = self._write_session(found.add_game(saved.outcome()), found)
        if found.finished:
            with contextlib.suppress(OSError):
                self.sessions.clear()
            return
        self.session_found = found

    def _describe_session(self, found: PlayedSession) -> str:
        totals = ", ".join(f"{x:+.1f}" for x in found.session.totals())
        return (
            f"A session is under way: {found.ruleset}, game {found.next_game} of "
            f"{found.session.games_per_session} next, totals {totals}"
            " - press r to resume it (Enter starts a new game; the session is kept)."
        )

    def _resume_session(self) -> None:
        """Between two games: the session's next game, with its own choices."""
        found, self.session_found = self.session_found, None
        if found is None:
            return
        self.play_session = found
        config = replace(self.config, ruleset=found.ruleset, rules=found.rules, ai=found.ai,
                         seed=found.session.next_seed)
        self.start_game(config, remember=False)

    def _session_game(self, config: GameConfig) -> TableHost | None:
        """The host of the next game of the session being played, or of a new one if the
        ruleset has `games_per_session` > 1; None for a single game."""
        played = self.play_session
        if played is None or played.finished:
            self.play_session = None
            self._drop_found_session()
            try:
                games = config.build_ruleset().games_per_session
            except ValueError:
                return None  # the table reports the bad house rule
            if games <= 1:
                return None
            played = PlayedSession.start(config.ruleset, config.rules, config.ai, config.seed,
                                         games)
            self.play_session = self._write_session(played)
        table = self.game_factory(replace(config, seed=played.session.next_seed))
        table.join_session(played.tag())
        return table

    def _drop_found_session(self) -> None:
        """A new game instead of the session found at launch: the session is kept."""
        found, self.session_found = self.session_found, None
        if found is None or not self.saving:
            return
        try:
            kept = self.sessions.archive()
        except OSError as error:
            self.notify(f"The unfinished session stays in {self.sessions.path}: {error}",
                        title="Session", severity="warning")
            return
        if kept is not None:
            self.notify(f"The unfinished session is kept as {kept}.", title="Session kept",
                        timeout=8)

    def _write_session(self, played: PlayedSession,
                       before: PlayedSession | None = None) -> PlayedSession:
        """Save the session (unless it is unchanged); a failure is said once."""
        if played is before or not self.saving:
            return played
        try:
            self.sessions.save(played)
        except OSError as error:
            self._not_saved(f"could not save the session to {self.sessions.path}: {error}")
        return played

    def _note_session_game(self, table: TableHost) -> PlayedSession | None:
        """A game of the session ended: added to it (once, as its host tells it) and
        saved; the session, or None if the game is not one of the session being played."""
        played = self.play_session
        if played is None or not played.owns({"session": table.session_tag}):
            return None
        self.play_session = self._write_session(played.add_game(table.outcome()), played)
        if self.play_session.finished and self.saving:
            with contextlib.suppress(OSError):
                self.sessions.clear()  # every game is in the history, by the session's id
        return self.play_session

    def _table_host(self) -> TableHost | None:
        """The host of the game at the table, if the table is on screen."""
        if not any(isinstance(s, TableScreen) for s in self.screen_stack):
            return None
        return self.table_host

    def _session_over_game(self) -> bool:
        """After a session game's end screen: the session table, then the next game
        (or the end of the session). False if no session is being played."""
        table = self._table_host()
        if table is None or self.play_session is None:
            return False
        played = self._note_session_game(table)
        if played is None:
            return False
        from .screens.session_table import SessionTableScreen

        self.pop_screen()
        data = self.store.dir if self.saving else None
        self.push_screen(SessionTableScreen(played, table.ruleset, data_dir=data,
                                            tiles=self.config.tiles, lang=self.config.lang),
                         callback=lambda _: self._after_session_table())
        return True

    def _after_session_table(self) -> None:
        played = self.play_session
        if played is not None and not played.finished:
            self.start_game(replace(self.config, seed=played.session.next_seed), remember=False)
            return
        self.play_session = None
        if self.from_launch:
            self.config = replace(self.config, seed=random_seed())
            self.show_launch()
        else:
            self.exit()

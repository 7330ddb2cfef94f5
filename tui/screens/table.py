"""The table: the game being played, drawn from the human seat's view, and its keys.

The screen only renders and forwards, and never holds the game: the app owns
the host (`engine.table_host.TableHost`: the game, its log, its saves) and
hands the screen only `connect`, which attaches a seat client to it. The
screen's client, `TableSession`, runs in ONE exclusive worker; it is told
frames (the human seat's redacted events and its `SeatView`, built and folded
by engine code) and asked decisions, and calls back with each event
(`Happened`) and each question (`Asked`), which the screen receives as
messages. What it draws is the last `SeatView` it was told, handed to the
`Board` whole; keys go to the pure `TableInput`, which answers with a legal
action or the engine's reason why not. A key that cannot act now is greyed out
in the footer (`check_action`) and, when pressed, says why in the status line;
it never changes the game.

At a server's table the seat client is also told who plays each seat (`Lined`: the
seat panels name them, the log says who sat down, left, came back) and the time a
decision has (`Decision.clock`: a countdown in the prompt, redrawn about once a
second while the question is open, gone once it is answered or the server moved on).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen

from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.events import Event, ExhaustiveDraw, GameEnded, HandStarted, RiichiAccepted, Won
from engine.seat_view import SeatView
from rules.tiles import Tile

from ..human import Decision
from ..input import GAME_COMMANDS, Outcome, Reason, TableInput
from ..keys import footer_bindings, footer_label, textual_bindings
from ..lineup_text import Countdown, board_players, countdown, lineup_news
from ..navigation import OpenHelp, OpenHint, OpenRules, ShowResult
from ..seat_client import TableSession
from ..settings import GameConfig
from ..table_text import (
    Aids,
    action_text,
    choice_texts,
    event_text,
    input_reason_text,
    learning_aids,
    message,
    options_text,
    reason_text,
    seat_label,
    tile_label,
    tiles_label,
    where_names,
)
from ..widgets import WIDGETS_CSS_PATH
from ..widgets.aids import AidsData, AidsPanel
from ..widgets.board import Board, BoardInput, PromptData
from ..widgets.event_log import KEEP as LOG_KEEP
from ..widgets.event_log import EventLog, LogData
from ..widgets.prompt import KeyBar, KeyBarData, KeyHint
from . import TABLE_CSS_PATH

GAME_KEYS = GAME_COMMANDS
# The side bar (log, learning aids) once the board has room beside it.
SIDE_BAR_BREAKPOINTS: list[tuple[int, str]] = [(0, "-narrow"), (160, "-wide")]
# Without the side bar, the aids under the board take two rows on a short terminal
# (80x24: the board keeps its badges) and four from 30 rows.
COMPACT_AIDS_BREAKPOINTS: list[tuple[int, str]] = [(0, "-short"), (30, "-tall")]


class TableScreen(Screen[None]):
    """One game at the table, from the first deal to the final results."""

    CSS_PATH: ClassVar = [WIDGETS_CSS_PATH, TABLE_CSS_PATH]
    BINDINGS: ClassVar[list[BindingType]] = [*textual_bindings("en")]
    # Not `ClassVar`: textual declares it `ClassVar[...] | None`, which mypy reads as
    # an instance variable that a ClassVar may not override.
    HORIZONTAL_BREAKPOINTS = SIDE_BAR_BREAKPOINTS
    VERTICAL_BREAKPOINTS = COMPACT_AIDS_BREAKPOINTS

    class Happened(Message):
        """The engine reported an event."""

        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    class Asked(Message):
        """The engine asks the human player to decide."""

        def __init__(self, decision: Decision) -> None:
            super().__init__()
            self.decision = decision

    class Lined(Message):
        """Who plays each seat changed (a server's table)."""

        def __init__(self, lineup: Any) -> None:
            super().__init__()
            self.lineup = lineup

    def __init__(
        self,
        config: GameConfig,
        *,
        seat: int,
        connect: Callable[[TableSession], Awaitable[Any]],
        session_tag: Any = None,
        on_game_over: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        self.lang = config.lang
        self.tile_style = config.tiles
        self.session = TableSession(
            config,
            seat,
            on_event=self._post_event,
            on_ask=self._post_ask,
            on_result=self._show_result,
            on_lineup=self._post_lineup,
        )
        self._connect = connect  # attaches the session to the app's host; runs the game
        self.session_tag = session_tag  # the app's tag of the session this game is in
        self.human_seat = self.session.seat
        self.keys = TableInput()
        self.decision: Decision | None = None
        self.view: SeatView | None = None
        self.aids_on = config.aids
        self.hint = ""
        self.status = ""
        self.on_game_over = on_game_over
        self.hands_started = 0
        self._last_view: Any = None  # the bot view of the seat the aids last read
        self._render_pending = False
        self._paint_now = False
        self._aids_key: tuple | None = None
        self._score_note = ""  # a change of score to say at the next question (a riichi stick)
        self._log_lines: list[str] = []
        self._dealer = 0
        self.lineup: Any = None  # who plays each seat (`engine.server.lineup`), if told
        self._players = board_players(None)  # what the seat panels show of it
        self._shown_countdown: Countdown | None = None
        self._clock_timer: Any = None  # redraws the countdown while a timed question is open

    # -- the input state, as the tests and the footer read it ---------------------------------
    @property
    def cursor(self) -> int:
        return self.keys.cursor

    @cursor.setter
    def cursor(self, value: int) -> None:
        self.keys.cursor = value

    @property
    def mode(self) -> str:
        return self.keys.mode

    @property
    def choices(self) -> list[Action]:
        return list(self.keys.choices)

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    @property
    def compact(self) -> bool:
        """The board is in its compact form (no square wall ring) at this size."""
        board = self.board
        return not board.layout_for(board.size.width, board.size.height).square

    def hand_tiles(self) -> list[Tile]:
        """The hand as shown, the drawn tile last."""
        return list(self.keys.tiles)

    def _cursor_tile(self) -> Tile | None:
        return self.keys.cursor_tile()

    # -- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        kw: dict[str, Any] = {"tile_style": self.tile_style, "lang": self.lang}
        with Horizontal(id="main"):
            yield Board(id="board", **kw)
            with Vertical(id="sidebar"):
                yield EventLog(id="log", **kw)
                with VerticalScroll(id="aids-box"):
                    yield AidsPanel(id="aids", **kw)
        # Below the side bar's breakpoint the aids sit under the board in their compact
        # form (the hint with its reasons; shanten, cursor and waits): a learner at 80x24
        # or 120x40 must see them too (table.tcss shows one or the other). Both wrap in
        # a box that scrolls: a long hint is never cut (i again shows it whole).
        with VerticalScroll(id="aids-compact-box"):
            yield AidsPanel(id="aids-compact", **kw)
        yield KeyBar(id="keys", **kw)

    def on_mount(self) -> None:
        self.set_class(not self.aids_on, "-aids-off")
        self.run_worker(self._connect(self.session), exclusive=True, group="engine",
                        name="engine")

    # -- results (awaited by the engine worker) --------------------------------------------
    async def _show_result(self, event: Event) -> None:
        """Ask the app to show the result and wait until the player closes it."""
        names = self.seat_names()
        if isinstance(event, GameEnded) and self._played_session() is not None:
            names = self.lineup_names()
        context = self.session.result_context(event, names, self.lang)
        shown = ShowResult(
            event, context, lang=self.lang, tile_style=self.tile_style, names=names
        )
        self.post_message(shown)
        await shown.done
        if isinstance(event, GameEnded) and self.on_game_over is not None:
            self.on_game_over()

    def seat_names(self) -> tuple[str, ...]:
        """ "You" for the human, the relative seat for the others ("kamicha", ...),
        round the ruleset's seats in play (three players: no toimen)."""
        return where_names(self.human_seat, self.lang, self.session.ruleset.seats)

    def lineup_names(self) -> tuple[str, ...]:
        """In a session, each seat's player as the session table names them ("Opponent
        2"), with where they sat this game ("Opponent 2 (toimen)"): the game end and the
        session table name the players one way."""
        from .session_table import player_name

        seating = self.session.seating
        wheres = where_names(self.human_seat, self.lang, self.session.ruleset.seats)
        names = []
        for seat, where in enumerate(wheres):
            names.append(player_name(0, self.lang) if seat == self.human_seat
                         else f"{player_name(seating[seat], self.lang)} ({where})")
        return tuple(names)

    # -- messages from the worker -------------------------------------------------------
    def on_table_screen_happened(self, message: Happened) -> None:
        event = message.event
        if isinstance(event, HandStarted):
            self.hands_started += 1
            self._dealer = event.dealer
            self.keys.answered()
            self.hint = ""
            if self.decision is None:
                # A line said before the hand (a remote seat's "Seated. Waiting for the
                # other players") is over with the deal: the default status takes over.
                self.status = ""
        if isinstance(event, Won | ExhaustiveDraw | GameEnded | HandStarted):
            self._paint_now = True
        if isinstance(event, GameEnded):
            self.keys.over = True
        line = event_text(event, self.human_seat, self._dealer, self.lang,
                          self.session.ruleset.seats)
        if line:
            self._log_lines.append(line)
        if isinstance(event, RiichiAccepted) and line:
            # A stick put down changes a score: said on the table too, not only in the
            # side bar's log (which narrow terminals do not show), at the next question.
            self._score_note = line
        elif isinstance(event, HandStarted):
            self._score_note = ""
        self._schedule_render()

    def _schedule_render(self) -> None:
        """Render once after a burst of events (the queue's order keeps it after them).

        With no pause between AI moves (`delay` 0) nobody could see the states in
        between, so the table is painted when the human is asked or a hand ends."""
        if self.config.delay <= 0 and not self._paint_now:
            return
        self._paint_now = False
        if not self._render_pending:
            self._render_pending = True
            self.call_later(self._flush_render)

    def _flush_render(self) -> None:
        self._render_pending = False
        self._refresh_view()
        self._render_all()
        self._flush_save()  # save in the same burst of work as the repaint

    def _post_event(self, event: Event) -> None:
        """The session's event callback (from the engine's task): on to the message queue."""
        self.post_message(self.Happened(event))

    def _post_ask(self, decision: Decision) -> None:
        """The session's question callback: on to the message queue."""
        self.post_message(self.Asked(decision))

    def _post_lineup(self, lineup: Any) -> None:
        """The session's line-up callback: on to the message queue."""
        self.post_message(self.Lined(lineup))

    def on_table_screen_lined(self, message: Lined) -> None:
        self._log_lines += lineup_news(self.lineup, message.lineup, self.lang)
        self.lineup = message.lineup
        self._players = board_players(message.lineup, self.lang)
        self._render_all()

    # -- the decision's countdown (a server's table with a time limit) ---------------------
    def _countdown(self) -> Countdown | None:
        decision = self.decision
        if decision is None or decision.clock is None or decision.future.done():
            return None
        return countdown(decision.clock, time.monotonic())

    def _start_clock(self) -> None:
        if self._clock_timer is None:
            self._clock_timer = self.set_interval(0.25, self._tick_clock)

    def _tick_clock(self) -> None:
        """Redraw when the seconds shown change; stop once no question is timed."""
        shown = self._countdown()
        if shown != self._shown_countdown:
            self._render_board()
        if shown is None and self._clock_timer is not None:
            self._clock_timer.stop()
            self._clock_timer = None

    def _flush_save(self) -> None:
        """The app's pending save written now (the app owns saving; the host calls it)."""
        flush = getattr(self.app, "flush_save", None)
        if flush is not None:
            flush()

    def _refresh_view(self) -> None:
        view = self.session.view()
        if view is None:
            return
        self.view = view
        own = view.own
        tiles = [*own.tiles] if own.drawn is None else [*own.tiles, own.drawn]
        self.keys.show(tiles, drawn=own.drawn is not None)

    def on_table_screen_asked(self, message: Asked) -> None:
        decision = message.decision
        if decision.future.done():
            return
        self._flush_save()  # the host waits for the human: a quiet moment to save
        self.decision = decision
        self._last_view = decision.view
        self._refresh_view()
        view = self.view
        assert view is not None
        self.keys.ask(decision.legal, view.unavailable, view.own.kuikae)
        self.hint = ""
        self.status = self._default_status()
        if self._score_note:
            self.status = f"{self._score_note} · {self.status}"
            self._score_note = ""
        self._render_all()
        if decision.clock is not None:
            self._start_clock()

    # -- answering ----------------------------------------------------------------------
    def _answer(self, action: Action) -> None:
        decision = self.decision
        if decision is None or not decision.answer(action):
            self.say(message("not_your_turn", self.lang))
            return
        self.decision = None
        self.keys.answered()
        self.hint = ""
        self.status = ""
        if isinstance(action, Discard):
            self._idle_aids()
        if self._shown_countdown is not None:  # the countdown goes with the question
            self._render_board()
        # Else no repaint here: the engine answers at once with the events this action
        # caused, and the table is painted once for all of them.

    def _idle_aids(self) -> None:
        """After the human's own discard: the aids for the 13-tile hand."""
        if self.session.over:
            return
        try:
            self._last_view = self.session.player_view()
        except Exception:  # pragma: no cover - defensive: aids never break the game
            return

    def say(self, text: str) -> None:
        self.status = text
        self._render_board()

    def _words(self, reason: Reason) -> str:
        return input_reason_text(
            reason.key, reason.fields, reason.engine, self.lang, reason.kind, self.tile_style
        )

    def _apply(self, outcome: Outcome) -> None:
        if outcome.action is not None:
            self._answer(outcome.action)
            return
        if outcome.reason is not None:
            self.status = self._words(outcome.reason)
        else:
            self.status = self._default_status()
        self._render_all()

    # -- check_action: what can run now (the footer greys out the rest) --------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in GAME_KEYS:
            return True
        return True if self.keys.enabled(action) else None

    def on_key(self, event: events.Key) -> None:
        """A greyed-out game key says why it does nothing (and does nothing)."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            name = binding.action.split("(")[0]
            if name in GAME_KEYS and self.check_action(name, ()) is None:
                event.stop()
                event.prevent_default()
                self.explain(name)
                return

    def explain(self, name: str) -> None:
        self.say(self._words(self.keys.why_not(name)))

    # -- actions ------------------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        self.keys.press("cursor", step)
        self.hint = ""
        self._render_board()
        self._render_aids()  # the aids describe the tile under the cursor

    def action_cursor_to(self, index: int) -> None:
        self.keys.press("cursor_to", index)
        self._render_board()
        self._render_aids()

    def action_discard(self) -> None:
        self._apply(self.keys.press("discard"))

    def action_tsumo(self) -> None:
        self._apply(self.keys.press("tsumo"))

    def action_riichi(self) -> None:
        self._apply(self.keys.press("riichi"))

    def action_nine_terminals(self) -> None:
        """九種九牌: call the hand off on one's first draw, where the ruleset allows it."""
        self._apply(self.keys.press("nine_terminals"))

    def action_kita(self) -> None:
        """北抜き: set a North aside as a dora, where the ruleset has kita (three players)."""
        self._apply(self.keys.press("kita"))

    def action_chi(self) -> None:
        self._apply(self.keys.press("chi"))

    def action_pon(self) -> None:
        self._apply(self.keys.press("pon"))

    def action_kan(self) -> None:
        self._apply(self.keys.press("kan"))

    def action_ron(self) -> None:
        self._apply(self.keys.press("ron"))

    def action_pass(self) -> None:
        self._apply(self.keys.press("pass"))

    def action_choose(self, number: int) -> None:
        self._apply(self.keys.press("choose", number))

    def action_hint(self) -> None:
        decision = self.decision
        if decision is not None and self.hint:  # asked again: the hint whole, in a window
            self.post_message(OpenHint(self.query_one("#aids", AidsPanel).data.aids, self.lang))
            return
        if decision is None:
            self.say(message("no_hint", self.lang))
            return
        action, reasons = suggest(decision.view, decision.legal, self.lang, self.tile_style)
        if action is None:
            self.say(message("no_hint", self.lang))
            return
        words = action_text(action, decision.view, self.lang, self.tile_style)
        self.hint = message("hint", self.lang, action=words)
        if reasons:
            self.hint += "\n" + reasons
        if isinstance(action, Discard):
            # Point at the copy the AI means (the drawn one last, so prefer it for tsumogiri).
            matches = [i for i, t in enumerate(self.keys.tiles) if t == action.tile]
            if matches:
                self.keys.cursor = matches[-1]
        self.status = self.hint.split("\n")[0]
        self._render_all()

    def action_aids(self) -> None:
        self.aids_on = not self.aids_on
        self.set_class(not self.aids_on, "-aids-off")
        self.status = message("aids_on" if self.aids_on else "aids_off", self.lang)
        self._render_all()
        saver = getattr(self.app, "remember", None)
        if saver is not None:
            saver(aids=self.aids_on)

    def action_rules(self) -> None:
        self.post_message(OpenRules(self.session.ruleset, self.lang))

    def action_help(self) -> None:
        self.post_message(OpenHelp(self.lang, self.session.ruleset))

    def action_glossary(self) -> None:
        """The glossary over the table, in the table's language (the app pushes it)."""
        from .glossary import OpenGlossary

        self.post_message(OpenGlossary(lang=self.lang))

    # -- status ---------------------------------------------------------------------------
    def _default_status(self) -> str:
        lang = self.lang
        if self.keys.over:
            return message("game_over", lang)
        if self.keys.mode == "riichi":
            tiles = self._riichi_tiles()
            return message("riichi_choose", lang, tiles=tiles)
        if self.keys.mode == "choose":
            return self._words(
                Reason(
                    "choose_call",
                    (("what", self.keys.choice_title), ("count", str(len(self.keys.choices)))),
                )
            )
        decision = self.decision
        if decision is None:
            return message("waiting_for_others", lang)
        view = decision.view
        if view.phase == "declare":
            return message("declare_tenpai", lang)
        if view.phase == "claim" and view.offered is not None:
            return message("you_may_call", lang, tile=self._tile(view.offered))
        return message("your_turn", lang) + self._session_progress()

    def _played_session(self) -> Any:
        """The session this game belongs to (`tui.session_file.PlayedSession`), if any."""
        try:
            played = getattr(self.app, "play_session", None)
        except Exception:  # no app yet (a test builds the screen alone)
            return None
        if played is None or not played.owns({"session": self.session_tag}):
            return None
        return played

    def _session_progress(self) -> str:
        """ " · game 2 of 4, your total +12.3": where a session stands, said in play."""
        played = self._played_session()
        tag = self.session_tag
        if played is None or not isinstance(tag, dict):
            return ""
        from .. import result_text as X

        total = X.format_result(played.session.totals()[0], self.session.ruleset)
        return message("session_progress", self.lang, game=tag.get("game", "?"),
                       of=tag.get("of", "?"), total=total)

    # -- rendering --------------------------------------------------------------------------
    def _render_all(self) -> None:
        if not self.is_mounted:
            return
        if self._log_lines:
            log = self.query_one("#log", EventLog)
            log.update_data(LogData((*log.data.lines, *self._log_lines)[-LOG_KEEP:]))
            self._log_lines = []
        self._render_board()
        self._render_aids()
        self._render_keys()

    def _render_board(self) -> None:
        if not self.is_mounted:
            return
        asked = self.decision is not None and bool(self.keys.of("discard"))
        ui = BoardInput(
            cursor=self.keys.cursor
            if self.keys.tiles and (asked or self.decision is None)
            else None,
            disabled=frozenset(range(len(self.keys.tiles))) - self.keys.discardable()
            if asked
            else frozenset(),
            prompt=self._prompt(),
            status=self.status or self._default_status(),
            players=self._players,
            countdown=self._countdown(),
        )
        self._shown_countdown = ui.countdown
        self.board.show(self.view, ui)
        self._render_keys()

    def _render_keys(self) -> None:
        hints = []
        # Help first, and only the keys this ruleset can ever use (keys.footer_bindings).
        for b in footer_bindings(self.session.ruleset, offered=self._offered_keys()):
            name = b.action.split("(")[0]
            enabled = self.check_action(name, ()) is True
            label = footer_label(b.description, self.lang)
            hints.append(KeyHint(b.key_display or b.display(), label, enabled))
        self.query_one("#keys", KeyBar).update_data(KeyBarData(tuple(hints)))

    def _offered_keys(self) -> frozenset[str]:
        """The actions the footer lists only while they are legal (nine terminals)."""
        return frozenset(a for a in ("nine_terminals",) if self.keys.enabled(a))

    def _riichi_tiles(self) -> str:
        return tiles_label(self.keys.riichi_kinds(), self.lang, self.tile_style)

    def _tile(self, tile: Any) -> str:
        """A tile named in the player's tile face, as the hand shows it."""
        return tile_label(tile, self.lang, self.tile_style)

    def _prompt(self) -> PromptData:
        decision = self.decision
        lang = self.lang
        if decision is None:
            return PromptData()
        view = decision.view
        if self.keys.mode == "choose":
            title, texts = choice_texts(list(self.keys.choices), view, lang, self.tile_style)
            numbered = tuple((str(i + 1), text) for i, text in enumerate(texts))
            back = ("Esc", message("prompt_back", lang))
            return PromptData(f"{title or self.keys.choice_title}:", (*numbered, back), True)
        if self.keys.mode == "riichi":
            return PromptData(
                message("prompt_riichi_with", lang, tiles=self._riichi_tiles()),
                (("⏎", message("prompt_declare", lang)), ("Esc", message("prompt_cancel", lang))),
                True,
            )
        options: list[tuple[str, str]] = []
        for key, types in (
            ("t", (Tsumo,)),
            ("o", (Ron,)),
            ("t", (ShowTenpai,)),
            ("p", (Pon,)),
            ("k", (Ankan, Kakan, Daiminkan)),
            ("c", (Chi,)),
        ):
            group = [a for a in decision.legal if isinstance(a, types)]
            if group:
                texts = options_text(group, view, lang, self.tile_style)
                options.append((key, " | ".join(texts)))
        if self.keys.of("riichi"):
            options.append(("r", message("prompt_riichi", lang, tiles=self._riichi_tiles())))
        nine = self.keys.of("nine_terminals")
        if nine:  # 九種九牌: a choice on the first draw, offered like every other action
            texts = options_text(list(nine), view, lang, self.tile_style)
            options.append(("y", " | ".join(texts)))
        if self.keys.of("pass"):
            silent = view.phase == "declare"
            options.append(("n", message("prompt_silent" if silent else "prompt_pass", lang)))
        title = ""
        if view.phase == "claim" and view.offered is not None and view.last_discard is not None:
            who = seat_label(view.last_discard[0], self.human_seat, view.dealer, lang,
                             self.session.ruleset.seats)
            title = message("prompt_discarded", lang, who=who, tile=self._tile(view.offered))
            if view.last_discard[1] != view.offered:
                title = message("prompt_kan_tile", lang, tile=self._tile(view.offered))
        elif view.phase == "turn":
            title = message("prompt_discard", lang) if self.keys.of("discard") else ""
        urgent = any(
            isinstance(a, Tsumo | Ron | Pon | Chi | Daiminkan | ShowTenpai) for a in decision.legal
        )
        return PromptData(title, tuple(options), urgent)

    def _render_aids(self) -> None:
        view = self.decision.view if self.decision is not None else self._last_view
        key = (
            id(view),
            self._cursor_tile(),
            self.keys.mode,
            self.aids_on,
            self.hint,
            self.decision is not None,
        )
        if key == self._aids_key:
            return
        self._aids_key = key
        aids = Aids()
        if self.aids_on and view is not None:
            legal = self.decision.legal if self.decision is not None else []
            cursor = self._cursor_tile() if self.decision is not None else None
            try:
                aids = learning_aids(view, legal, cursor, self.lang, self.tile_style)
            except ValueError:
                aids = Aids()
            if self.hint:
                aids = Aids(
                    aids.shanten,
                    aids.cursor,
                    aids.waits_title,
                    aids.waits,
                    aids.furiten,
                    aids.riichi,
                    self.hint,
                )
        self.query_one("#aids", AidsPanel).update_data(AidsData(aids, self.aids_on, False))
        self.query_one("#aids-compact", AidsPanel).update_data(
            AidsData(aids, self.aids_on, compact=True))


def suggest(
    view: Any, legal: list[Action], lang: str, face: str = "text"
) -> tuple[Action | None, str]:
    """The `hard` AI's suggestion (`ai.suggest`) and its reasons, one per line, in `lang`,
    the tiles in the player's tile face."""
    from ai import suggest as ai_suggest

    action, reasons = ai_suggest(view, legal)
    # reasons[0] repeats the action, which the hint line names
    return action, "\n".join(reason_text(r, lang, view.seat, face) for r in reasons[1:])

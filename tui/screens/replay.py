"""The replay viewer: a logged game at the table, one action at a time, with the AI's view.

The screen composes the same `Board` as the table and holds no game: it is an
observer of a host replaying the log (`engine.replay_host.ReplayHost`). A
position is "the first k actions applied", and what it shows is the view the
host tells the seat at the bottom (`Observer(seat)`), so any seat can be at
the bottom; `a` makes it the all-seeing observer (`Observer.everything`), with
every hand laid open. When an action ends a hand, the finished hand is a
position of its own, before the next deal (the host folds the hand's closing
events onto the view before it).

`s` asks the `hard` AI what it would have done at the decision just shown (the
seat that acted, with the view and legal actions it had), rebuilt by
`engine.timeline.Timeline`; it stays on while stepping until pressed again. `v` opens
the review of the bottom seat's decisions; choosing one comes back here, at it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ai.review import same_action
from ai.suggest import suggest as ai_suggest
from engine.actions import Action, Discard
from engine.events import HandStarted
from engine.replay_host import ReplayHost
from engine.seat_view import Observer, SeatView
from engine.timeline import Timeline
from rules.tiles import Tile

from ..navigation import OpenReview, OpenRules
from ..table_text import Aids, action_text, event_text, learning_aids, reason_text, seat_label
from ..widgets import WIDGETS_CSS_PATH
from ..widgets.aids import AidsData, AidsPanel
from ..widgets.board import Board, BoardInput, PromptData
from ..widgets.event_log import KEEP as LOG_KEEP
from ..widgets.event_log import EventLog, LogData
from ..widgets.prompt import KeyBar, KeyBarData, KeyHint
from ..words import first_name, message, round_name, wind_word
from . import TABLE_CSS_PATH, TUI_DIR
from .table import SIDE_BAR_BREAKPOINTS

REPLAY_CSS_PATH = TUI_DIR / "screens" / "replay.tcss"
LEVEL = "hard"


def start_wind(seat: int, lang: str = "en") -> str:
    """A seat by the wind it had at the start: "East" ("東" in ja)."""
    return wind_word(seat).part(lang)


def ai_name(lang: str = "en") -> str:
    """The AI the viewer and the review ask: "Hard AI" ("上級AI" in ja)."""
    return first_name(f"level.{LEVEL}_ai", lang)


@dataclass(frozen=True, slots=True)
class Position:
    """One state the viewer can show: `actions` applied, `events` of the record shown."""

    actions: int
    events: int
    hand: int  # hands started by then (1 = the first hand)


def positions(timeline: Timeline) -> list[Position]:
    """Every position of a game: after each action, and a hand's end before the next deal."""
    events = timeline.events
    starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
    out: list[Position] = []
    for k in range(len(timeline.actions) + 1):
        end = timeline.event_end(k)
        if k:
            low = timeline.event_end(k - 1)
            for i in starts:
                if low < i < end:  # the hand ended inside this action's events
                    out.append(Position(k, i, sum(1 for s in starts if s < i)))
        out.append(Position(k, end, sum(1 for s in starts if s < end)))
    return out


@dataclass(frozen=True, slots=True)
class ReplayKey:
    keys: str  # Textual key names, comma-separated
    action: str
    label: str  # the footer word's key in tui/words.py
    display: str  # how the footer writes the key(s)
    show: bool = True


REPLAY_KEYS: tuple[ReplayKey, ...] = (
    ReplayKey("right,l", "step(1)", "replay.step", "→", show=False),
    ReplayKey("left,h", "step(-1)", "replay.back", "←", show=False),
    ReplayKey("down,n,right_square_bracket", "hand(1)", "replay.next_hand", "↓", show=False),
    ReplayKey("up,p,left_square_bracket", "hand(-1)", "replay.prev_hand", "↑", show=False),
    ReplayKey("home", "first", "footer.first", "Home", show=False),
    ReplayKey("end", "last", "footer.last", "End", show=False),
    *(ReplayKey(str(n), f"seat({n - 1})", "replay.seat", "1-4", show=n == 1) for n in range(1, 5)),
    ReplayKey("tab", "next_seat", "replay.next_seat", "Tab", show=False),
    ReplayKey("a", "all_hands", "replay.all_hands", "a"),
    ReplayKey("s", "suggest", f"replay.{LEVEL}_ai", "s"),
    ReplayKey("v", "review", "replay.review", "v"),
    ReplayKey("g", "rules", "footer.rules", "g"),
    ReplayKey("q,escape", "close", "footer.quit", "q"),
)
# The footer: the step keys first, shown as one hint each (key, word).
FOOTER_HEAD = (("←→", "replay.step"), ("↑↓", "replay.hand"), ("Home/End", "replay.ends"))


class ReplayScreen(Screen[None]):
    """A recorded game at the table: step through it, look at any hand, ask the AI."""

    CSS_PATH: ClassVar = [WIDGETS_CSS_PATH, TABLE_CSS_PATH, REPLAY_CSS_PATH]
    BINDINGS: ClassVar = [
        Binding(k.keys, k.action, first_name(k.label), show=False) for k in REPLAY_KEYS
    ]
    HORIZONTAL_BREAKPOINTS = SIDE_BAR_BREAKPOINTS  # not ClassVar: see TableScreen

    def __init__(
        self,
        timeline: Timeline,
        *,
        seat: int | None = None,
        tiles: str = "text",
        lang: str = "en",
        aids: bool = True,
        step: int | None = None,
        suggesting: bool = False,
    ) -> None:
        """`step` opens the viewer just after action `step` (an index into the
        actions, as `ai.review.ReviewItem.step`); by default it opens at the deal."""
        super().__init__()
        self.timeline = timeline
        self.tile_style = tiles
        self.lang = lang
        self.aids_on = aids
        self.positions = positions(timeline)
        self.host = ReplayHost(timeline)
        self.ruleset = self.host.ruleset
        self.you = self.host.seating.index(0)  # the line-up's first player: the human in TUI games
        self.view_seat = self.you if seat is None else seat
        self.show_all = False
        self.suggesting = suggesting
        self.index = 0
        self.view: SeatView | None = None
        self._decisions: dict[int, tuple[Any, list[Action]]] = {}
        self._suggested: Action | None = None
        self._last_view: Any = None  # the bottom seat's bot view (the learning aids)
        self._start = 0 if step is None else self.position_after(step)
        self.header = ""
        self.hint = ""
        self.status = ""

    # -- positions --------------------------------------------------------------------
    def position_after(self, step: int) -> int:
        """The index of the full position after action `step` (0-based)."""
        want = min(max(step + 1, 0), len(self.timeline.actions))
        return max(i for i, p in enumerate(self.positions) if p.actions == want)

    def hand_first(self, hand: int) -> int | None:
        return next((i for i, p in enumerate(self.positions) if p.hand == hand), None)

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    def full(self) -> bool:
        """This position is a whole action (not a finished hand before the next deal)."""
        pos = self.position
        return self.host.full(pos.actions, pos.events)

    def observer(self) -> Observer:
        """Who the viewer is told the table as: the bottom seat, or every hand open."""
        if self.show_all:
            return Observer.everything(self.view_seat)
        return Observer(self.view_seat)

    def goto(self, index: int) -> None:
        self.index = max(0, min(index, len(self.positions) - 1))
        self._show_position()

    def hand_tiles(self) -> list[Tile]:
        """The bottom seat's hand as shown, the drawn tile last."""
        return list(_tiles_of(self.view)) if self.view is not None else []

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    # -- mounting ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        kw: dict[str, Any] = {"tile_style": self.tile_style, "lang": self.lang}
        yield Static(id="replay-header")
        with Horizontal(id="main"):
            yield Board(id="board", **kw)
            with Vertical(id="sidebar"):
                yield EventLog(id="log", **kw)
                yield AidsPanel(id="aids", **kw)
        yield KeyBar(id="keys", **kw)

    def on_mount(self) -> None:
        self.call_later(self.goto, self._start)  # once mounted: the board paints then

    # -- what a position shows ----------------------------------------------------------
    def decision_at(self, k: int) -> tuple[Any, list[Action]]:
        """What the seat of action k saw and could do (cached: views are immutable)."""
        hit = self._decisions.get(k)
        if hit is None:
            hit = self._decisions[k] = self.host.decision(k)
        return hit

    def _show_position(self) -> None:
        pos = self.position
        timeline = self.timeline
        done = pos.actions
        lang = self.lang
        full = self.full()
        # A finished hand is shown with every hand open, as its closing table is.
        observer = self.observer() if full else Observer.everything(self.view_seat)
        view = self.host.view_at(done, pos.events, observer)
        self.view = view
        what = message("replay_deal", lang)
        if done:
            action = timeline.actions[done - 1]
            before, _ = self.decision_at(done - 1)
            who = seat_label(action.seat, None, before.dealer, lang, self.ruleset.seats)
            what = f"{who}: {action_text(action, before, lang)}"
        name = round_name(view.round_wind, view.hand_number + 1, lang)
        where = (
            message("replay_where", lang, round=name, honba=view.honba)
            if pos.hand
            else message("replay_start", lang)
        )
        ending = "" if full else message("replay_hand_over", lang)
        if full and self.host.over(done):
            ending = message("replay_game_over", lang)
        self.header = message(
            "replay_header",
            lang,
            where=where,
            step=self.index,
            steps=len(self.positions) - 1,
            what=what,
            ending=ending,
        )
        # The seat at the bottom sees its own view here (learning aids), when this
        # position is a whole action (not a finished hand before the next deal).
        self._last_view = self.host.player_view(done, self.view_seat) if full else None
        self.hint, self._suggested = "", None
        if self.suggesting:
            self._suggest(quiet=True)
        self.status = ""
        self._render_all()

    def _hand_events_start(self) -> int:
        end = self.position.events
        starts = [i for i, e in enumerate(self.timeline.events[:end]) if isinstance(e, HandStarted)]
        return starts[-1] if starts else 0

    # -- rendering -----------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.status = text
        self._render_board()

    def _render_all(self) -> None:
        if not self.is_mounted:
            return
        self.query_one("#replay-header", Static).update(
            Text(self.header, no_wrap=True, overflow="ellipsis")
        )
        dealer = self.view.dealer if self.view is not None else 0
        lines = []
        for event in self.timeline.events[self._hand_events_start() : self.position.events]:
            line = event_text(event, self.view_seat, dealer, self.lang, self.ruleset.seats)
            if line:
                lines.append(line)
        self.query_one("#log", EventLog).update_data(LogData(tuple(lines[-LOG_KEEP:])))
        self._render_board()
        self._render_aids()
        self._render_keys()

    def _render_board(self) -> None:
        if not self.is_mounted:
            return
        # No cursor in a replay; with a suggestion on, it marks the tile the AI would
        # have discarded, when that tile is in the hand at the bottom.
        mark = None
        suggested = self._suggested
        if isinstance(suggested, Discard) and suggested.seat == self.view_seat:
            same = [i for i, t in enumerate(self.hand_tiles()) if t == suggested.tile]
            mark = same[-1] if same else None
        prompt = PromptData()
        if self.hint:
            prompt = PromptData(self.hint.split("\n")[0], (), self._differs())
        self.board.show(self.view, BoardInput(cursor=mark, prompt=prompt, status=self.status))

    def _render_aids(self) -> None:
        aids = Aids()
        view = self._last_view
        if self.aids_on and view is not None:
            try:
                aids = learning_aids(view, [], None, self.lang)
            except ValueError:
                aids = Aids()
        if self.hint:
            aids = replace(aids, hint=self.hint)
        self.query_one("#aids", AidsPanel).update_data(AidsData(aids, self.aids_on, False))

    def _render_keys(self) -> None:
        lang = self.lang
        hints = [KeyHint(key, first_name(label, lang)) for key, label in FOOTER_HEAD]
        for k in REPLAY_KEYS:
            if k.show:
                label = k.label
                if k.action == "all_hands":
                    label = "replay.own_hand" if self.show_all else "replay.all_hands"
                if k.action == "suggest" and self.suggesting:
                    label = "replay.hide_ai"
                if k.action == "seat(0)" and self.ruleset.players != 4:  # nobody in seat 4
                    hints.append(KeyHint(f"1-{self.ruleset.players}", first_name(label, lang)))
                    continue
                # the way out never gives way on a narrow row (`fit_hints`)
                hints.append(KeyHint(k.display, first_name(label, lang), stays=k.action == "close"))
        self.query_one("#keys", KeyBar).update_data(KeyBarData(tuple(hints)))

    def _differs(self) -> bool:
        done = self.position.actions
        return bool(
            self._suggested is not None
            and done
            and not same_action(self._suggested, self.timeline.actions[done - 1])
        )

    # -- the AI's suggestion ------------------------------------------------------------------
    def _suggest(self, quiet: bool = False) -> None:
        done = self.position.actions
        if not done:
            self.hint, self._suggested = "", None
            if not quiet:
                self.say(message("replay_nothing_decided", self.lang))
            return
        action = self.timeline.actions[done - 1]
        view, legal = self.decision_at(done - 1)
        lang = self.lang
        who = seat_label(action.seat, None, view.dealer, lang, self.ruleset.seats)
        played = action_text(action, view, lang)
        if len(legal) < 2:
            self._suggested = None
            self.hint = message("replay_no_choice", lang, who=who, action=played)
            return
        suggested, reasons = ai_suggest(view, legal, LEVEL)
        self._suggested = suggested
        words = action_text(suggested, view, lang)
        ai = ai_name(lang)
        if same_action(suggested, action):
            head = message("replay_ai_agrees", lang, ai=ai, who=who, action=words)
        else:
            head = message("replay_ai_differs", lang, ai=ai, action=words, played=played)
        self.hint = "\n".join([head, *(reason_text(r, lang, action.seat) for r in reasons[1:])])

    # -- actions ------------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        if not 0 <= self.index + delta < len(self.positions):
            self.say(message("replay_last_step" if delta > 0 else "replay_first_step", self.lang))
            return
        self.goto(self.index + delta)

    def action_hand(self, delta: int) -> None:
        hand = self.position.hand
        first = self.hand_first(hand)
        if delta < 0 and first is not None and first < self.index:
            self.goto(first)
            return
        target = self.hand_first(hand + delta)
        if target is None:
            key = "replay_no_later_hand" if delta > 0 else "replay_no_earlier_hand"
            self.say(message(key, self.lang))
            return
        self.goto(target)

    def action_first(self) -> None:
        self.goto(0)

    def action_last(self) -> None:
        self.goto(len(self.positions) - 1)

    def action_seat(self, seat: int) -> None:
        if seat not in self.ruleset.seats:  # three players: seat 4 (North) is empty
            self.say(message("replay_seat_empty", self.lang, seat=seat,
                             players=self.ruleset.players))
            return
        self.view_seat = seat
        self._show_position()
        self.say(
            message("replay_seat_at_bottom", self.lang, seat=seat, wind=start_wind(seat, self.lang))
        )

    def action_next_seat(self) -> None:
        self.action_seat((self.view_seat + 1) % self.ruleset.players)

    def action_rules(self) -> None:
        self.post_message(OpenRules(self.ruleset, self.lang))

    def action_all_hands(self) -> None:
        self.show_all = not self.show_all
        self._show_position()
        key = "replay_all_face_up" if self.show_all else "replay_own_face_up"
        self.say(message(key, self.lang))

    def action_suggest(self) -> None:
        self.suggesting = not self.suggesting
        if self.suggesting:
            self._suggest()
            self.status = message("replay_suggest_on", self.lang, ai=ai_name(self.lang))
        else:
            self.hint, self._suggested = "", None
            self.status = message("replay_suggest_off", self.lang)
        self._render_all()

    def action_review(self) -> None:
        self.post_message(
            OpenReview(
                self.timeline,
                seat=self.view_seat,
                lang=self.lang,
                tile_style=self.tile_style,
                viewer=True,
                on_pick=self.jump_to_step,
            )
        )

    def jump_to_step(self, step: int | None) -> None:
        """Show the table just after action `step`, with the AI's suggestion on."""
        if step is None:
            return
        self.suggesting = True
        self.goto(self.position_after(step))

    def action_close(self) -> None:
        self.dismiss(None)


def _tiles_of(view: SeatView) -> tuple[Tile, ...]:
    """A seat's concealed tiles from its own view, the drawn one last."""
    own = view.own
    return (*own.tiles, *((own.drawn,) if own.drawn is not None else ()))

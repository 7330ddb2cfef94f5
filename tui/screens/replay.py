"""The replay viewer: a logged game at the table, one action at a time, with the AI's view.

The screen is the table (`TableScreen`'s layout, widgets and rendering) with no
engine behind it: a position is "the first k actions applied", shown by
applying the record's events to one `TableModel` per seat (so any seat can be
at the bottom, and `a` turns every hand face up). Stepping forward applies the
new events; stepping back starts again from a copy of the models taken at the
start of the hand. When an action ends a hand, the finished hand is a position
of its own, before the next deal.

`s` asks the `hard` AI what it would have done at the decision just shown (the
seat that acted, with the view and legal actions it had), rebuilt by
`ai.review.Timeline`; it stays on while stepping until pressed again. `v` opens
the review of the bottom seat's decisions; choosing one comes back here, at it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding

from ai.review import Timeline, same_action
from ai.suggest import suggest as ai_suggest
from engine.actions import Action, Discard
from engine.events import HandStarted
from engine.game import Game
from engine.view import PlayerView
from rules.tiles import Tile

from ..describe import action_text, event_text, reason_text, seat_label
from ..settings import GameConfig
from ..tiles import tile_text
from ..widgets import HandTiles
from ..widgets.event_log import KEEP as LOG_KEEP
from ..widgets.event_log import EventLog, LogData
from ..widgets.prompt import KeyBar, KeyBarData, KeyHint, PromptBar, PromptData
from ..words import first_name, message, round_name, wind_name
from . import TUI_DIR
from .table import FixedRow, TableModel, TableScreen, Tag

REPLAY_CSS_PATH = TUI_DIR / "screens" / "replay.tcss"
LEVEL = "hard"


def start_wind(seat: int, lang: str = "en") -> str:
    """A seat by the wind it had at the start: "East" ("東" in ja)."""
    return wind_name(seat, lang).split(" ")[0]


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
    *(
        ReplayKey(str(n), f"seat({n - 1})", "replay.seat", "1-4", show=n == 1)
        for n in range(1, 5)
    ),
    ReplayKey("tab", "next_seat", "replay.next_seat", "Tab", show=False),
    ReplayKey("a", "all_hands", "replay.all_hands", "a"),
    ReplayKey("s", "suggest", f"replay.{LEVEL}_ai", "s"),
    ReplayKey("v", "review", "replay.review", "v"),
    ReplayKey("g", "rules", "footer.rules", "g"),
    ReplayKey("q,escape", "close", "footer.quit", "q"),
)
# The footer: the step keys first, shown as one hint each (key, word).
FOOTER_HEAD = (("←→", "replay.step"), ("↑↓", "replay.hand"), ("Home/End", "replay.ends"))


class ReplayScreen(TableScreen, inherit_bindings=False):
    """A recorded game at the table: step through it, look at any hand, ask the AI."""

    CSS_PATH: ClassVar = [*TableScreen.CSS_PATH, REPLAY_CSS_PATH]
    BINDINGS: ClassVar = [
        Binding(k.keys, k.action, first_name(k.label), show=False) for k in REPLAY_KEYS
    ]

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
        game = timeline.fresh()
        config = GameConfig(
            ruleset=game.ruleset.id, ai=LEVEL, seed=game.seed, tiles=tiles, lang=lang,
            delay=0, aids=aids,
        )
        super().__init__(config, game=game)
        self.timeline = timeline
        self.positions = positions(timeline)
        self.you = game.seating.index(0)  # the line-up's first player: the human in TUI games
        self.view_seat = self.you if seat is None else seat
        self.human_seat = self.view_seat
        rows = game.ruleset.discard_rows
        self.models = [TableModel(s, rows) for s in range(4)]
        self.model = self.models[self.view_seat]
        self.show_all = False
        self.suggesting = suggesting
        self.index = 0
        self._applied = 0  # events applied to the models
        self._snapshots: dict[int, list[TableModel]] = {}  # event index of a HandStarted
        self._decisions: dict[int, tuple[PlayerView, list[Action]]] = {}
        self._suggested: Action | None = None
        self._start = 0 if step is None else self.position_after(step)
        self.header = ""

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

    def goto(self, index: int) -> None:
        index = max(0, min(index, len(self.positions) - 1))
        target = self.positions[index].events
        if target < self._applied:
            base = max((i for i in self._snapshots if i < target), default=None)
            if base is None:
                rows = self.game.ruleset.discard_rows
                self.models, self._applied = [TableModel(s, rows) for s in range(4)], 0
            else:
                self.models, self._applied = copy.deepcopy(self._snapshots[base]), base
        events = self.timeline.events
        for i in range(self._applied, target):
            event = events[i]
            if isinstance(event, HandStarted) and i not in self._snapshots:
                self._snapshots[i] = copy.deepcopy(self.models)
            for model in self.models:
                model.apply(event)
        self._applied = target
        self.index = index
        self.model = self.models[self.view_seat]
        self._show_position()

    # -- mounting ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Tag(id="replay-header")
        yield from super().compose()

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # not the table's on_mount: no engine, the record is the game
        self._apply_size()
        self.call_later(self.goto, self._start)  # once mounted: the table renders then

    # -- what a position shows ----------------------------------------------------------
    def decision_at(self, k: int) -> tuple[PlayerView, list[Action]]:
        """What the seat of action k saw and could do (cached: views are immutable)."""
        hit = self._decisions.get(k)
        if hit is None:
            hit = self._decisions[k] = self.timeline.decision(k)
        return hit

    def _show_position(self) -> None:
        pos = self.position
        timeline = self.timeline
        done = pos.actions
        lang = self.lang
        what = message("replay_deal", lang)
        if done:
            action = timeline.actions[done - 1]
            view, _ = self.decision_at(done - 1)
            who = seat_label(action.seat, None, view.dealer, lang)
            what = f"{who}: {action_text(action, view, lang)}"
        full = pos.events == timeline.event_end(done)
        model = self.model
        name = round_name(model.round_wind, model.hand_number + 1, lang)
        where = (
            message("replay_where", lang, round=name, honba=model.honba)
            if model.hands_started
            else message("replay_start", lang)
        )
        ending = "" if full else message("replay_hand_over", lang)
        if model.over:
            ending = message("replay_game_over", lang)
        self.header = message(
            "replay_header", lang, where=where, step=self.index,
            steps=len(self.positions) - 1, what=what, ending=ending,
        )
        # The seat at the bottom sees its own view here (learning aids), when this
        # position is a whole action (not a finished hand before the next deal).
        self._last_view = timeline.game_at(done).view(self.view_seat) if full else None
        self._aids_key = None
        self.hint, self._suggested = "", None
        if self.suggesting:
            self._suggest(quiet=True)
        self.status = ""
        self._log_lines = []
        self._render_all()

    def _hand_events_start(self) -> int:
        end = self.position.events
        starts = [i for i, e in enumerate(self.timeline.events[:end]) if isinstance(e, HandStarted)]
        return starts[-1] if starts else 0

    # -- rendering (the table's, plus the header, the log and the open hands) ----------
    def _render_table(self) -> None:
        if not self.is_mounted:
            return
        super()._render_table()
        self.query_one("#replay-header", Tag).show(
            Text(self.header, no_wrap=True, overflow="ellipsis")
        )
        model = self.model
        lines = []
        for event in self.timeline.events[self._hand_events_start() : self.position.events]:
            line = event_text(event, self.view_seat, model.dealer, self.lang)
            if line:
                lines.append(line)
        self.query_one("#log", EventLog).update_data(LogData(tuple(lines[-LOG_KEEP:])))
        # Every hand face up on request, and at the end of a hand (as the table shows it).
        if self.show_all or self.position.events != self.timeline.event_end(self.position.actions):
            self._render_open_hands()

    def _render_open_hands(self) -> None:
        style = self.tile_style
        for rel in (1, 2, 3):
            seat = (self.view_seat + rel) % 4
            other = self.models[seat]
            tiles = other.display_tiles()
            if rel == 2:
                self.query_one("#backs-2", FixedRow).update_data(
                    HandTiles(tuple(tiles), other.drawn is not None)
                )
            else:
                self.query_one(f"#backs-{rel}", Tag).show(_faces(tiles, style))

    def _render_hand_and_aids(self) -> None:
        if not self.is_mounted:
            return
        super()._render_hand_and_aids()
        # No cursor in a replay; with a suggestion on, it marks the tile the AI would
        # have discarded, when that tile is in the hand at the bottom.
        row = self.query_one("#hand", FixedRow)
        mark = None
        suggested = self._suggested
        if isinstance(suggested, Discard) and suggested.seat == self.view_seat:
            tiles = self.model.display_tiles()
            same = [i for i, t in enumerate(tiles) if t == suggested.tile]
            mark = same[-1] if same else None
        row.update_data(replace(row.data, cursor=mark))

    def _render_prompt(self) -> None:
        prompt = self.query_one("#prompt", PromptBar)
        if not self.hint:
            prompt.update_data(PromptData())
            return
        first = self.hint.split("\n")[0]
        prompt.update_data(PromptData(first, (), self._differs()))

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
                hints.append(KeyHint(k.display, first_name(label, lang)))
        self.query_one("#keys", KeyBar).update_data(KeyBarData(tuple(hints)))

    def _default_status(self) -> str:
        return ""

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
        who = seat_label(action.seat, None, view.dealer, lang)
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
        self.view_seat = self.human_seat = seat
        self.model = self.models[seat]
        self._show_position()
        self.say(
            message("replay_seat_at_bottom", self.lang, seat=seat, wind=start_wind(seat, self.lang))
        )

    def action_next_seat(self) -> None:
        self.action_seat((self.view_seat + 1) % 4)

    def action_all_hands(self) -> None:
        self.show_all = not self.show_all
        self._render_all()
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
        self._aids_key = None
        self._render_all()

    def action_review(self) -> None:
        from .review import ReviewScreen

        self.app.push_screen(
            ReviewScreen(self.timeline, seat=self.view_seat, lang=self.lang,
                         tile_style=self.tile_style, viewer=True),
            callback=self.jump_to_step,
        )

    def jump_to_step(self, step: int | None) -> None:
        """Show the table just after action `step`, with the AI's suggestion on."""
        if step is None:
            return
        self.suggesting = True
        self.goto(self.position_after(step))

    def action_close(self) -> None:
        self.dismiss(None)


def _faces(tiles: list[Tile], style: str) -> Text:
    """A side seat's open hand in two rows of up to seven (as `_backs` lays out backs)."""
    rows = [tiles[:7], tiles[7:]]
    lines = [Text(" ", end="").join(tile_text(t, style) for t in row) for row in rows if row]
    return Text("\n", end="").join(lines)


def replay_screen_for(game: Game, **kwargs) -> ReplayScreen:
    """The viewer for a played or replayed `Game`."""
    return ReplayScreen(Timeline.of(game), **kwargs)

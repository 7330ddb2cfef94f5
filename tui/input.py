"""The table's keys as a pure state machine: cursor, mode and choices in; an action or a reason out.

The play screen owned this logic before, tangled with rendering and the engine
worker, so it could only be tested through Textual. Here it is plain data: the
screen hands over the question (the tiles in hand order, the legal actions and
the engine's reasons for what is not available), forwards each key command, and
gets back an `Outcome`: the legal action to answer with, or the reason (a
message key and its fields, worded by `tui.words`) why the key does nothing.
Nothing here decides a rule: what is legal comes from the engine's list, why
not from `SeatView.unavailable` and the engine's own kuikae list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.seat_view import Unavailable
from rules.tiles import Tile, format_tiles

# Key command -> the action types it answers with.
KINDS: dict[str, tuple[type, ...]] = {
    "discard": (Discard,),
    "tsumo": (Tsumo, ShowTenpai),
    "ron": (Ron,),
    "chi": (Chi,),
    "pon": (Pon,),
    "kan": (Ankan, Kakan, Daiminkan),
    "pass": (Pass,),
    "kita": (Kita,),
    "nine_terminals": (NineTerminals,),
}
# Key command -> the `Unavailable.kind` names the engine may give a reason under.
REASON_KINDS: dict[str, tuple[str, ...]] = {
    "discard": ("discard",),
    "tsumo": ("tsumo", "tenpai"),
    "riichi": ("riichi",),
    "ron": ("ron",),
    "chi": ("chi",),
    "pon": ("pon",),
    "kan": ("kan",),
    "pass": ("pass",),
    "kita": ("kita",),
    "nine_terminals": ("nine_terminals",),
}
GAME_COMMANDS = (
    "discard", "tsumo", "riichi", "chi", "pon", "kan", "ron", "pass", "kita", "nine_terminals",
    "choose",
)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a key did nothing: a message key of `tui.words.MESSAGES` (or an engine
    `Unavailable` key, which `tui.words.unavailable_text` words) and its fields."""

    key: str
    fields: tuple[tuple[str, str], ...] = ()
    engine: bool = False  # the key is the engine's (`Unavailable.key`), not a message key
    kind: str = ""  # the engine's kind of action it is about (riichi, ron, ...)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one key did: an action to answer with, a reason, or only a new state."""

    action: Action | None = None
    reason: Reason | None = None


@dataclass(slots=True)
class TableInput:
    """The keyboard state of the table: where the cursor is, which mode, which choices."""

    tiles: tuple[Tile, ...] = ()  # the hand in display order, the drawn tile last
    legal: tuple[Action, ...] = ()
    unavailable: tuple[Unavailable, ...] = ()
    kuikae: tuple[int, ...] = ()  # kinds the engine forbids discarding now
    cursor: int = 0
    mode: str = ""  # "" | "riichi" | "choose"
    choices: tuple[Action, ...] = ()
    choice_title: str = ""  # chi | pon | kan: which call the choices are of
    over: bool = False

    # -- what the screen tells it ----------------------------------------------------
    def show(self, tiles: Sequence[Tile], *, drawn: bool = False) -> None:
        """The hand as it now lies; the cursor goes to the drawn tile when one arrives."""
        before = len(self.tiles)
        self.tiles = tuple(tiles)
        if drawn and len(self.tiles) > before:
            self.cursor = len(self.tiles) - 1
        self._clamp()

    def ask(
        self,
        legal: Sequence[Action],
        unavailable: Sequence[Unavailable] = (),
        kuikae: Sequence[int] = (),
    ) -> None:
        """A new question: the legal actions and why the others are not; modes reset."""
        self.legal = tuple(legal)
        self.unavailable = tuple(unavailable)
        self.kuikae = tuple(kuikae)
        self.mode, self.choices, self.choice_title = "", (), ""
        self._clamp()

    def answered(self) -> None:
        """The question is closed (answered, or the engine moved on)."""
        self.legal, self.unavailable, self.kuikae = (), (), ()
        self.mode, self.choices, self.choice_title = "", (), ""

    # -- queries ---------------------------------------------------------------------
    def of(self, command: str) -> tuple[Action, ...]:
        """The legal actions a command may answer with."""
        if command == "riichi":
            return tuple(a for a in self.legal if isinstance(a, Discard) and a.riichi)
        types = KINDS.get(command, ())
        return tuple(a for a in self.legal if isinstance(a, types))

    def discards_of(self, command: str) -> tuple[Discard, ...]:
        """`of` for "discard" and "riichi", which answer only with a Discard: typed so."""
        return tuple(a for a in self.of(command) if isinstance(a, Discard))

    def enabled(self, command: str) -> bool:
        """Whether the key can act now (the footer greys out the rest)."""
        if command == "choose":
            return self.mode == "choose"
        if command == "pass":
            return bool(self.mode) or bool(self.of("pass"))
        return bool(self.of(command))

    def cursor_tile(self) -> Tile | None:
        if not self.tiles:
            return None
        return self.tiles[self.cursor]

    def discardable(self) -> frozenset[int]:
        """Indices of the hand the current mode may discard (all, when not asked)."""
        discards = self.discards_of("discard")
        if not discards:
            return frozenset(range(len(self.tiles)))
        riichi = self.mode == "riichi"
        allowed = {a.tile for a in discards if a.riichi == riichi}
        return frozenset(i for i, t in enumerate(self.tiles) if t in allowed)

    def riichi_kinds(self) -> tuple[int, ...]:
        return tuple(sorted({a.tile.kind for a in self.discards_of("riichi")}))

    # -- key commands ------------------------------------------------------------------
    def press(self, command: str, number: int = 0) -> Outcome:
        """Apply one key command; `number` is the step, index or option number it carries."""
        if command == "cursor":
            return self._move(self.cursor + number)
        if command == "cursor_to":
            return self._move(number if number >= 0 else len(self.tiles) + number)
        if self.over:
            return Outcome(reason=Reason("game_over"))
        if command == "choose":
            return self._choose(number)
        if command == "pass" and self.mode:
            self.mode, self.choices, self.choice_title = "", (), ""
            return Outcome()
        if command == "riichi":
            return self._riichi()
        if command == "discard":
            return self._discard()
        options = self.of(command)
        if not options:
            return Outcome(reason=self.why_not(command))
        if command in ("chi", "pon", "kan") and len(options) > 1:
            self.mode, self.choices, self.choice_title = "choose", options, command
            return Outcome(reason=Reason("choose_call", self._choose_fields()))
        return Outcome(action=options[0])

    def why_not(self, command: str) -> Reason:
        """The engine's reason a command cannot act now (`not_your_turn` when it gave none)."""
        if self.over:
            return Reason("game_over")
        for kind in REASON_KINDS.get(command, ()):
            for item in self.unavailable:
                if item.kind == kind:
                    return Reason(item.key, item.fields, engine=True, kind=kind)
        if command == "choose":
            return Reason("not_enabled")
        return Reason("not_your_turn")

    # -- internals -----------------------------------------------------------------------
    def _clamp(self) -> None:
        self.cursor = max(0, min(self.cursor, len(self.tiles) - 1)) if self.tiles else 0

    def _move(self, index: int) -> Outcome:
        if self.tiles:
            self.cursor = index % len(self.tiles)
        return Outcome()

    def _choose_fields(self) -> tuple[tuple[str, str], ...]:
        return (("what", self.choice_title), ("count", str(len(self.choices))))

    def _choose(self, number: int) -> Outcome:
        if self.mode != "choose":
            return Outcome(reason=Reason("not_enabled"))
        if not 1 <= number <= len(self.choices):
            return Outcome(reason=Reason("no_such_option", (("number", str(number)),)))
        return Outcome(action=self.choices[number - 1])

    def _riichi(self) -> Outcome:
        if self.mode == "riichi":
            self.mode = ""
            return Outcome()
        options = self.discards_of("riichi")
        if not options:
            return Outcome(reason=self.why_not("riichi"))
        self.mode, self.choices = "riichi", ()
        allowed = {a.tile for a in options}
        if self.cursor_tile() not in allowed:
            self.cursor = next(i for i, t in enumerate(self.tiles) if t in allowed)
        return Outcome(reason=Reason("riichi_choose", (("tiles", _kinds(self.riichi_kinds())),)))

    def _discard(self) -> Outcome:
        if self.mode == "choose":
            return Outcome(reason=Reason("choose_call", self._choose_fields()))
        tile = self.cursor_tile()
        discards = self.discards_of("discard")
        if tile is None or not discards:
            return Outcome(reason=self.why_not("discard"))
        riichi = self.mode == "riichi"
        for action in discards:
            if isinstance(action, Discard) and action.tile == tile and action.riichi == riichi:
                return Outcome(action=action)
        if riichi:
            return Outcome(
                reason=Reason("riichi_pick_listed", (("tiles", _kinds(self.riichi_kinds())),))
            )
        name = format_tiles([tile])
        for item in self.unavailable:  # the engine's bar on this very tile
            if item.kind == "discard_tile" and dict(item.fields).get("tile") == name:
                return Outcome(reason=Reason(item.key, item.fields, True, "discard"))
        if tile.kind in self.kuikae:
            return Outcome(reason=Reason("kuikae"))
        return Outcome(reason=Reason("cannot_discard"))


def _kinds(kinds: Sequence[int]) -> str:
    """Kinds as a field value (space-separated ints); `tui.words` names them in a language."""
    return " ".join(str(k) for k in kinds)

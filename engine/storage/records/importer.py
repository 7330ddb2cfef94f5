"""Games back from records: mjai JSON lines → `Game`, and the walk the other importers share.

Tenhou mjlogs (`engine.storage.records.tenhou_import`) and tenhou.net/6 JSON
(`engine.storage.records.tenhou6_read`) are turned into the same per-hand lines (`Kyoku`)
and played by `rebuild`, so every format is checked the same way.

A record says what happened but not the wall, so each hand's wall is rebuilt
from what the record shows (RULESETS.md §5.2-5.4, `engine.wall`): the deal
(start_kyoku `tehais`) at the deal positions, the live draws (`tsumo`) from
wall[52] on, the replacement draws after a kan at the rinshan positions, the
omote indicator and the kan indicators (`dora`) at theirs and the ura indicators
a riichi winner saw (`hora` `ura_markers`) under them. Tiles the record never
shows fill the remaining positions (`engine.wall.fill_wall`). The dice are a fixed throw
(they only place the break, which no rule reads).

The game is then played again by the engine: at every decision the action is
the legal one that matches the next record line (`dahai` → `Discard`, with
`reach` before it → riichi; `chi`/`pon` with their `consumed` tiles,
`daiminkan`, `ankan`, `kakan`; `hora` → `Tsumo` or `Ron`; at a `ryukyoku` the
seats in `tenpais` show their hands; a `ryukyoku` with reason `error`, mjai.app's
end of a hand on a bot's error, → `Chombo` of the seat that paid), every other
asked seat passes. After each
step the engine's events are written as mjai again (`engine.storage.records.mjai`) and
compared with the record line by line; the first difference is a `ValueError`
naming the hand and the line. So an imported game is exactly the recorded one
as far as the record goes; what differs from the original game is only what
the record does not carry: the dice and break of each hand (`HandStarted`), the
tiles of the wall nobody saw, and, without our `mahjong_tui` start_game field,
the seed (0) and the ruleset (the caller's, default wrc).

mjai has no ruleset; our exporter adds `"mahjong_tui": {"ruleset", "overrides",
"seed", "seating"}` to start_game (other readers ignore it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.ruleset import DEFAULT_PRESET, EVERY_PRESET_ID, Ruleset, load_preset
from rules.tiles import Tile, tile_key

from ...actions import (
    Action,
    Ankan,
    Chi,
    Chombo,
    Daiminkan,
    Discard,
    IllegalAction,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from ...events import Dealt, DoraRevealed, Event, GameEnded, HandEnded, HandStarted
from ...game import Game, Start
from ...recorded_clock import RecordedClock
from ...wall import (
    TooMany,
    deal_indices,
    fill_wall,
    shape_for,
    shared,
)
from ..record_file import json_rows, text_lines
from . import HandRecord
from .mjai import EXTENSION, HONORS, WINDS, kyoku_lines, pai

DICE = (3, 4)  # every hand's throw: the break is not in the record and no rule reads it
KAN_TYPES = ("ankan", "kakan", "daiminkan")
# Lines after which the next draw is a replacement tile: the kans, and a North set aside
# (kita, three players: RULESETS.md §9).
REPLACED_BY = (*KAN_TYPES, "kita")
AUTOMATIC = ("reach_accepted", "dora")  # lines the game writes without a decision


def tile_from_pai(name: Any) -> Tile:
    """The tile of an mjai name ("3m", "5pr", "E", "P")."""
    if not isinstance(name, str):
        raise ValueError(f"not an mjai tile: {name!r}")
    if name in HONORS and name:
        return shared(Tile(27 + HONORS.index(name)))
    red = name.endswith("r")
    body = name[:-1] if red else name
    if len(body) != 2 or body[0] not in "123456789" or body[1] not in "mps":
        raise ValueError(f"not an mjai tile: {name!r}")
    number = int(body[0])
    if red and number != 5:
        raise ValueError(f"not an mjai tile: {name!r}")
    return shared(Tile("mps".index(body[1]) * 9 + number - 1, red=red))


@dataclass
class Kyoku:
    """One hand of the record: its start_kyoku line and the lines after it, each with
    its line number in the file (1-based)."""

    start: dict[str, Any]
    lines: list[dict[str, Any]] = field(default_factory=list)  # start_kyoku .. end_kyoku
    numbers: list[int] = field(default_factory=list)
    # For records that list the indicators without saying when each was turned
    # (tenhou.net/6): the kan indicators and the ura tiles go into the wall, and the
    # engine's `dora` lines are not compared (`dora_lines` False).
    kan_indicators: list[Any] = field(default_factory=list)
    ura_indicators: list[Any] = field(default_factory=list)
    dora_lines: bool = True

    @property
    def label(self) -> str:
        s = self.start
        return f"{s.get('bakaze', '?')}{s.get('kyoku', '?')}-{s.get('honba', '?')}"


def build_wall(
    kyoku: Kyoku,
    red_fives: int,
    removed: frozenset[int] = frozenset(),
    players: int = 4,
) -> list[Tile]:
    """The wall (draw order) that deals, draws and turns what the hand shows: 136
    tiles, or 108 for three players without 2m-8m (`removed`, RULESETS.md §9)."""
    from rules.tiles import KIND_COUNT

    shape = shape_for(4 * (KIND_COUNT - len(removed)), players)
    start = kyoku.start
    dealer = int(start["oya"])
    slots: list[Tile | None] = [None] * shape.tiles

    def put(index: int, name: Any, what: str) -> None:
        tile = tile_from_pai(name)
        if slots[index] is not None and slots[index] != tile:
            raise ValueError(f"hand {kyoku.label}: {what} disagrees with an earlier line")
        slots[index] = tile

    tehais = start["tehais"]
    if len(tehais) != 4:
        raise ValueError(f"hand {kyoku.label}: start_kyoku needs four tehais")
    for seat, names in enumerate(tehais):
        want = 13 if seat < players else 0  # an empty fourth seat is dealt nothing
        if len(names) != want:
            raise ValueError(f"hand {kyoku.label}: seat {seat} is dealt {len(names)} tiles")
        if not want:
            continue
        for index, name in zip(deal_indices(seat, dealer, players), names, strict=True):
            put(index, name, "the deal")
    indicators = shape.indicators
    put(indicators[0], start["dora_marker"], "the dora marker")
    live = replaced = rinshan = kan_dora = 0
    after_kan = False
    for line in kyoku.lines[1:]:
        kind = line.get("type")
        if kind == "tsumo":
            if after_kan:
                if rinshan >= len(shape.rinshan):
                    raise ValueError(
                        f"hand {kyoku.label}: more than {len(shape.rinshan)} rinshan draws"
                    )
                put(shape.rinshan[rinshan], line["pai"], "a rinshan draw")
                rinshan += 1
                after_kan = False
            else:
                if shape.deal_end + live >= shape.live_end - replaced:
                    raise ValueError(f"hand {kyoku.label}: more draws than the live wall holds")
                put(shape.deal_end + live, line["pai"], "a draw")
                live += 1
        elif kind in REPLACED_BY:
            replaced += 1
            after_kan = True
        elif kind == "dora":
            kan_dora += 1
            if kan_dora >= len(indicators):
                raise ValueError(f"hand {kyoku.label}: more than four kan dora")
            put(indicators[kan_dora], line["dora_marker"], "a kan dora marker")
        elif kind == "hora":
            for n, name in enumerate(line.get("ura_markers") or ()):
                put(indicators[n] + 1, name, "the ura markers")
    for n, name in enumerate(kyoku.kan_indicators[:4], 1):
        put(indicators[n], name, "a kan dora indicator")
    for n, name in enumerate(kyoku.ura_indicators[:5]):
        put(indicators[n] + 1, name, "an ura indicator")
    try:
        return fill_wall(slots, red_fives, removed)
    except TooMany as error:
        raise ValueError(f"hand {kyoku.label}: {error} (red fives: {red_fives})") from None


# --------------------------------------------------------------------------- shapes
def _ints(value: Any, count: int | None, low: int, high: int) -> bool:
    return (
        isinstance(value, list)
        and (count is None or len(value) == count)
        and all(type(x) is int and low <= x <= high for x in value)
    )


def _is_seat(value: Any) -> bool:
    return type(value) is int and 0 <= value <= 3


def _is_pai(value: Any) -> bool:
    try:
        tile_from_pai(value)
    except ValueError:
        return False
    return True


BIG = 10**9
# field -> what it must be, for the fields the importer reads (others are ignored)
MJAI_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "actor": (_is_seat, "a seat 0-3"),
    "target": (_is_seat, "a seat 0-3"),
    "oya": (_is_seat, "a seat 0-3"),
    "pai": (_is_pai, "an mjai tile"),
    "dora_marker": (_is_pai, "an mjai tile"),
    "consumed": (lambda v: isinstance(v, list) and 1 <= len(v) <= 4 and all(map(_is_pai, v)),
                 "a list of mjai tiles"),
    "ura_markers": (lambda v: v is None or (isinstance(v, list) and len(v) <= 5
                                            and all(map(_is_pai, v))), "a list of mjai tiles"),
    "bakaze": (lambda v: isinstance(v, str) and len(v) == 1 and v in WINDS, "E, S, W or N"),
    "kyoku": (lambda v: type(v) is int and 1 <= v <= 4, "1-4"),
    "honba": (lambda v: type(v) is int and 0 <= v <= 1000, "an integer 0-1000"),
    "kyotaku": (lambda v: type(v) is int and 0 <= v <= 1000, "an integer 0-1000"),
    "scores": (lambda v: _ints(v, 4, -BIG, BIG), "four integers"),
    "deltas": (lambda v: _ints(v, 4, -BIG, BIG), "four integers"),
    "tehais": (lambda v: isinstance(v, list) and len(v) == 4 and all(
        h is None or (isinstance(h, list) and len(h) <= 14 and all(map(_is_pai, h)))
        for h in v), "four hands of mjai tiles (null: not shown)"),
    "tenpais": (lambda v: v is None or (isinstance(v, list) and len(v) == 4
                                        and all(type(x) is bool for x in v)),
                "four true/false"),
}
REQUIRED = {
    "start_kyoku": ("bakaze", "kyoku", "honba", "kyotaku", "oya", "scores", "tehais",
                    "dora_marker"),
    "tsumo": ("actor", "pai"),
    "dahai": ("actor", "pai"),
    "reach": ("actor",),
    "chi": ("actor", "consumed"),
    "pon": ("actor", "consumed"),
    "daiminkan": ("actor",),
    "ankan": ("actor", "consumed"),
    "kakan": ("actor", "pai"),
    "dora": ("dora_marker",),
    "hora": ("actor", "target"),
    "kita": ("actor",),
}


TYPES = ("start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi",
         "pon", "daiminkan", "ankan", "kakan", "kita", "dora", "hora", "ryukyoku",
         "end_kyoku", "end_game")


def check_mjai_line(obj: Any, number: int) -> None:
    """One mjai line: an object with a known `type` (`TYPES`, what our exporter writes),
    every field the importer reads of the right type and range (seats 0-3, tiles that
    parse); ValueError naming the line."""
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ValueError(f"line {number} is not an mjai event")
    kind = obj["type"]
    if kind not in TYPES:
        raise ValueError(f"line {number}: unknown mjai type {kind[:40]!r}")
    for name in REQUIRED.get(kind, ()):
        if name not in obj:
            raise ValueError(f"line {number}: {kind} has no {name!r}")
    for name, value in obj.items():
        rule = MJAI_FIELDS.get(name)
        if rule is not None and not rule[0](value):
            raise ValueError(f"line {number}: {kind}.{name} must be {rule[1]}")
    # Three players (RULESETS.md §9): the empty North seat's hand is [].
    if kind == "start_kyoku" and any(
        not isinstance(h, list) or len(h) != (13 if seat < 3 or h else 0)
        for seat, h in enumerate(obj["tehais"])
    ):
        raise ValueError(
            f"line {number}: start_kyoku.tehais must be four hands of 13 tiles "
            "(the fourth empty for three players)"
        )
    ext = obj.get(EXTENSION)
    if kind == "start_game" and ext is not None:
        _check_extension(ext, number)


def _check_extension(ext: Any, number: int) -> None:
    where = f"line {number}: start_game.{EXTENSION}"
    if not isinstance(ext, dict):
        raise ValueError(f"{where} must be an object")
    if ext.get("ruleset") is not None and ext["ruleset"] not in EVERY_PRESET_ID:
        raise ValueError(f"{where}.ruleset {str(ext['ruleset'])[:40]!r} is not a preset")
    if ext.get("overrides") is not None and not isinstance(ext["overrides"], dict):
        raise ValueError(f"{where}.overrides must be an object")
    if "seed" in ext and not (type(ext["seed"]) is int and abs(ext["seed"]) < 2**63):
        raise ValueError(f"{where}.seed must be an integer")
    seating = ext.get("seating")
    if seating is not None and (
        not isinstance(seating, list) or sorted(map(repr, seating)) != ["0", "1", "2", "3"]
    ):
        raise ValueError(f"{where}.seating must be null or an order of 0, 1, 2, 3")


# --------------------------------------------------------------------------- mjai
def parse_mjai(
    source: str | Iterable[tuple[int, Any]],
) -> tuple[dict[str, Any], list[Kyoku], dict[str, Any] | None]:
    """The start_game line, the hands and the end_game line (None if missing).

    `source` is the text, or its numbered JSON rows as `engine.storage.record_file` reads them
    from a file (bounded). Every line's shape is checked first (`check_mjai_line`)."""
    if isinstance(source, str):
        source = json_rows(text_lines(source.splitlines()))
    rows: list[tuple[int, dict[str, Any]]] = []
    for number, obj in source:
        check_mjai_line(obj, number)
        rows.append((number, obj))
    if not rows or rows[0][1]["type"] != "start_game":
        raise ValueError("an mjai record starts with a start_game line")
    kyokus: list[Kyoku] = []
    current: Kyoku | None = None
    end: dict[str, Any] | None = None
    for number, obj in rows[1:]:
        kind = obj["type"]
        if kind == "start_kyoku":
            if current is not None:
                raise ValueError(f"line {number}: start_kyoku before end_kyoku")
            current = Kyoku(obj)
        elif kind == "end_game":
            if current is not None:
                raise ValueError(f"line {number}: end_game inside a hand (no end_kyoku)")
            end = obj
            break
        elif current is None:
            raise ValueError(f"line {number}: {kind} outside a hand")
        if current is not None:
            current.lines.append(obj)
            current.numbers.append(number)
            if kind == "end_kyoku":
                kyokus.append(current)
                current = None
    if not kyokus:
        raise ValueError("the mjai record has no complete hand")
    return rows[0][1], kyokus, end


def ruleset_of(start_game: dict[str, Any], fallback: Ruleset | None) -> Ruleset:
    """The ruleset our extension field names, else `fallback`, else the default preset."""
    ext = start_game.get(EXTENSION)
    if isinstance(ext, dict) and ext.get("ruleset"):
        ruleset = load_preset(ext["ruleset"])
        if ext.get("overrides"):
            ruleset = ruleset.with_overrides(ext["overrides"])
        return ruleset
    return fallback or load_preset(DEFAULT_PRESET)


def game_from_mjai(
    text: str | Iterable[tuple[int, Any]], ruleset: Ruleset | None = None
) -> Game:
    """The game an mjai record (ours) shows, played again and checked line by line.

    `text` is the record or its numbered rows (`parse_mjai`). `ruleset` is used
    when the record has no `mahjong_tui` field (default wrc).
    Raises ValueError naming the hand and line of the first disagreement."""
    start_game, kyokus, end = parse_mjai(text)
    ruleset = ruleset_of(start_game, ruleset)
    found = start_game.get(EXTENSION)
    ext: dict[str, Any] = found if isinstance(found, dict) else {}
    return rebuild(
        ruleset,
        kyokus,
        end,
        seed=int(ext.get("seed", 0)),
        seating=ext.get("seating"),
    )


def _start(kyoku: Kyoku) -> Start:
    s = kyoku.start
    if s.get("bakaze") not in tuple(WINDS):
        raise ValueError(f"hand {kyoku.label}: unknown bakaze {s.get('bakaze')!r}")
    hand_number = int(s["kyoku"]) - 1
    if not 0 <= hand_number <= 3 or int(s["oya"]) != hand_number:
        raise ValueError(f"hand {kyoku.label}: kyoku and oya disagree")
    return Start(
        WINDS.index(s["bakaze"]),
        hand_number,
        int(s["honba"]),
        int(s["kyotaku"]),
        tuple(int(x) for x in s["scores"]),
    )


def rebuild(
    ruleset: Ruleset,
    kyokus: list[Kyoku],
    end: dict[str, Any] | None,
    *,
    seed: int,
    seating: Any,
    dice: list[tuple[tuple[int, int], ...]] | None = None,
) -> Game:
    """The game the hands show, played by the engine and checked line by line against
    them; `dice` per hand where the record has them (else a fixed throw), `end` the
    end_game line whose final scores the game must reach."""
    walls = [
        build_wall(k, ruleset.red_fives, ruleset.removed_kinds, ruleset.players) for k in kyokus
    ]
    final = end.get("scores") if end else None
    for time_up in (False, True):
        if time_up and not (ruleset.time_limit_minutes and final):
            break
        # A time limit runs out at the end of the last recorded hand when `time_up`
        # (a game the clock ended), else never.
        clock = RecordedClock([False] * (len(kyokus) - 1) + [time_up])
        game = clock.follow(Game(
            ruleset,
            seed,
            walls=walls,
            dice=dice or [(DICE,) * ruleset.kaimen_dice for _ in kyokus],
            seating=seating,
            clock=clock,
            start=_start(kyokus[0]),
        ))
        _Walk(game, kyokus, walls).run()
        if game.is_over or not final:
            break
    if final:
        ended = next((e for e in reversed(game.events) if isinstance(e, GameEnded)), None)
        if ended is None:
            raise ValueError(
                f"after hand {kyokus[-1].label} the record's game is over, but the rebuilt "
                f"game goes on (scores {list(game.scores)}, sticks {game.sticks})"
            )
        if list(ended.scores) != list(final):
            raise ValueError(
                f"end_game: the rebuilt game ends with scores {list(ended.scores)}, "
                f"the record has {list(final)}"
            )
    return game


class _Walk:
    """Plays the record through the game, checking each step's events against it."""

    def __init__(self, game: Game, kyokus: list[Kyoku], walls: list[list[Tile]]):
        self.game = game
        self.kyokus = kyokus
        self.walls = walls
        self.index = -1  # the hand being played
        self.hand: HandRecord | None = None
        self.checked = 0  # record lines of this hand already matched
        self.beyond = False  # a hand after the record's last one has started

    # -- the record as the game writes it ---------------------------------------------
    def feed(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandStarted):
                if self.hand is not None:
                    self.check()
                if self.index + 1 >= len(self.kyokus):
                    self.beyond = True  # the game goes on past the record's last hand
                    return
                self.index += 1
                wall = self.walls[self.index]
                first = shape_for(len(wall), self.game.ruleset.players).indicators[0]
                self.hand = HandRecord(event, dora=[wall[first]])
                self.checked = 0
            elif self.hand is None:
                continue
            elif isinstance(event, Dealt):
                self.hand.dealt = event.hands
            elif isinstance(event, DoraRevealed):
                if event.kan:
                    self.hand.events.append(event)
                else:
                    self.hand.dora[0] = event.indicator
            elif isinstance(event, HandEnded):
                self.hand.end = event
            else:
                self.hand.events.append(event)
        if self.hand is not None:
            self.check()

    def check(self) -> None:
        hand, kyoku = self.hand, self.kyokus[self.index]
        assert hand is not None
        lines = kyoku_lines(hand, self.game.ruleset.players)
        if not kyoku.dora_lines:
            lines = [line for line in lines if line.get("type") != "dora"]
        if hand.end is None:
            lines.pop()  # end_kyoku
        for i in range(self.checked, len(lines)):
            got = lines[i]
            if i >= len(kyoku.lines):
                raise ValueError(
                    f"hand {kyoku.label}: the record ends, but the game goes on with "
                    f"{_short(got)}"
                )
            want = kyoku.lines[i]
            same = got.get("type") == want.get("type") and all(
                got[key] == want[key] for key in want.keys() & got.keys()
            )
            if not same:
                raise ValueError(
                    f"hand {kyoku.label}, line {kyoku.numbers[i]}: the rebuilt game gives "
                    f"{_short(got)}, the record has {_short(want)}"
                )
        self.checked = len(lines)
        if hand.end is not None and not kyoku.dora_lines:
            turned = [pai(e.indicator) for e in hand.events if isinstance(e, DoraRevealed)]
            if turned != kyoku.kan_indicators:
                raise ValueError(
                    f"hand {kyoku.label}: the rebuilt game turns kan dora {turned}, the "
                    f"record has {kyoku.kan_indicators}"
                )
        if hand.end is not None and len(lines) < len(kyoku.lines):
            raise ValueError(
                f"hand {kyoku.label}, line {kyoku.numbers[len(lines)]}: the hand is over, "
                f"but the record goes on with {_short(kyoku.lines[len(lines)])}"
            )

    # -- decisions ---------------------------------------------------------------------
    def run(self) -> None:
        game = self.game
        self.feed(game.events)
        while not game.is_over:
            pending = game.pending_seats()
            if not pending:
                raise ValueError(f"hand {self.label()}: the game waits for nobody")
            if self.beyond:
                break  # the record's last hand is over and the game goes on
            charged = self.chombo()
            if charged is not None:
                self.apply(charged)
                continue
            phase = game.hand.phase
            if phase == "claim":
                plan = self.claims(pending)
                for seat in pending:
                    self.apply(plan.get(seat) or Pass(seat))
            else:
                seat = pending[0]
                action = self.declaration(seat) if phase == "declare" else self.turn(seat)
                self.apply(action)

    def label(self) -> str:
        return self.kyokus[max(self.index, 0)].label

    def apply(self, action: Action) -> None:
        try:
            events = self.game.apply(action)
        except IllegalAction as error:
            raise ValueError(
                f"hand {self.label()}, line {self.where()}: not legal in the rebuilt game: "
                f"{error}"
            ) from None
        self.feed(events)

    def where(self) -> int | str:
        numbers = self.kyokus[self.index].numbers
        return numbers[self.checked] if self.checked < len(numbers) else "end"

    def next_line(self, offset: int = 0) -> dict[str, Any]:
        """The `offset`-th record line after what the game has written so far that is
        a player's doing: the lines the game writes by itself as a consequence of the
        coming action (`reach_accepted` when a riichi discard is not ronned, a
        delayed kan `dora`) are skipped."""
        lines = self.kyokus[self.index].lines
        i = self.checked
        while i < len(lines) and lines[i].get("type") in AUTOMATIC:
            i += 1
        i += offset
        if i >= len(lines):
            raise ValueError(f"hand {self.label()}: the record ends while a seat must act")
        return lines[i]

    def chombo(self) -> Action | None:
        """A hand the record ends as mjai.app's arena ends a bot's error (a `ryukyoku`
        with reason `error`, at any decision): the engine's `Chombo` of the seat that
        paid, the lowest delta (as mjai.app's own tools find the offender)."""
        line = self.next_line()
        if line.get("type") != "ryukyoku" or line.get("reason") != "error":
            return None
        deltas: list[int] = line.get("deltas") or []
        if not _ints(deltas, 4, -10**6, 10**6):
            raise ValueError(f"hand {self.label()}, line {self.where()}: a chombo's "
                             "deltas are four numbers")
        return Chombo(min(range(4), key=lambda s: (deltas[s], s)))

    def turn(self, seat: int) -> Action:
        line = self.next_line()
        kind = line.get("type")
        if kind == "ryukyoku" and line.get("reason") == "kyushukyuhai":
            return NineTerminals(seat)  # the seat to play calls the hand off
        if line.get("actor") != seat:
            raise ValueError(
                f"hand {self.label()}, line {self.where()}: it is seat {seat}'s turn, "
                f"the record has {_short(line)}"
            )
        if kind == "reach":
            dahai = self.next_line(1)
            return Discard(seat, tile_from_pai(dahai.get("pai")), riichi=True)
        if kind == "dahai":
            return Discard(seat, tile_from_pai(line.get("pai")))
        if kind == "ankan":
            return Ankan(seat, tile_from_pai(line["consumed"][0]).kind)
        if kind == "kakan":
            return Kakan(seat, tile_from_pai(line.get("pai")))
        if kind == "kita":
            return Kita(seat)
        if kind == "hora" and line.get("target") == seat:
            return Tsumo(seat)

        raise ValueError(
            f"hand {self.label()}, line {self.where()}: seat {seat} must act on its turn, "
            f"the record has {_short(line)}"
        )

    def claims(self, pending: list[int]) -> dict[int, Action]:
        plan: dict[int, Action] = {}
        line = self.next_line()
        kind = line.get("type")
        if kind == "hora":
            offset = 0
            while line.get("type") == "hora":  # two for a double ron
                plan[line["actor"]] = Ron(line["actor"])
                offset += 1
                line = self.next_line(offset)
        elif kind in ("chi", "pon", "daiminkan"):
            seat = line["actor"]
            plan[seat] = self.call(seat, line)
        for seat in plan:
            if seat not in pending:
                raise ValueError(
                    f"hand {self.label()}, line {self.where()}: seat {seat} cannot claim "
                    "this tile in the rebuilt game"
                )
        return plan

    def call(self, seat: int, line: dict[str, Any]) -> Action:
        kind = line["type"]
        if kind == "daiminkan":
            return Daiminkan(seat)
        want = sorted(tile_key(tile_from_pai(n)) for n in line.get("consumed", ()))
        cls = Chi if kind == "chi" else Pon
        for action in self.game.legal_actions(seat):
            if isinstance(action, cls) and sorted(map(tile_key, action.tiles)) == want:
                return action
        raise ValueError(
            f"hand {self.label()}, line {self.where()}: seat {seat} cannot {kind} with "
            f"{line.get('consumed')} in the rebuilt game"
        )

    def declaration(self, seat: int) -> Action:
        lines = self.kyokus[self.index].lines
        draw = next((x for x in lines[self.checked :] if x.get("type") == "ryukyoku"), None)
        if draw is None:
            raise ValueError(
                f"hand {self.label()}: the rebuilt game ends in a draw, the record does not"
            )
        tenpais = draw.get("tenpais") or [False] * 4
        return ShowTenpai(seat) if tenpais[seat] else Pass(seat)



def _short(line: dict[str, Any]) -> str:
    keep = ("type", "actor", "target", "pai", "consumed", "tsumogiri", "dora_marker", "deltas")
    return json.dumps({k: line[k] for k in keep if k in line}, separators=(",", ":"))


__all__ = ["build_wall", "game_from_mjai", "parse_mjai", "rebuild", "tile_from_pai"]

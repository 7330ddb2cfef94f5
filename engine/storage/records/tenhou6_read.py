"""tenhou.net/6 JSON in: the record the Tenhou viewer, mjai-reviewer and our exporter
(`engine.storage.records.tenhou6`, whose module doc gives the format) write, replayed
through the engine.

The format keeps, per hand and seat, the deal, the takes (draws and call strings)
and the discards, but not the order in which the seats played. That order is
worked out here by playing the turns: the dealer draws and discards; after each
discard the seat whose next take is a pon or daiminkan of that very tile from
that very seat takes it (else the next seat's chi of it, else the next seat
draws); a kan on one's own turn (`a`/`k` in the discards) and a daiminkan are
followed by the rinshan draw; `60` discards the tile just drawn; the hand ends
when the seat to act has nothing left (a tsumo, a ron of the last discard, a
draw). With three players (RULESETS.md §9) the turn passes over the empty North
seat, whose deal, takes and discards are empty; `f44` in the discards sets a North
aside (kita), and the seat's next take is its replacement draw (unless the North
is ronned); the pon strings place the giver around four chairs
(`engine.storage.records.tenhou6`). The result is the same mjai lines the mjlog import makes
(`engine.storage.records.tenhou_import`), walked by the importer
(`engine.storage.records.importer.rebuild`), so the checks are the same.

What the format does not say, and so is not compared: when each kan dora was
turned (the indicators go into the wall, the engine turns them by its rules),
the order of each deal, which copy of a tile was discarded from the hand
(`tsumogiri`), and the dice. Tenpai at an exhaustive draw is read from the
result: "全員聴牌" all, "全員不聴" none, else the seats the noten payments paid.

The rules: our own export names its preset and house rules in `rule.mahjong_tui`
(older exports: the preset in `title`, "mahjong-tui ID", and the red fives in
`rule` `aka51`-`aka53`); a Tenhou record's `rule.disp` names
its lobby ("四鳳南喰赤": 南 a hanchan, 喰 open tanyao, 赤 red fives; 三 three
players: `tenhou3`) and gives `tenhou` with that variant.
"""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any

from rules.ruleset import EVERY_PRESET_ID, Ruleset, RulesetError, load_preset
from rules.tiles import Tile, tile_key

from ...game import Game
from ...wall import MAN5, PIN5, SOU5
from .importer import Kyoku, rebuild
from .mjai import pai
from .mjlog import GO_HANCHAN, GO_NO_KUITAN, GO_NO_RED, GO_THREE_PLAYERS
from .tenhou6 import KITA, TSUMOGIRI, WIN_TAG
from .tenhou_import import tenhou_rules

RED_CODES = {51: MAN5, 52: PIN5, 53: SOU5}
DRAW_REASONS = {
    "流局": "fanpai",
    "全員聴牌": "fanpai",
    "全員不聴": "fanpai",
    "流し満貫": "nagashimangan",
    "九種九牌": "kyushukyuhai",
    "四風連打": "sufonrenta",
    "四家立直": "suchareach",
    "四槓散了": "sukaikan",
    "三家和了": "sanchaho",
}
# A hand array: [round, honba, sticks], scores, dora, ura, per seat (deal, takes,
# discards), the result.
HAND_PARTS = {4: 17, 3: 14}
PLAYERS_WORD = {3: "three", 4: "four"}
_MELD = re.compile(r"^(?:\d\d)*[cpmak](?:\d\d)+$")
OUR_TITLE = "mahjong-tui "


class Tenhou6Error(ValueError):
    """A tenhou.net/6 record that cannot be read; the message is one line."""


def tile_of(code: Any, where: str) -> Tile:
    """The tile of a tenhou.net/6 code (11-19, 21-29, 31-39, 41-47, 51-53)."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise Tenhou6Error(f"{where}: {code!r} is not a tile code")
    if code in RED_CODES:
        return Tile(RED_CODES[code], red=True)
    suit, number = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= number <= 9:
        return Tile((suit - 1) * 9 + number - 1)
    if suit == 4 and 1 <= number <= 7:
        return Tile(27 + number - 1)
    raise Tenhou6Error(f"{where}: {code!r} is not a tile code")


def _name(code: Any, where: str) -> str:
    return pai(tile_of(code, where))


def _sorted_names(codes: list[int], where: str) -> list[str]:
    tiles = sorted((tile_of(c, where) for c in codes), key=tile_key)
    return [pai(t) for t in tiles]


def parse_meld(text: str, where: str) -> tuple[str, int, list[int]]:
    """A call string → (letter, position of the letter in tiles, the codes in order)."""
    if not _MELD.match(text):
        raise Tenhou6Error(f"{where}: {text[:20]!r} is not a call string")
    letter = next(ch for ch in text if ch.isalpha())
    at = text.index(letter) // 2
    digits = text.replace(letter, "")
    codes = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    return letter, at, codes


def ruleset_of(record: dict[str, Any]) -> Ruleset:
    """The rules the record names (module doc)."""
    title = record.get("title")
    head = title[0] if isinstance(title, list) and title and isinstance(title[0], str) else ""
    rule = _object(record.get("rule"))
    ext = _object(rule.get("mahjong_tui"))
    if ext.get("ruleset") in EVERY_PRESET_ID:
        overrides = ext.get("overrides") or {}
        if not isinstance(overrides, dict):
            raise Tenhou6Error("rule.mahjong_tui.overrides is not an object")
        try:
            return load_preset(ext["ruleset"]).with_overrides(overrides)
        except RulesetError as error:
            raise Tenhou6Error(f"the record's house rules: {error}") from None
    if head.startswith(OUR_TITLE):
        preset = head[len(OUR_TITLE) :].strip()
        if preset not in EVERY_PRESET_ID:
            raise Tenhou6Error(f"the record names ruleset {preset!r}, which is not here")
        ruleset = load_preset(preset)
        reds = _red_count(rule)
        if reds is not None and reds != ruleset.red_fives:
            try:
                ruleset = ruleset.with_overrides({"red_fives": reds})
            except RulesetError as error:
                raise Tenhou6Error(f"the record's red fives: {error}") from None
        return ruleset
    disp = rule["disp"] if isinstance(rule.get("disp"), str) else ""
    sanma = "三" in disp or _seats_three(record)
    red = bool(rule.get("aka", 1)) if "aka" in rule else ("赤" in disp or not disp)
    kuitan = "喰" in disp or not disp
    hanchan = "東" not in disp or "南" in disp
    go_type = (
        GO_HANCHAN * hanchan
        | GO_NO_RED * (not red)
        | GO_NO_KUITAN * (not kuitan)
        | GO_THREE_PLAYERS * sanma
    )
    sc = record.get("sc")
    results = sc[1::2] if isinstance(sc, list) else []
    rounded = all(isinstance(v, int) or (isinstance(v, float) and v.is_integer()) for v in results)
    return tenhou_rules(go_type, rounded=rounded, source=f"the record's lobby {disp!r}")


def _seats_three(record: dict[str, Any]) -> bool:
    """A record that seats three without saying 三: three names, or a first hand whose
    fourth seat is dealt nothing (hand arrays of 14 parts, or an empty fourth deal)."""
    names, log = record.get("name"), record.get("log")
    first = log[0] if isinstance(log, list) and log else None
    if isinstance(names, list) and len(names) == 3:
        return True
    return isinstance(first, list) and (
        len(first) == HAND_PARTS[3] or (len(first) == HAND_PARTS[4] and first[13] == [])
    )


def _red_count(rule: dict[str, Any]) -> int | None:
    counts = [rule.get(f"aka5{i}") for i in (1, 2, 3)]
    if not all(_is_int(c) for c in counts):
        return None
    shape = (int(counts[0]), int(counts[1]), int(counts[2]))  # type: ignore[arg-type]
    shapes = {(0, 0, 0): 0, (0, 1, 0): 1, (0, 1, 1): 2, (1, 1, 1): 3, (1, 2, 1): 4}
    if shape in shapes:
        return shapes[shape]
    raise Tenhou6Error(f"red fives {counts} are not a set the rules know")


def _object(value: Any) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty one (a field a record may omit)."""
    return value if isinstance(value, dict) else {}


def _count(value: Any) -> int | str:
    return len(value) if isinstance(value, list) else "no list of"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_tenhou6(text: str) -> dict[str, Any]:
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise Tenhou6Error("not JSON") from None
    if not isinstance(record, dict) or not isinstance(record.get("log"), list):
        raise Tenhou6Error("not tenhou.net/6 JSON: no log list")
    if not record["log"]:
        raise Tenhou6Error("the record has no hands")
    return record


def game_from_tenhou6(text: str, ruleset: Ruleset | None = None) -> Game:
    """The game a tenhou.net/6 record holds, replayed through the engine and checked
    step by step; `ruleset` replaces the record's own rules."""
    record = parse_tenhou6(text)
    rules = ruleset or ruleset_of(record)
    kyokus = [_Hand(raw, n, rules.players).kyoku() for n, raw in enumerate(record["log"], 1)]
    end: dict[str, Any] | None = None
    sc = record.get("sc")
    if isinstance(sc, list) and len(sc) in (8, 2 * rules.players):
        try:
            scores = [round(float(v) * 100) for v in sc[0::2]]
        except (TypeError, ValueError):
            raise Tenhou6Error("sc: the final scores are not numbers") from None
        end = {"type": "end_game", "scores": [*scores, 0][:4]}
    ext = _object(_object(record.get("rule")).get("mahjong_tui"))
    seed = ext.get("seed", 0)
    seating = ext.get("seating")
    if not _is_int(seed) or not (
        seating is None or (isinstance(seating, list) and sorted(seating) == [0, 1, 2, 3])
    ):
        raise Tenhou6Error("rule.mahjong_tui: seed or seating is not readable")
    return rebuild(rules, kyokus, end, seed=seed, seating=seating)


class _Hand:
    """One hand array, turned into mjai lines by playing its turns (module doc)."""

    def __init__(self, raw: Any, number: int, players: int = 4):
        self.where = f"hand {number}"
        self.players = players
        if isinstance(raw, list) and players == 3 and len(raw) == HAND_PARTS[3]:
            raw = [*raw[:13], [], [], [], raw[13]]  # three seats written without the fourth
        if not isinstance(raw, list) or len(raw) != HAND_PARTS[4]:
            raise Tenhou6Error(
                f"{self.where}: a hand is an array of {HAND_PARTS[4]} parts"
                + (f" (or {HAND_PARTS[3]} for three seats)" if players == 3 else "")
            )
        head, scores, dora, ura = raw[0], raw[1], raw[2], raw[3]
        if not (isinstance(head, list) and len(head) == 3 and all(_is_int(x) for x in head)):
            raise Tenhou6Error(f"{self.where}: [round, honba, sticks] expected")
        if isinstance(scores, list) and len(scores) == players == 3:
            scores = [*scores, 0]  # the empty North seat left out
        if not (isinstance(scores, list) and len(scores) == 4):
            raise Tenhou6Error(f"{self.where}: four scores expected")
        self.round, self.honba, self.sticks = head
        if not 0 <= self.round < 16 or self.round % 4 >= players:
            raise Tenhou6Error(f"{self.where}: round {self.round} is out of range")
        self.where = f"hand {'ESWN'[self.round // 4 % 4]}{self.round % 4 + 1}-{self.honba}"
        self.scores = scores
        if not isinstance(dora, list) or not dora or not isinstance(ura, list):
            raise Tenhou6Error(f"{self.where}: dora and ura indicator lists expected")
        self.dora, self.ura = dora, ura
        self.deals = [raw[4 + 3 * s] for s in range(4)]
        for seat, deal in enumerate(self.deals):
            want = 13 if seat < players else 0  # the empty North seat of three
            if not isinstance(deal, list) or len(deal) != want:
                raise Tenhou6Error(
                    f"{self.where}: seat {seat} is dealt {_count(deal)} tiles, not {want} "
                    f"(a {PLAYERS_WORD[players]}-player game)"
                )
        self.takes = [deque(self._list(raw[5 + 3 * s], "takes")) for s in range(4)]
        self.discards = [deque(self._list(raw[6 + 3 * s], "discards")) for s in range(4)]
        self.result = raw[16]
        if not isinstance(self.result, list) or not self.result:
            raise Tenhou6Error(f"{self.where}: no result")
        self.lines: list[dict[str, Any]] = []
        self.drawn: list[Any] = [None] * 4
        self.riichi: set[int] = set()

    def _list(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            raise Tenhou6Error(f"{self.where}: {what} must be a list")
        return value

    def kyoku(self) -> Kyoku:
        dealer = self.round % 4
        start = {
            "type": "start_kyoku",
            "bakaze": "ESWN"[self.round // 4 % 4],
            "kyoku": dealer + 1,
            "honba": self.honba,
            "kyotaku": self.sticks,
            "oya": dealer,
            "dora_marker": _name(self.dora[0], f"{self.where} dora"),
            "scores": [int(x) for x in self.scores],
            "tehais": [[_name(c, f"{self.where} deal") for c in d] for d in self.deals],
        }
        self.lines.append(start)
        last = self.play(dealer)
        self.finish(last)
        self.lines.append({"type": "end_kyoku"})
        return Kyoku(
            start,
            self.lines,
            list(range(len(self.lines))),
            kan_indicators=[_name(c, f"{self.where} dora") for c in self.dora[1:]],
            ura_indicators=[_name(c, f"{self.where} ura") for c in self.ura],
            dora_lines=False,
        )

    # -- the turns ----------------------------------------------------------------
    def play(self, seat: int) -> Any:
        """Play the turns from the dealer's first draw; the last tile in play (the
        winning tile of a tsumo or ron)."""
        draw = True
        last: Any = None
        for _ in range(1000):  # a hand has at most a few hundred moves
            if draw:
                if not self.takes[seat]:
                    return last
                take = self.takes[seat].popleft()
                if isinstance(take, str):
                    raise Tenhou6Error(
                        f"{self.where}: seat {seat} must draw, the takes have {take!r}"
                    )
                self.lines.append({"type": "tsumo", "actor": seat, "pai": _name(take, self.where)})
                self.drawn[seat] = last = take
            if not self.discards[seat]:
                return last
            out = self.discards[seat].popleft()
            if out == KITA:
                last = self.kita(seat)  # robbed by a ron: the hand ends here
                draw = True
                continue
            if isinstance(out, str) and out[:1] != "r":
                last = self.own_kan(seat, out)  # robbed by a chankan: the hand ends here
                draw = True
                continue
            riichi = isinstance(out, str)
            code = int(out[1:]) if riichi and out[1:].isdigit() else out
            if code == TSUMOGIRI:
                code = self.drawn[seat]
            if riichi:
                self.lines.append({"type": "reach", "actor": seat})
                self.riichi.add(seat)
            self.lines.append({"type": "dahai", "actor": seat, "pai": _name(code, self.where)})
            last = code
            caller = self.caller(seat, code)
            ronned = caller is None and self.ends_here() and self.result[0] == WIN_TAG
            if riichi and not ronned:
                self.lines.append({"type": "reach_accepted", "actor": seat})
            if caller is None:
                seat, draw = (seat + 1) % self.players, True
                if self.ends_here():
                    return last
                continue
            seat, draw = self.call(caller, seat, code)
        raise Tenhou6Error(f"{self.where}: the hand does not end")

    def ends_here(self) -> bool:
        """Nobody takes anything any more: the hand ended on the last discard."""
        return not any(self.takes)

    def caller(self, discarder: int, code: Any) -> int | None:
        """The seat that calls this discard (pon/kan before chi), or None."""
        kind = tile_of(code, self.where)
        for seat in range(self.players):
            if seat == discarder or not self.takes[seat]:
                continue
            take = self.takes[seat][0]
            if isinstance(take, str) and ("p" in take or "m" in take):
                letter, at, codes = parse_meld(take, self.where)
                source = self._source(seat, letter, at)
                if source == discarder and tile_of(codes[at], self.where) == kind:
                    return seat
        nxt = (discarder + 1) % self.players
        if self.takes[nxt]:
            take = self.takes[nxt][0]
            if isinstance(take, str) and take.startswith("c"):
                codes = parse_meld(take, self.where)[2]
                if tile_of(codes[0], self.where) == kind:
                    return nxt
        return None

    def _source(self, seat: int, letter: str, at: int) -> int:
        """Who the called tile came from, by where the letter stands (module doc of
        `engine.storage.records.tenhou6`): pon 0/1/2, daiminkan 0/1/3 = kamicha/toimen/shimocha."""
        places = {"p": (0, 1, 2), "m": (0, 1, 3)}[letter]
        if at not in places:
            raise Tenhou6Error(f"{self.where}: the call letter stands at {at}")
        giver = (seat + (3, 2, 1)[places.index(at)]) % 4
        if giver >= self.players:
            raise Tenhou6Error(f"{self.where}: seat {seat} calls from the empty seat")
        return giver

    def call(self, seat: int, discarder: int, code: Any) -> tuple[int, bool]:
        """The call line; (the caller, whether he draws next: after a daiminkan)."""
        letter, at, codes = parse_meld(self.takes[seat].popleft(), self.where)
        called = at if letter != "c" else 0
        own = codes[:called] + codes[called + 1 :]
        kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
        self.lines.append(
            {
                "type": kind,
                "actor": seat,
                "target": discarder,
                "pai": _name(code, self.where),
                "consumed": _sorted_names(own, self.where),
            }
        )
        if letter == "m":
            if self.discards[seat] and self.discards[seat][0] == 0:
                self.discards[seat].popleft()
            return seat, True
        return seat, False

    def kita(self, seat: int) -> int:
        """The kita line; the North a ron would take."""
        self.lines.append({"type": "kita", "actor": seat, "pai": "N"})
        return 44

    def own_kan(self, seat: int, text: str) -> int:
        """The ankan or kakan line; the tile a chankan would rob."""
        letter, at, codes = parse_meld(text, self.where)
        if letter == "a":
            self.lines.append(
                {"type": "ankan", "actor": seat, "consumed": _sorted_names(codes, self.where)}
            )
            return codes[at]
        if letter == "k":
            added = codes[at]
            rest = codes[:at] + codes[at + 1 :]
            self.lines.append(
                {
                    "type": "kakan",
                    "actor": seat,
                    "pai": _name(added, self.where),
                    "consumed": _sorted_names(rest, self.where),
                }
            )
            return added
        raise Tenhou6Error(f"{self.where}: {text!r} in the discards is not a kan")

    # -- the end ------------------------------------------------------------------
    def finish(self, last: Any) -> None:
        tag = self.result[0]
        if tag == WIN_TAG:
            parts = self.result[1:]
            if len(parts) < 2 or len(parts) % 2:
                raise Tenhou6Error(f"{self.where}: a win result is deltas and details in pairs")
            for deltas, detail in zip(parts[0::2], parts[1::2], strict=True):
                if not (isinstance(detail, list) and len(detail) >= 2):
                    raise Tenhou6Error(f"{self.where}: a win's details are [who, from, ...]")
                who, source = detail[0], detail[1]
                line: dict[str, Any] = {
                    "type": "hora",
                    "actor": who,
                    "target": source,
                    "pai": _name(last, self.where),
                    "deltas": self._deltas(deltas),
                }
                if who in self.riichi and self.ura:
                    line["ura_markers"] = [_name(c, self.where) for c in self.ura]
                elif who not in self.riichi:
                    line["ura_markers"] = []
                self.lines.append(line)
            return
        if tag not in DRAW_REASONS:
            raise Tenhou6Error(f"{self.where}: unknown result {str(tag)[:20]!r}")
        deltas = self._deltas(self.result[1]) if len(self.result) > 1 else [0, 0, 0, 0]
        line = {"type": "ryukyoku", "reason": DRAW_REASONS[tag], "deltas": deltas}
        if tag == "全員聴牌":
            line["tenpais"] = [seat < self.players for seat in range(4)]
        elif tag == "全員不聴":
            line["tenpais"] = [False] * 4
        elif tag == "流局" and any(deltas):
            line["tenpais"] = [d > 0 for d in deltas]
        self.lines.append(line)

    def _deltas(self, value: Any) -> list[int]:
        if isinstance(value, list) and len(value) == self.players == 3:
            value = [*value, 0]  # the empty North seat left out
        if not (isinstance(value, list) and len(value) == 4):
            raise Tenhou6Error(f"{self.where}: deltas must be four numbers")
        try:
            return [int(v) for v in value]
        except (TypeError, ValueError):
            raise Tenhou6Error(f"{self.where}: deltas must be four numbers") from None


__all__ = ["Tenhou6Error", "game_from_tenhou6", "parse_meld", "parse_tenhou6", "ruleset_of"]

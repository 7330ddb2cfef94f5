"""Tenhou's mjlog XML, read into plain values: the first step of replaying a real game.

A Tenhou record (`.mjlog`, plain or gzip) is one `<mjloggm>` element whose
children, in order, are the game header (`SHUFFLE`, `GO type=…`, `UN` player
names, `TAIKYOKU`), then per hand an `INIT` (round, honba, sticks, dice, the
first dora indicator, the points and the four 13-tile deals) followed by the
hand's moves: draws `T`/`U`/`V`/`W` and discards `D`/`E`/`F`/`G` (seats 0-3,
each with a tile id 0-135), calls `N who m` (the meld packed in `m`), `REACH
step=1|2`, `DORA hai`, `BYE`/`UN` for disconnections, and the end: one or more
`AGARI` (several for a double ron) or a `RYUUKYOKU`; the last end carries
`owari` with the final points and results.

This module only reads: `parse_mjlog` turns the bytes into `MjlogGame` (with an
XML parser hardened against entity attacks, `defusedxml`, so an `<?xml …?>`
declaration or a byte order mark in front is read like any XML document) and
checks what the format itself promises (four seats, tile ids in range, each
hand's deal 13 tiles (the fourth empty with three), every move after an INIT,
the meld code decodable). The
replay through the engine, under the rules the `GO type` flags name (RULESETS.md
§8.1), is the importer's job. Bad input is one `MjlogError` line naming the
element. A three-player record (GO type flag 0x10) leaves the fourth seat empty in
every element and sets Norths aside with `N` elements whose meld code has bit 0x20.

The format as documented publicly (tenhou.net's viewer, tsubakisakura/mjlog2json,
gimite/mjai's tenhou converter); nothing here is copied from them.
"""

from __future__ import annotations

import codecs
import gzip
import re
import zlib
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import unquote
from xml.etree.ElementTree import ParseError  # what defusedxml raises, typed

import defusedxml.ElementTree as safe_xml  # type: ignore[import-untyped]  # no stubs
from defusedxml import (
    DTDForbidden,
    EntitiesForbidden,
    ExternalReferenceForbidden,
)

from rules.tiles import Tile

# A hanchan is about 20 KiB; the cap is every record file's (engine.storage.record_file.MAX_BYTES).
MAX_RECORD_BYTES = 16 * 1024 * 1024
RED_IDS = frozenset({16, 52, 88})  # the first copy of 5m, 5p, 5s: red where the game has them

# GO type flags (RULESETS.md §8.1 "record flags")
GO_NO_RED = 0x02
GO_NO_KUITAN = 0x04
GO_HANCHAN = 0x08
GO_THREE_PLAYERS = 0x10

MeldKindName = Literal["chi", "pon", "kakan", "daiminkan", "ankan", "kita"]
GZIP_MAGIC = b"\x1f\x8b"
BOM = codecs.BOM_UTF8
_CHUNK = 64 * 1024
# expat's codes for a document that stops early: no element found, unclosed token,
# partial character.
_CUT_SHORT = frozenset({3, 5, 6})
NAME_CHARS = 256  # a Tenhou name is at most 8 characters, 72 when %-encoded
_MOVE = re.compile(r"([T-W]|[D-G])(\d+)$")


class MjlogError(ValueError):
    """A record that is not a readable four-player Tenhou mjlog; one line says why."""


@dataclass(frozen=True, slots=True)
class MjlogMeld:
    """A call, decoded from the `m` attribute of an `N` element."""

    seat: int  # who called
    kind: MeldKindName
    tiles: tuple[int, ...]  # tile ids of the meld (four for kans)
    called: int | None  # the tile id taken from another seat (the added one for kakan)
    from_seat: int | None  # absolute seat the called tile came from (None for ankan)


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Call:
    meld: MjlogMeld


@dataclass(frozen=True, slots=True)
class Riichi:
    seat: int
    step: int  # 1 declared (the discard follows), 2 accepted (the stick is down)
    scores: tuple[int, ...] | None  # with step 2: every seat's points after the stick


@dataclass(frozen=True, slots=True)
class NewDora:
    indicator: int  # tile id


@dataclass(frozen=True, slots=True)
class Disconnected:
    seat: int


@dataclass(frozen=True, slots=True)
class Reconnected:
    seat: int


Move = Draw | Discard | Call | Riichi | NewDora | Disconnected | Reconnected


@dataclass(frozen=True, slots=True)
class Win:
    """One `AGARI`: a double ron has two, in the record's order."""

    seat: int
    from_seat: int  # == seat for a tsumo
    hand: tuple[int, ...]  # concealed tile ids, the winning tile included
    win_tile: int
    fu: int
    points: int  # the hand's value as Tenhou states it (honba and sticks excluded)
    limit: int  # 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    yaku: tuple[tuple[int, int], ...]  # (Tenhou yaku number, han)
    yakuman: tuple[int, ...]  # Tenhou yaku numbers of yakuman
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    liable: int | None  # pao
    deltas: tuple[int, ...]  # points moved by this AGARI (sc, in points)
    scores_before: tuple[int, ...]
    # A chip lobby's record (§8.5): every seat's chips before and moved (the second half
    # of a 16-number `sc`), and the chip yaku of `chip` as (Tenhou yaku number, count).
    chips_before: tuple[int, ...] | None = None
    chips: tuple[int, ...] | None = None
    chip_items: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Ryuukyoku:
    """A `RYUUKYOKU`: exhaustive (no `type`) or abortive / nagashi (`type`)."""

    kind: str  # "" exhaustive; yao9 kaze4 reach4 ron3 kan4 nm (nagashi mangan)
    shown: tuple[tuple[int, ...] | None, ...]  # per seat: the hand shown (tenpai), else None
    deltas: tuple[int, ...]
    scores_before: tuple[int, ...]
    chips_before: tuple[int, ...] | None = None  # a chip lobby's record (§8.5)
    chips: tuple[int, ...] | None = None


HandEnd = Win | Ryuukyoku


@dataclass(frozen=True, slots=True)
class MjlogHand:
    round_index: int  # 0-3 East 1-4, 4-7 South, 8-11 West
    honba: int
    sticks: int
    dice: tuple[int, int] | None  # None: the record does not say (the break is unknown)
    dora_indicator: int  # tile id of the first indicator
    scores: tuple[int, ...]  # points at the start of the hand
    dealer: int
    deals: tuple[tuple[int, ...], ...]  # per seat, 13 tile ids in record order
    moves: tuple[Move, ...]
    ends: tuple[HandEnd, ...]  # one RYUUKYOKU, or one AGARI per winner

    @property
    def round_wind(self) -> int:
        return self.round_index // 4

    @property
    def hand_number(self) -> int:
        return self.round_index % 4

    @property
    def scores_after(self) -> tuple[int, ...]:
        """Every seat's points once the hand is settled (after its last end)."""
        last = self.ends[-1]
        return tuple(b + d for b, d in zip(last.scores_before, last.deltas, strict=True))

    @property
    def chips_moved(self) -> tuple[int, ...]:
        """Every seat's chips moved in the hand (zeros in a record without chips)."""
        return tuple(sum((e.chips or (0,) * 4)[i] for e in self.ends) for i in range(4))



@dataclass(frozen=True, slots=True)
class MjlogGame:
    go_type: int
    names: tuple[str, ...]
    shuffle_seed: str  # the SHUFFLE seed ("mt19937ar-sha512-n288-base64,…"), "" if absent
    hands: tuple[MjlogHand, ...]
    final_scores: tuple[int, ...]  # from `owari`, in points
    final_results: tuple[float, ...]  # from `owari`, as Tenhou rounded them

    @property
    def chips(self) -> bool:
        """Whether the record is a chip lobby's (each `sc` gives the seats' chips, §8.5)."""
        return any(end.chips is not None for hand in self.hands for end in hand.ends)

    @property
    def red_fives(self) -> bool:
        return not self.go_type & GO_NO_RED

    @property
    def kuitan(self) -> bool:
        return not self.go_type & GO_NO_KUITAN

    @property
    def hanchan(self) -> bool:
        return bool(self.go_type & GO_HANCHAN)

    def tile(self, tile_id: int) -> Tile:
        """The tile a record id stands for: kind id // 4, red for the first five of a suit."""
        return Tile(tile_id // 4, red=self.red_fives and tile_id in RED_IDS)


def read_record_bytes(data: bytes) -> bytes:
    """The record's XML bytes, gunzipped if needed, bounded in size and checked to be
    UTF-8 (in chunks, so the check costs no copy of the record)."""
    if data[:2] == GZIP_MAGIC:
        try:
            data = _bounded_gunzip(data)
        except (OSError, EOFError, zlib.error) as error:
            raise MjlogError(f"not a readable gzip file ({error})") from None
    if len(data) > MAX_RECORD_BYTES:
        raise MjlogError(f"record larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB")
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    try:
        for at in range(0, len(data), _CHUNK):
            decoder.decode(view[at : at + _CHUNK], final=at + _CHUNK >= len(data))
    except UnicodeDecodeError as error:
        raise MjlogError(f"not UTF-8 text at byte {at + error.start}") from None
    return data


def _bounded_gunzip(data: bytes) -> bytes:
    """Decompress at most MAX_RECORD_BYTES + 1 bytes (a zip bomb fails fast)."""
    out = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, MAX_RECORD_BYTES + 1)
    if len(out) > MAX_RECORD_BYTES:
        raise MjlogError(f"record larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB unpacked")
    return out


def xml_body(head: bytes) -> bytes:
    """The bytes after what may open an XML document before its first element: a UTF-8
    byte order mark, white space, an `<?xml ...?>` declaration, comments, a DOCTYPE
    (which the parser then refuses: an mjlog has none). Real mjlogs
    come with and without the declaration (Tenhou's own files, saved copies)."""
    body = head[3:] if head.startswith(BOM) else head
    while True:
        body = body.lstrip()
        if body.startswith(b"<?"):
            end = body.find(b"?>")
        elif body.startswith(b"<!--"):
            end = body.find(b"-->")
        elif body.startswith(b"<!DOCTYPE"):  # taken here so the parser can refuse it
            subset = body.find(b"[")
            close = body.find(b">")
            end = body.find(b"]>") if 0 <= subset < close else close - 1
        else:
            return body
        if end < 0:
            return b""
        body = body[end + 2 :].lstrip(b">")


def looks_like_mjlog(data: bytes) -> bool:
    """Whether the bytes (maybe gzipped) start like a Tenhou mjlog."""
    if data[:2] == GZIP_MAGIC:
        try:
            data = gzip.decompress(data[:4096]) if len(data) <= 4096 else _head_gunzip(data)
        except (OSError, EOFError, zlib.error):
            return False
    return xml_body(data[:4096]).startswith(b"<mjloggm")


def _head_gunzip(data: bytes) -> bytes:
    return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, 4096)


def parse_mjlog(data: bytes) -> MjlogGame:
    """The record in `data` (mjlog XML, plain or gzip), or `MjlogError` naming what is wrong.

    Read by an XML parser hardened against entity expansion and external references
    (`defusedxml`, which forbids both; a DTD is refused too: mjlogs have none), one
    element at a time: each element is handed to the reader and cleared at once, so
    memory stays a small multiple of the file whatever its shape."""
    data = read_record_bytes(data)
    if not xml_body(data[:4096]).startswith(b"<mjloggm"):
        raise MjlogError("not a Tenhou mjlog: it does not start with <mjloggm")
    reader = _Reader()
    parser = safe_xml.XMLParser(target=_Target(reader), forbid_dtd=True)
    try:
        # One feed: expat scans the text once (fed in small pieces, a long element is
        # scanned again with every piece, which takes seconds on a crafted record).
        parser.feed(data)
        parser.close()
    except ParseError as error:
        if getattr(error, "code", None) not in _CUT_SHORT:
            raise MjlogError(f"not well-formed XML ({one_line(str(error))})") from None
        # The text stops inside an element: what was read so far says what is missing
        # (no hands, no owari), as for a record cut between two elements.
    except (DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden):
        raise MjlogError("an XML DTD or entity: mjlogs have none, so it is refused") from None
    return reader.finish()


class _Target:
    """The parser's receiver: each element's start goes to the reader as it is read,
    and nothing else is kept (no tree), so memory does not grow with the record."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.depth = 0

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 1:
            if tag != "mjloggm":
                raise MjlogError(f"not a Tenhou mjlog: its root is <{tag[:40]}>")
        elif tag == "mjloggm":
            raise MjlogError("<mjloggm> inside <mjloggm>")
        else:
            self.reader.element(tag, attrib)

    def end(self, tag: str) -> None:
        self.depth -= 1

    def data(self, text: str) -> None:
        """Text between elements: an mjlog has none that matters."""

    def close(self) -> None:
        """Nothing to hand back: the reader holds what was read."""


def one_line(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def decode_meld(seat: int, code: int) -> MjlogMeld:
    """The meld packed in an `N` element's `m` (bits as Tenhou's viewer reads them).

    The low two bits are where the called tile came from, relative to the caller
    (0 self, 1 shimocha, 2 toimen, 3 kamicha). Bit 2 set: a chi; bit 3: a pon;
    bit 4: a kakan; bit 5: a nukidora (three players only); none: a kan (ankan
    when from self, else daiminkan).
    """
    relative = code & 3
    from_seat = (seat + relative) % 4
    if code & 0x4:  # chi
        packed = code >> 10
        called_index = packed % 3
        base = packed // 3
        first_kind = (base // 7) * 9 + base % 7
        offsets = ((code >> 3) & 3, (code >> 5) & 3, (code >> 7) & 3)
        tiles = tuple((first_kind + i) * 4 + offsets[i] for i in range(3))
        return MjlogMeld(seat, "chi", tiles, tiles[called_index], from_seat)
    if code & 0x18:  # pon or kakan
        packed = code >> 9
        called_index = packed % 3
        kind = packed // 3
        unused = (code >> 5) & 3
        copies = tuple(kind * 4 + i for i in range(4) if i != unused)
        if code & 0x8:
            return MjlogMeld(seat, "pon", copies, copies[called_index], from_seat)
        added = kind * 4 + unused
        return MjlogMeld(seat, "kakan", (*copies, added), added, from_seat)
    if code & 0x20:  # a North set aside (three players): its tile id in the high bits
        north = code >> 8
        if north // 4 != 30:
            raise MjlogError(f"<N>: a kita of tile id {north}, which is not a North")
        return MjlogMeld(seat, "kita", (north,), north, None)
    first = code >> 8
    kind = first // 4
    tiles = tuple(kind * 4 + i for i in range(4))
    if relative == 0:
        return MjlogMeld(seat, "ankan", tiles, None, None)
    return MjlogMeld(seat, "daiminkan", tiles, first, from_seat)


def _ints(value: str, what: str) -> tuple[int, ...]:
    if value == "":
        return ()
    try:
        return tuple(int(part) for part in value.split(","))
    except ValueError:
        raise MjlogError(f"{what}: {value[:40]!r} is not a list of numbers") from None


def _seed(value: str) -> tuple[tuple[int, ...], tuple[int, int] | None]:
    """INIT `seed`: round, honba, sticks, the two dice (each minus one), the first dora
    indicator. Records written by simulators leave the dice out (`0,0,0,,,114`): the
    dice only say where the wall was broken, so the hand reads without them."""
    parts = value.split(",")
    if len(parts) != 6:
        raise MjlogError(f"<INIT>: seed has {len(parts)} numbers, 6 expected")
    dice_parts = parts[3:5]
    if dice_parts == ["", ""]:
        parts[3:5] = ["0", "0"]
    seed = _ints(",".join(parts), "<INIT> seed")
    if dice_parts == ["", ""]:
        return seed, None
    if not all(0 <= die < 6 for die in seed[3:5]):
        raise MjlogError(f"<INIT>: dice {seed[3] + 1},{seed[4] + 1} are not 1-6")
    return seed, (seed[3] + 1, seed[4] + 1)  # the record stores each die minus one


def _tile_ids(value: str, what: str) -> tuple[int, ...]:
    ids = _ints(value, what)
    bad = [i for i in ids if not 0 <= i < 136]
    if bad:
        raise MjlogError(f"{what}: tile id {bad[0]} is out of range 0-135")
    return ids


def _seat(value: str | None, what: str) -> int:
    if value is None or not value.isdigit() or int(value) > 3:
        raise MjlogError(f"{what}: seat {value!r} is not 0-3")
    return int(value)


Sc = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None, tuple[int, ...] | None]


def _sc(values: dict[str, str], what: str) -> Sc:
    """`sc` = before,delta pairs per seat, in hundreds: (scores before, deltas) in points;
    a chip lobby's record (§8.5) adds before,delta pairs of each seat's chips."""
    raw = _ints(values.get("sc", ""), f"{what} sc")
    if len(raw) not in (8, 16):
        raise MjlogError(f"{what}: sc has {len(raw)} numbers, 8 (or 16 with chips) expected")
    before, deltas = tuple(v * 100 for v in raw[0:8:2]), tuple(v * 100 for v in raw[1:8:2])
    if len(raw) == 8:
        return before, deltas, None, None
    return before, deltas, raw[8::2], raw[9::2]


class _Reader:
    """Folds the elements, in order, into hands (the parse state, kept out of sight)."""

    def __init__(self) -> None:
        self.go_type: int | None = None
        self.names: tuple[str, ...] = ()
        self.shuffle = ""
        self.hands: list[MjlogHand] = []
        self.init: dict[str, Any] | None = None
        self.moves: list[Move] = []
        self.ends: list[HandEnd] = []
        self.owari: tuple[int, ...] | None = None
        self.results: tuple[float, ...] = ()

    def element(self, name: str, values: dict[str, str]) -> None:
        move = _MOVE.match(name)
        if move:
            self._need_hand(name)
            letter, tile = move.group(1), int(move.group(2))
            if not 0 <= tile < 136:
                raise MjlogError(f"<{name}>: tile id {tile} is out of range 0-135")
            if letter in "TUVW":
                self.moves.append(Draw("TUVW".index(letter), tile))
            else:
                self.moves.append(Discard("DEFG".index(letter), tile))
            return
        handler = getattr(self, f"_on_{name.lower()}", None)
        if handler is not None:
            handler(values)
        # Unknown elements (future additions) are skipped, as Tenhou's viewer does.

    def _need_hand(self, name: str) -> None:
        if self.init is None:
            raise MjlogError(f"<{name}> before the first <INIT>")
        if self.ends:
            raise MjlogError(f"<{name}> after the hand's end, before the next <INIT>")

    def _on_shuffle(self, values: dict[str, str]) -> None:
        self.shuffle = values.get("seed", "")

    def _on_go(self, values: dict[str, str]) -> None:
        try:
            self.go_type = int(values.get("type", ""))
        except ValueError:
            raise MjlogError(f"<GO>: type {values.get('type')!r} is not a number") from None

    @property
    def players(self) -> int:
        """Three with GO type flag 0x10 (the fourth seat empty in every element), else four."""
        return 3 if (self.go_type or 0) & GO_THREE_PLAYERS else 4

    def _on_un(self, values: dict[str, str]) -> None:
        if not self.names:  # the header: every player's name
            # Cut before decoding: a crafted name of megabytes of `%41` is still one name.
            self.names = tuple(
                unquote(values.get(f"n{i}", "")[:NAME_CHARS]) for i in range(4)
            )
            if not self.names[3] and self.players == 4:
                raise MjlogError("<UN>: a four-player game (GO type) without a fourth player")
        elif self.init is not None and not self.ends:  # a reconnection inside a hand
            for seat in range(4):
                if f"n{seat}" in values:
                    self.moves.append(Reconnected(seat))

    def _on_bye(self, values: dict[str, str]) -> None:
        if self.init is not None and not self.ends:
            self.moves.append(Disconnected(_seat(values.get("who"), "<BYE>")))

    def _on_init(self, values: dict[str, str]) -> None:
        self._close_hand()
        seed, dice = _seed(values.get("seed", ""))
        scores = _ints(values.get("ten", ""), "<INIT> ten")
        if len(scores) != 4:
            raise MjlogError("<INIT>: ten must give four scores (the fourth 0 with three)")
        deals = tuple(_tile_ids(values.get(f"hai{i}", ""), f"<INIT> hai{i}") for i in range(4))
        players = self.players
        if any(len(d) != 13 for d in deals[:players]) or any(deals[players:]):
            raise MjlogError(
                f"<INIT>: every deal must have 13 tiles ({players} players, the GO type says)"
            )
        if not 0 <= seed[0] < 16:
            raise MjlogError(f"<INIT>: round {seed[0]} is out of range")
        if not 0 <= seed[5] < 136:
            raise MjlogError(f"<INIT>: dora indicator {seed[5]} is out of range 0-135")
        self.init = {
            "round_index": seed[0],
            "honba": seed[1],
            "sticks": seed[2],
            "dice": dice,
            "dora_indicator": seed[5],
            "scores": tuple(v * 100 for v in scores),
            "dealer": _seat(values.get("oya"), "<INIT> oya"),
            "deals": deals,
        }

    def _on_n(self, values: dict[str, str]) -> None:
        self._need_hand("N")
        seat = _seat(values.get("who"), "<N>")
        try:
            code = int(values.get("m", ""))
        except ValueError:
            raise MjlogError(f"<N>: m {values.get('m')!r} is not a number") from None
        self.moves.append(Call(decode_meld(seat, code)))

    def _on_reach(self, values: dict[str, str]) -> None:
        self._need_hand("REACH")
        seat = _seat(values.get("who"), "<REACH>")
        step = values.get("step")
        if step not in ("1", "2"):
            raise MjlogError(f"<REACH>: step {step!r} is not 1 or 2")
        ten = values.get("ten")
        scores = tuple(v * 100 for v in _ints(ten, "<REACH> ten")) if ten else None
        self.moves.append(Riichi(seat, int(step), scores))

    def _on_dora(self, values: dict[str, str]) -> None:
        self._need_hand("DORA")
        [tile] = _tile_ids(values.get("hai", ""), "<DORA> hai") or (-1,)
        if tile < 0:
            raise MjlogError("<DORA>: no hai")
        self.moves.append(NewDora(tile))

    def _on_agari(self, values: dict[str, str]) -> None:
        if self.init is None:
            raise MjlogError("<AGARI> before the first <INIT>")
        seat = _seat(values.get("who"), "<AGARI> who")
        ten = _ints(values.get("ten", ""), "<AGARI> ten")
        if len(ten) != 3:
            raise MjlogError("<AGARI>: ten must be fu,points,limit")
        yaku_raw = _ints(values.get("yaku", ""), "<AGARI> yaku")
        before, deltas, chips_before, chips = _sc(values, "<AGARI>")
        chip_raw = _ints(values.get("chip", ""), "<AGARI> chip")
        if len(chip_raw) % 2:
            raise MjlogError("<AGARI>: chip must be yaku,count pairs")
        pao = values.get("paoWho")
        win_tiles = _tile_ids(values.get("machi", ""), "<AGARI> machi")
        if len(win_tiles) != 1:
            raise MjlogError("<AGARI>: machi must be one tile")
        self.ends.append(
            Win(
                seat=seat,
                from_seat=_seat(values.get("fromWho"), "<AGARI> fromWho"),
                hand=_tile_ids(values.get("hai", ""), "<AGARI> hai"),
                win_tile=win_tiles[0],
                fu=ten[0],
                points=ten[1],
                limit=ten[2],
                yaku=tuple(zip(yaku_raw[0::2], yaku_raw[1::2], strict=True)),
                yakuman=_ints(values.get("yakuman", ""), "<AGARI> yakuman"),
                dora_indicators=_tile_ids(values.get("doraHai", ""), "<AGARI> doraHai"),
                ura_indicators=_tile_ids(values.get("doraHaiUra", ""), "<AGARI> doraHaiUra"),
                liable=_seat(pao, "<AGARI> paoWho") if pao is not None else None,
                deltas=deltas,
                scores_before=before,
                chips_before=chips_before,
                chips=chips,
                chip_items=tuple(zip(chip_raw[0::2], chip_raw[1::2], strict=True)),
            )
        )
        self._owari(values)

    def _on_ryuukyoku(self, values: dict[str, str]) -> None:
        if self.init is None:
            raise MjlogError("<RYUUKYOKU> before the first <INIT>")
        before, deltas, chips_before, chips = _sc(values, "<RYUUKYOKU>")
        shown = tuple(
            _tile_ids(values[f"hai{i}"], f"<RYUUKYOKU> hai{i}") if f"hai{i}" in values else None
            for i in range(4)
        )
        self.ends.append(
            Ryuukyoku(values.get("type", ""), shown, deltas, before, chips_before, chips)
        )
        self._owari(values)

    def _owari(self, values: dict[str, str]) -> None:
        raw = values.get("owari")
        if raw is None:
            return
        try:
            parts = [float(v) for v in raw.split(",")]
        except ValueError:
            raise MjlogError(f"owari {raw[:40]!r} is not a list of numbers") from None
        if len(parts) not in (8, 16):
            raise MjlogError(f"owari has {len(parts)} numbers, 8 expected")
        # A chip lobby's owari adds each seat's chips and a 0 (16 numbers); the chips are checked
        # hand by hand from `sc`, so only the points and results are read here.
        self.owari = tuple(round(v * 100) for v in parts[0:8:2])
        self.results = tuple(parts[1:8:2])

    def _close_hand(self) -> None:
        if self.init is None:
            return
        if not self.ends:
            raise MjlogError(f"hand {len(self.hands) + 1} has no <AGARI> or <RYUUKYOKU>")
        self.hands.append(MjlogHand(**self.init, moves=tuple(self.moves), ends=tuple(self.ends)))
        self.init, self.moves, self.ends = None, [], []

    def finish(self) -> MjlogGame:
        if self.go_type is None:
            raise MjlogError("no <GO type=…> header: not a Tenhou game record")
        self._close_hand()
        if not self.hands:
            raise MjlogError("the record has no hands")
        if self.owari is None:
            raise MjlogError("the record ends before the game does (no owari): a cut record")
        return MjlogGame(
            go_type=self.go_type,
            names=self.names,
            shuffle_seed=self.shuffle,
            hands=tuple(self.hands),
            final_scores=self.owari,
            final_results=self.results,
        )


# RYUUKYOKU `type` → the contract's `end` (CONTRACT.md `replay --summary --json`)
DRAW_ENDS = {
    "": "exhaustive",
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "kan4": "four_kans",
    "ron3": "triple_ron",
    "nm": "nagashi_mangan",
}


def hand_label(round_index: int, honba: int) -> str:
    """`E1-0` style: round wind letter, hand number 1-4, honba (CONTRACT.md)."""
    return f"{'ESWN'[round_index // 4 % 4]}{round_index % 4 + 1}-{honba}"


def record_summary(game: MjlogGame) -> list[dict[str, Any]]:
    """What the record itself says happened, hand by hand, in the contract's summary
    form: the truth a replay through the engine must reproduce line for line."""
    rows: list[dict[str, Any]] = []
    for hand in game.hands:
        first = hand.ends[0]
        if isinstance(first, Win):
            end = "tsumo" if first.from_seat == first.seat else "ron"
            winners = [e.seat for e in hand.ends if isinstance(e, Win)]
        else:
            end, winners = DRAW_ENDS.get(first.kind, first.kind), []
        deltas = [sum(e.deltas[i] for e in hand.ends) for i in range(4)]
        rows.append(
            {
                "hand": hand_label(hand.round_index, hand.honba),
                "end": end,
                "winners": winners,
                "deltas": deltas,
                "scores": list(hand.scores_after),
            }
        )
        if game.chips:
            rows[-1]["chips"] = list(hand.chips_moved)
    rows.append({"final_scores": list(game.final_scores), "results": list(game.final_results)})
    if game.chips:
        rows[-1]["chips"] = [sum(h.chips_moved[i] for h in game.hands) for i in range(4)]
    return rows

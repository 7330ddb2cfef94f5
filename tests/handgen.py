"""A seeded generator of random *winning* hands, written as CONTRACT.md `score` requests.

Used by the differential test against the `mahjong` library and reusable by any test
that needs many realistic wins. It deliberately shares no code with `rules/` (it has
its own tiny mpsz writer and reader), so a bug in our tile handling cannot hide itself.

Every hand is complete by construction (four sets and a pair, seven pairs, thirteen
orphans or a nine-gates shape), at most four copies of any tile are used counting the
dora/ura indicators and a kakan robbed by chankan, and the situational flags are
consistent with how a real game reaches them:

- chi only from kamicha; ankan keeps the hand closed; quads get the 4th copy;
- riichi / double riichi only closed; ippatsu only with riichi and never with rinshan;
- haitei only on a tsumo that is not rinshan; houtei only on a ron that is not chankan;
- rinshan only on a tsumo with a quad among the melds;
- chankan only on a ron whose tile kind appears nowhere else in the hand (the other
  three copies are in the robbed kakan, so no indicator shows that kind either);
- tenhou / chiihou only on a closed tsumo without any meld, without riichi flags;
- one dora indicator plus one per quad (kan dora), and as many ura indicators for a
  riichi hand; the dealer is the seat wind East.

The mix is biased toward what scorers get wrong: value pairs, kanchan / penchan / tanki
waits, open pinfu shapes, ambiguous readings (111222333m, 2223m, 22234m, one-suit hands),
sanankou with a ron-completed triplet, kans, dora piled onto the hand so that 30 fu 4 han
and 60 fu 3 han come up often, and a share of yakuman shapes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

SUITS = "mpsz"
WIND_LETTERS = "ESWN"
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
YAOCHUU = (*TERMINALS, *HONORS)
SIMPLES = tuple(k for k in range(27) if k % 9 not in (0, 8))
GREEN = (19, 20, 21, 23, 25, HATSU)  # 2s 3s 4s 6s 8s 發
SOURCES = ("kamicha", "toimen", "shimocha")


# ---------------------------------------------------------------------------
# mpsz, independent of rules.tiles


def kind_to_mpsz(kind: int, red: bool = False) -> str:
    return f"{0 if red else kind % 9 + 1}{SUITS[kind // 9]}"


def format_kinds(tiles: Iterable[int | tuple[int, bool]], keep_order: bool = False) -> str:
    """mpsz for kinds (or (kind, red) pairs), sorted unless `keep_order`, one letter per run."""
    items = [(t, False) if isinstance(t, int) else t for t in tiles]
    if not keep_order:
        items.sort(key=lambda kr: (kr[0], not kr[1]))
    out: list[str] = []
    for i, (kind, red) in enumerate(items):
        out.append("0" if red else str(kind % 9 + 1))
        if i + 1 == len(items) or items[i + 1][0] // 9 != kind // 9:
            out.append(SUITS[kind // 9])
    return "".join(out)


def parse_mpsz(text: str) -> list[int]:
    """Kinds 0-33 from mpsz, in the order written (a red five `0` is a five)."""
    kinds: list[int] = []
    digits: list[int] = []
    for char in text:
        if char.isdigit():
            digits.append(int(char))
        else:
            suit = SUITS.index(char)
            kinds += [suit * 9 + (4 if d == 0 else d - 1) for d in digits]
            digits = []
    if digits:
        raise ValueError(f"digits without a suit in {text!r}")
    return kinds


def dora_of(indicator: int) -> int:
    """The kind an indicator points to (suits 9→1, winds E→S→W→N→E, dragons cycle)."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def indicator_of(dora: int) -> int:
    """The indicator kind that makes `dora` a dora."""
    return next(k for k in range(34) if dora_of(k) == dora)


# ---------------------------------------------------------------------------
# Hands under construction


@dataclass
class _Set:
    shape: str  # "seq" | "trip"
    kind: int  # lowest kind of a sequence, the kind of a triplet
    meld: str | None = None  # chi pon minkan ankan kakan, None = concealed
    source: str | None = None

    @property
    def is_quad(self) -> bool:
        return self.meld in ("minkan", "ankan", "kakan")

    def kinds(self) -> list[int]:
        if self.shape == "seq":
            return [self.kind, self.kind + 1, self.kind + 2]
        return [self.kind] * (4 if self.is_quad else 3)


class _Retry(Exception):
    """The random choices ran into the four-copies limit; start the hand again."""


@dataclass
class _Builder:
    """A hand being built: tile counts so far, sets, pair."""

    rng: random.Random
    seat: int
    round_wind: int
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    sets: list[_Set] = field(default_factory=list)
    pair: int = -1

    @property
    def value_honors(self) -> tuple[int, ...]:
        return (*DRAGONS, self.seat, self.round_wind)

    def take(self, kinds: Iterable[int]) -> None:
        kinds = list(kinds)
        for k in kinds:
            self.counts[k] += 1
        if any(self.counts[k] > 4 for k in kinds):
            raise _Retry

    def add_seq(self, start: int) -> None:
        if start >= 27 or start % 9 > 6:
            raise _Retry
        self.take([start, start + 1, start + 2])
        self.sets.append(_Set("seq", start))

    def add_trip(self, kind: int) -> None:
        self.take([kind] * 3)
        self.sets.append(_Set("trip", kind))

    def add_pair(self, kind: int) -> None:
        self.take([kind] * 2)
        self.pair = kind


def _seq_start(
    rng: random.Random,
    suits: tuple[int, ...] = (0, 1, 2),
    simple: bool = False,
    terminal: bool = False,
) -> int:
    suit = rng.choice(suits)
    if simple:
        return suit * 9 + rng.randint(1, 5)
    if terminal:
        return suit * 9 + rng.choice((0, 6))
    return suit * 9 + rng.randint(0, 6)


def _any_kind(rng: random.Random, suits: tuple[int, ...] = (0, 1, 2), honors: bool = True) -> int:
    pool = [k for k in range(27) if k // 9 in suits] + (list(HONORS) if honors else [])
    return rng.choice(pool)


def _fill(
    b: _Builder,
    sets: int,
    seq_weight: float,
    pick_seq: Callable[[], int],
    pick_trip: Callable[[], int],
) -> None:
    for _ in range(sets):
        if b.rng.random() < seq_weight:
            b.add_seq(pick_seq())
        else:
            b.add_trip(pick_trip())


# Each theme fills `b` with four sets and a pair (the melds are chosen afterwards).


def _theme_free(b: _Builder) -> None:
    r = b.rng
    _fill(b, 4, 0.65, lambda: _seq_start(r), lambda: _any_kind(r))
    b.add_pair(_any_kind(r))


def _theme_tanyao(b: _Builder) -> None:
    r = b.rng
    _fill(b, 4, 0.7, lambda: _seq_start(r, simple=True), lambda: r.choice(SIMPLES))
    b.add_pair(r.choice(SIMPLES))


def _theme_pinfu(b: _Builder) -> None:
    r = b.rng
    for _ in range(4):
        b.add_seq(_seq_start(r, simple=r.random() < 0.5))
    pair_pool = [k for k in range(34) if k not in b.value_honors]
    if r.random() < 0.15:  # a value pair: pinfu shape without pinfu, 2 fu
        pair_pool = list(b.value_honors)
    b.add_pair(r.choice(pair_pool))


def _theme_one_suit(b: _Builder) -> None:
    r = b.rng
    suit = r.randint(0, 2)
    honors = r.random() < 0.5
    in_suit = [suit * 9 + i for i in range(9)]
    trip_pool = in_suit + (list(HONORS) if honors else [])
    _fill(b, 4, 0.6, lambda: _seq_start(r, (suit,)), lambda: r.choice(trip_pool))
    b.add_pair(r.choice(trip_pool))


def _theme_yakuhai(b: _Builder) -> None:
    r = b.rng
    b.add_trip(r.choice(b.value_honors))
    if r.random() < 0.3:
        b.add_trip(r.choice(b.value_honors))
    while len(b.sets) < 4:
        if r.random() < 0.7:
            b.add_seq(_seq_start(r))
        else:
            b.add_trip(_any_kind(r))
    b.add_pair(r.choice(b.value_honors) if r.random() < 0.5 else _any_kind(r))


def _theme_value_pair(b: _Builder) -> None:
    """Sequences and a value pair: the 2 fu pair decides 30 vs 40 fu."""
    r = b.rng
    _fill(b, 4, 0.85, lambda: _seq_start(r), lambda: _any_kind(r))
    b.add_pair(r.choice(b.value_honors))


def _theme_toitoi(b: _Builder) -> None:
    r = b.rng
    pool = list(range(34))
    if r.random() < 0.5:
        pool = list(YAOCHUU)
    if r.random() < 0.25:  # sanshoku doukou
        n = r.randint(0, 8)
        for suit in range(3):
            b.add_trip(suit * 9 + n)
    while len(b.sets) < 4:
        b.add_trip(r.choice(pool))
    b.add_pair(r.choice(pool))


def _theme_sanankou(b: _Builder) -> None:
    r = b.rng
    for _ in range(3):
        b.add_trip(_any_kind(r, honors=r.random() < 0.5))
    b.add_seq(_seq_start(r))
    b.add_pair(_any_kind(r))


def _theme_chanta(b: _Builder) -> None:
    r = b.rng
    honors = r.random() < 0.6
    pool = list(YAOCHUU) if honors else list(TERMINALS)
    _fill(b, 4, 0.7, lambda: _seq_start(r, terminal=True), lambda: r.choice(pool))
    b.add_pair(r.choice(pool))


def _theme_ittsu_sanshoku(b: _Builder) -> None:
    r = b.rng
    if r.random() < 0.5:
        suit = r.randint(0, 2)
        for start in (0, 3, 6):
            b.add_seq(suit * 9 + start)
    else:
        n = r.randint(0, 6)
        for suit in range(3):
            b.add_seq(suit * 9 + n)
    if r.random() < 0.6:
        b.add_seq(_seq_start(r))
    else:
        b.add_trip(_any_kind(r))
    b.add_pair(_any_kind(r))


def _theme_ambiguous(b: _Builder) -> None:
    """Shapes with several readings and several roles for the winning tile."""
    r = b.rng
    suit = r.randint(0, 2)
    base = suit * 9
    shape = r.randint(0, 5)
    if shape == 0:  # 111222333: three triplets or three identical sequences
        n = r.randint(0, 6)
        for k in range(3):
            b.add_trip(base + n + k)
    elif shape == 1:  # 222 + 234 (2223 + 4, 2234 + 2, ...)
        n = r.randint(0, 6)
        b.add_trip(base + n)
        b.add_seq(base + n)
    elif shape == 2:  # 234 + 444 (2344 + 4, ...)
        n = r.randint(0, 6)
        b.add_seq(base + n)
        b.add_trip(base + n + 2)
    elif shape == 3:  # iipeikou 112233-type, sometimes with a third copy
        n = r.randint(0, 6)
        b.add_seq(base + n)
        b.add_seq(base + n)
        if r.random() < 0.3:
            b.add_seq(base + n)
    elif shape == 4:  # two overlapping sequences, 345 + 456 / 345 + 567
        n = r.randint(0, 5)
        b.add_seq(base + n)
        b.add_seq(base + n + r.choice((1, 2)) if n <= 4 else base + n + 1)
    else:  # nobetan-ish 2345 + pair on the ends
        n = r.randint(0, 6)
        b.add_seq(base + n)
    if b.pair < 0 and r.random() < 0.6:
        near = [base + i for i in range(9) if b.counts[base + i] <= 2]
        b.add_pair(r.choice(near))
    while len(b.sets) < 4:
        if r.random() < 0.6:
            b.add_seq(_seq_start(r, (suit,) if r.random() < 0.6 else (0, 1, 2)))
        else:
            b.add_trip(_any_kind(r))
    if b.pair < 0:
        b.add_pair(_any_kind(r))


def _theme_kans(b: _Builder) -> None:
    """Hands with one to four quads (kan dora, sankantsu, rinshan, suukantsu)."""
    r = b.rng
    quads = r.choice((1, 1, 2, 2, 3, 4))
    for _ in range(quads):
        b.add_trip(_any_kind(r))
    while len(b.sets) < 4:
        if r.random() < 0.7:
            b.add_seq(_seq_start(r))
        else:
            b.add_trip(_any_kind(r))
    b.add_pair(_any_kind(r))
    for s in b.sets[:quads]:
        s.meld = "kan"  # resolved to minkan / ankan / kakan in _choose_melds


def _theme_high_fu(b: _Builder) -> None:
    """Terminal/honor triplets and quads with a closed wait: 50-110 fu, 60 fu 3 han."""
    r = b.rng
    for _ in range(2):
        b.add_trip(r.choice(YAOCHUU))
    if r.random() < 0.6:
        b.sets[0].meld = "kan"
    b.add_seq(_seq_start(r, terminal=True))
    if r.random() < 0.5:
        b.add_seq(_seq_start(r))
    else:
        b.add_trip(_any_kind(r))
    b.add_pair(r.choice(b.value_honors) if r.random() < 0.4 else _any_kind(r))


def _theme_daisangen(b: _Builder) -> None:
    r = b.rng
    for d in DRAGONS:
        b.add_trip(d)
    if r.random() < 0.5:
        b.add_trip(_any_kind(r))
    else:
        b.add_seq(_seq_start(r))
    b.add_pair(_any_kind(r))


def _theme_shousangen(b: _Builder) -> None:
    r = b.rng
    dragons = list(DRAGONS)
    r.shuffle(dragons)
    b.add_trip(dragons[0])
    b.add_trip(dragons[1])
    b.add_pair(dragons[2])
    _fill(b, 2, 0.6, lambda: _seq_start(r), lambda: _any_kind(r))


def _theme_suushii(b: _Builder) -> None:
    r = b.rng
    winds = list(WINDS)
    r.shuffle(winds)
    for w in winds[:3]:
        b.add_trip(w)
    if r.random() < 0.5:
        b.add_trip(winds[3])  # daisuushii
        b.add_pair(_any_kind(r))
    else:
        b.add_pair(winds[3])  # shousuushii
        if r.random() < 0.5:
            b.add_trip(r.choice(DRAGONS))  # + tsuuiisou sometimes
        else:
            b.add_seq(_seq_start(r))


def _theme_tsuuiisou(b: _Builder) -> None:
    r = b.rng
    honors = list(HONORS)
    r.shuffle(honors)
    for k in honors[:4]:
        b.add_trip(k)
    b.add_pair(honors[4])


def _theme_suuankou(b: _Builder) -> None:
    r = b.rng
    for _ in range(4):
        b.add_trip(_any_kind(r))
    b.add_pair(_any_kind(r))


def _theme_chinroutou(b: _Builder) -> None:
    r = b.rng
    kinds = list(TERMINALS)
    r.shuffle(kinds)
    for k in kinds[:4]:
        b.add_trip(k)
    b.add_pair(kinds[4])


def _theme_ryuuiisou(b: _Builder) -> None:
    r = b.rng
    seqs = r.choice((0, 1, 1, 2))
    for _ in range(seqs):
        b.add_seq(19)  # 234s
    kinds = r.sample([k for k in GREEN if b.counts[k] <= 1], 5 - seqs)
    for k in kinds[: 4 - seqs]:
        b.add_trip(k)
    b.add_pair(kinds[-1])


SET_THEMES: dict[str, tuple[float, Callable[[_Builder], None]]] = {
    "free": (14, _theme_free),
    "tanyao": (8, _theme_tanyao),
    "pinfu": (9, _theme_pinfu),
    "one_suit": (9, _theme_one_suit),
    "yakuhai": (9, _theme_yakuhai),
    "value_pair": (5, _theme_value_pair),
    "toitoi": (5, _theme_toitoi),
    "sanankou": (6, _theme_sanankou),
    "chanta": (5, _theme_chanta),
    "ittsu_sanshoku": (4, _theme_ittsu_sanshoku),
    "ambiguous": (10, _theme_ambiguous),
    "kans": (6, _theme_kans),
    "high_fu": (5, _theme_high_fu),
    "shousangen": (2, _theme_shousangen),
    "daisangen": (1.5, _theme_daisangen),
    "suushii": (1.2, _theme_suushii),
    "tsuuiisou": (0.8, _theme_tsuuiisou),
    "suuankou": (1.5, _theme_suuankou),
    "chinroutou": (0.6, _theme_chinroutou),
    "ryuuiisou": (2, _theme_ryuuiisou),
}
# Themes whose point needs a closed hand (melds would destroy the shape's yaku).
CLOSED_THEMES = {"pinfu", "suuankou"}
# Themes that want calls more often than the rest (open pinfu shapes, honor pons, ...).
OPEN_THEMES = {
    "tanyao",
    "yakuhai",
    "toitoi",
    "chanta",
    "daisangen",
    "suushii",
    "tsuuiisou",
    "chinroutou",
    "ryuuiisou",
    "one_suit",
}


def _chiitoitsu(rng: random.Random) -> list[int]:
    style = rng.randint(0, 5)
    if style == 0:
        pool = list(SIMPLES)
    elif style == 1:
        suit = rng.randint(0, 2)
        pool = [suit * 9 + i for i in range(9)] + list(HONORS)
    elif style == 2:
        pool = list(YAOCHUU)  # honroutou
    elif style == 3:
        pool = list(HONORS)  # exactly the seven honors: tsuuiisou
    elif style == 4:  # ryanpeikou shapes that also read as seven pairs
        n = rng.randint(0, 6)
        m = rng.randint(0, 6)
        s1, s2 = rng.randint(0, 2), rng.randint(0, 2)
        kinds = {s1 * 9 + n + i for i in range(3)} | {s2 * 9 + m + i for i in range(3)}
        pool = sorted(kinds) if len(kinds) == 6 else list(range(34))
        if len(kinds) == 6:
            extra = rng.choice([k for k in range(34) if k not in kinds])
            return sorted([*pool, extra] * 2)
    else:
        pool = list(range(34))
    pairs = rng.sample(pool, 7)
    return sorted(pairs * 2)


def _kokushi(rng: random.Random) -> list[int]:
    return sorted([*YAOCHUU, rng.choice(YAOCHUU)])


def _chuuren(rng: random.Random) -> list[int]:
    suit = rng.randint(0, 2) * 9
    tiles = [suit] * 3 + [suit + i for i in range(1, 8)] + [suit + 8] * 3
    return sorted([*tiles, suit + rng.randint(0, 8)])


# ---------------------------------------------------------------------------
# Melds, winning tile, situation


def _choose_melds(b: _Builder, theme: str) -> None:
    r = b.rng
    roll = r.random()
    if theme in CLOSED_THEMES:
        p_open = 0.0
    elif theme in OPEN_THEMES:
        p_open = 0.0 if roll < 0.3 else 0.5
    else:
        p_open = 0.0 if roll < 0.45 else 0.35
    p_ankan = 0.12 if theme != "pinfu" else 0.0
    for s in b.sets:
        wanted_kan = s.meld == "kan"
        s.meld = None
        if s.shape == "seq":
            if r.random() < p_open:
                s.meld, s.source = "chi", "kamicha"
            continue
        can_quad = b.counts[s.kind] == 3
        if wanted_kan and can_quad:
            s.meld = r.choice(("ankan", "minkan", "kakan") if p_open else ("ankan",))
        elif r.random() < p_open:
            s.meld = "pon"
            if can_quad and r.random() < 0.3:
                s.meld = r.choice(("minkan", "kakan"))
        elif can_quad and r.random() < p_ankan:
            s.meld = "ankan"
        if s.meld and s.meld != "ankan":
            s.source = r.choice(SOURCES)
        if s.is_quad:
            b.counts[s.kind] += 1


@dataclass(frozen=True)
class GeneratedHand:
    """One generated win: the CONTRACT request and the generator's theme (for messages)."""

    theme: str
    request: dict[str, Any]


def _win_tile_from_sets(b: _Builder) -> int:
    r = b.rng
    concealed = [s for s in b.sets if s.meld is None]
    choices: list[tuple[float, list[int]]] = [(1.0, [b.pair])]
    for s in concealed:
        choices.append((1.0 if s.shape == "trip" else 1.6, s.kinds()))
    weights = [w for w, _ in choices]
    block = r.choices([c for _, c in choices], weights)[0]
    return r.choice(block)


def _situation(
    rng: random.Random,
    *,
    closed: bool,
    no_melds: bool,
    quads: int,
    counts: list[int],
    win: int,
) -> dict[str, Any]:
    flags: dict[str, Any] = {}
    tsumo = rng.random() < 0.5
    flags["tsumo"] = tsumo
    if no_melds and tsumo and rng.random() < 0.012:
        flags["tenhou_or_chiihou"] = True
        return flags
    if closed and rng.random() < 0.55:
        if rng.random() < 0.12:
            flags["double_riichi"] = True
            flags["riichi"] = rng.random() < 0.5  # both spellings are accepted
        else:
            flags["riichi"] = True
    rinshan = tsumo and quads > 0 and rng.random() < 0.3
    if rinshan:
        flags["rinshan"] = True
    riichi = flags.get("riichi") or flags.get("double_riichi")
    if riichi and not rinshan and rng.random() < 0.25:
        flags["ippatsu"] = True
    if tsumo and not rinshan and rng.random() < 0.07:
        flags["haitei"] = True
    if not tsumo:
        if counts[win] == 1 and rng.random() < 0.12:
            flags["chankan"] = True
        elif rng.random() < 0.07:
            flags["houtei"] = True
    return flags


def _pick_indicators(
    rng: random.Random, used: list[int], wanted: int, hand_kinds: list[int], bias: float
) -> list[int]:
    """`wanted` indicator kinds, physically available, often pointing into the hand."""
    out: list[int] = []
    for _ in range(wanted):
        for _attempt in range(50):
            if hand_kinds and rng.random() < bias:
                kind = indicator_of(rng.choice(hand_kinds))
            else:
                kind = rng.randrange(34)
            if used[kind] < 4:
                used[kind] += 1
                out.append(kind)
                break
        else:  # pragma: no cover - 136 tiles always leave room
            raise _Retry
    return out


def _with_red(rng: random.Random, kinds: list[int], red_left: set[int]) -> list[tuple[int, bool]]:
    """Now and then write a five as a red five (no preset uses them: it must score as a 5)."""
    out = []
    for k in kinds:
        red = k < 27 and k % 9 == 4 and k in red_left and rng.random() < 0.04
        if red:
            red_left.discard(k)
        out.append((k, red))
    return out


def generate_hand(rng: random.Random) -> GeneratedHand:
    """One random winning hand (retries internally until the tile limits are met)."""
    while True:
        try:
            return _generate(rng)
        except _Retry:
            continue


def _generate(rng: random.Random) -> GeneratedHand:
    seat = WINDS[rng.randrange(4)]
    round_wind = rng.choices(WINDS, (6, 6, 1, 1))[0]
    b = _Builder(rng, seat, round_wind)
    form = rng.choices(("sets", "chiitoitsu", "kokushi", "chuuren"), (88, 8, 2.5, 1.5))[0]
    melds: list[_Set] = []
    if form == "sets":
        names = list(SET_THEMES)
        theme = rng.choices(names, [SET_THEMES[n][0] for n in names])[0]
        SET_THEMES[theme][1](b)
        _choose_melds(b, theme)
        melds = [s for s in b.sets if s.meld]
        win = _win_tile_from_sets(b)
        hand14 = [k for s in b.sets if not s.meld for k in s.kinds()] + [b.pair] * 2
    else:
        theme = form
        hand14 = {
            "chiitoitsu": lambda: _chiitoitsu(rng),
            "kokushi": lambda: _kokushi(rng),
            "chuuren": lambda: _chuuren(rng),
        }[form]()
        b.counts = [0] * 34
        b.take(hand14)
        win = rng.choice(hand14)
    concealed = list(hand14)
    concealed.remove(win)
    counts = b.counts
    quads = sum(1 for s in melds if s.is_quad)
    closed = all(s.meld == "ankan" for s in melds)
    flags = _situation(rng, closed=closed, no_melds=not melds, quads=quads, counts=counts, win=win)

    # Physical tiles in use: the hand, plus the three copies in a robbed kakan.
    used = counts[:]
    if flags.get("chankan"):
        used[win] = 4
    all_kinds = [k for k in range(34) if counts[k]]
    bias = rng.choice((0.1, 0.3, 0.6))
    dora = _pick_indicators(rng, used, 1 + quads, all_kinds, bias)
    riichi = bool(flags.get("riichi") or flags.get("double_riichi"))
    ura = _pick_indicators(rng, used, 1 + quads, all_kinds, bias * 0.5) if riichi else []

    red_left = {4, 13, 22}
    meld_json = []
    for s in melds:
        tiles = _with_red(rng, s.kinds(), red_left)
        meld = {"type": s.meld, "tiles": format_kinds(tiles)}
        if s.source:
            meld["from"] = s.source
        meld_json.append(meld)
    rng.shuffle(meld_json)
    request: dict[str, Any] = {
        "concealed": format_kinds(_with_red(rng, concealed, red_left)),
        "win": format_kinds(_with_red(rng, [win], red_left)),
        "melds": meld_json,
        "tsumo": flags["tsumo"],
        "seat_wind": WIND_LETTERS[seat - 27],
        "round_wind": WIND_LETTERS[round_wind - 27],
        "dora_indicators": format_kinds(dora, keep_order=True),
        "ura_indicators": format_kinds(ura, keep_order=True),
        "honba": rng.choice((0, 0, 1, 2, 3)),
        "riichi_sticks": rng.choice((0, 0, 1, 2)),
    }
    for name in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei"):
        if flags.get(name):
            request[name] = True
    if flags.get("tenhou_or_chiihou"):
        request["tenhou" if seat == EAST else "chiihou"] = True
    if riichi:
        request["riichi_sticks"] = max(1, request["riichi_sticks"])
    return GeneratedHand(theme, request)


def generate_hands(seed: int, count: int) -> list[GeneratedHand]:
    """`count` winning hands from `random.Random(seed)`: the same seed, the same hands."""
    rng = random.Random(seed)
    return [generate_hand(rng) for _ in range(count)]

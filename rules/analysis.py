"""Hand analysis for a learner (`mahjong-tui analyse`, CONTRACT.md): for each discard,
where it leaves the hand and why one discard is best.

For a 14-tile hand (13 + the drawn tile, minus three per meld) every distinct kind
is a candidate discard; for a 13-tile hand the hand itself is analysed. For each
13-tile hand kept we give:

- its shanten, over every winning form the ruleset allows (standard; seven pairs
  unless the ruleset's `chiitoitsu` is "none"; thirteen orphans where its yaku
  table has `kokushi`);
- the accepted kinds (a draw that LOWERS that shanten) and how many copies of them
  are still unseen: the hand's own tiles (the discard included: it lies in the
  river), the melds, the visible tiles and the dora indicators are seen;
- the improving kinds: a draw that keeps the shanten but, after the best discard,
  leaves more accepted tiles than now (a wider hand, 改良);
- where the hand is tenpai, each wait's value from the project's scorer and the
  expected value per winning tile, under the assumptions in `ASSUMPTIONS`.

Discards are ranked by shanten, then accepted count (tile efficiency first, as
the tools learners know do), then furiten, expected value, improving count, and
finally kind order so the ranking is stable. Pure and synchronous: standard
library and `rules` only; bad input raises `AnalysisError` with one line a player
understands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .hand import Meld, MeldError, MeldKind, Source, Win
from .ruleset import Ruleset
from .scoring import ScoreResult, score
from .shanten import shanten, shanten_by_draw
from .tiles import (
    EAST,
    KIND_COUNT,
    SOUTH,
    Tile,
    TileNotationError,
    format_tiles,
    kind_to_str,
    parse_tiles,
    to_counts,
)
from .yaku import available_table

__all__ = [
    "ASSUMPTIONS",
    "Analysis",
    "AnalysisError",
    "KeptHand",
    "WaitValue",
    "analyse",
    "describe_melds",
    "format_kinds",
    "parse_meld",
    "shanten_state",
]

ASSUMPTIONS = (
    "wait values assume a non-dealer (South seat) in the East round winning by ron, with "
    "riichi when the hand is closed and the ruleset has riichi (tsumo values are in --json "
    "too); dora only from --dora; no ura dora, ippatsu, honba or riichi sticks; the winning "
    "tile not a red five"
)

_MELD_SOURCES = {MeldKind.CHI: Source.KAMICHA}  # anything else called: from toimen by default
_NO_DRAW = 99  # what `shanten_by_draw` gives for a kind the hand holds four of


class AnalysisError(ValueError):
    """Input that cannot be analysed; the message is one line saying what is wrong."""


@dataclass(frozen=True, slots=True)
class WaitValue:
    """One wait of a tenpai hand and what a win on it is worth (None: no yaku, no win)."""

    kind: int
    left: int
    ron: int | None
    tsumo: int | None
    han: int
    fu: int
    yaku: tuple[str, ...]
    limit: str | None


@dataclass(frozen=True, slots=True)
class KeptHand:
    """The 13 tiles (less three per meld) kept after `discard` (None: nothing discarded)."""

    discard: int | None
    shanten: int
    accepted: tuple[tuple[int, int], ...]  # (kind, copies unseen), kind order
    accepted_count: int
    improving: tuple[tuple[int, int], ...]
    improving_count: int
    waits: tuple[WaitValue, ...]  # tenpai only
    furiten: bool  # the discard is one of the hand's own waits: no ron
    expected_value: float | None  # tenpai only: average value per live winning tile

    def sort_key(self) -> tuple[int, int, bool, float, int, int]:
        return (
            self.shanten,
            -self.accepted_count,
            self.furiten,
            -(self.expected_value or 0.0),
            -self.improving_count,
            self.discard if self.discard is not None else -1,
        )


@dataclass(frozen=True, slots=True)
class Analysis:
    """The whole answer: `options` best first (one per kind for 14 tiles, one for 13)."""

    hand: str
    tiles: int
    melds: tuple[Meld, ...]
    ruleset_id: str
    shanten: int
    options: tuple[KeptHand, ...]
    reason: str

    @property
    def best(self) -> KeptHand:
        return self.options[0]

    @property
    def discarding(self) -> bool:
        """Whether the hand has a tile too many, so the options are discards."""
        return self.options[0].discard is not None


# --- input ----------------------------------------------------------------------------


def parse_meld(text: str) -> Meld:
    """`TYPE:TILES[:FROM]`, e.g. `pon:555z`, `chi:123m`, `ankan:9999p`, `minkan:2222s:shimocha`.

    FROM (kamicha, toimen, shimocha) only says who the tile came from, which no
    count here depends on; it defaults to kamicha for chi and toimen otherwise.
    """
    parts = text.strip().split(":")
    if len(parts) not in (2, 3) or not parts[0] or not parts[1]:
        raise AnalysisError(
            f"meld {text!r}: write TYPE:TILES, e.g. pon:555z, chi:123m or ankan:9999p"
        )
    try:
        kind = MeldKind(parts[0].lower())
    except ValueError:
        raise AnalysisError(
            f"meld {text!r}: {parts[0]!r} is not chi, pon, minkan, ankan or kakan"
        ) from None
    source: Source | None = None
    if kind is not MeldKind.ANKAN:
        if len(parts) == 3:
            try:
                source = Source(parts[2].lower())
            except ValueError:
                raise AnalysisError(
                    f"meld {text!r}: {parts[2]!r} is not kamicha, toimen or shimocha"
                ) from None
        else:
            source = _MELD_SOURCES.get(kind, Source.TOIMEN)
    elif len(parts) == 3:
        raise AnalysisError(f"meld {text!r}: an ankan is your own tiles and has no FROM")
    try:
        tiles = tuple(parse_tiles(parts[1]))
        return Meld(kind, tiles, source, None if source is None else tiles[0])
    except (TileNotationError, MeldError) as error:
        raise AnalysisError(f"meld {text!r}: {error}") from None


def _parse(label: str, text: str) -> list[Tile]:
    try:
        return parse_tiles(text)
    except TileNotationError as error:
        raise AnalysisError(f"{label}: {error}") from None


def _check_copies(
    hand: list[Tile], melds: Sequence[Meld], others: list[tuple[str, list[Tile]]]
) -> None:
    """No kind more than four times: first in the hand and melds, then with each flag's tiles."""
    own = to_counts([*hand, *(t for m in melds for t in m.tiles)])
    for kind in range(KIND_COUNT):
        if own[kind] > 4:
            where = "the hand and melds" if melds else "the hand"
            raise AnalysisError(
                f"{own[kind]} copies of {kind_to_str(kind)} in {where}: there are only four"
            )
    seen = own
    for label, tiles in others:
        extra = to_counts(tiles)
        for kind in range(KIND_COUNT):
            if seen[kind] + extra[kind] > 4:
                raise AnalysisError(
                    f"{label}: {kind_to_str(kind)} would be copy number "
                    f"{seen[kind] + extra[kind]} with the hand's {own[kind]}; there are only four"
                )
        seen = [a + b for a, b in zip(seen, extra, strict=True)]


# --- the analysis ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Context:
    """What every kept hand is judged against."""

    melds: tuple[Meld, ...]
    seen: tuple[int, ...]  # copies seen of each kind (hand, melds, visible, indicators)
    ruleset: Ruleset
    chiitoitsu: bool
    kokushi: bool
    dora_indicators: tuple[Tile, ...]
    unseen: tuple[int, ...]  # 4 - seen, never below 0
    memo: dict[bytes, tuple[int, int, list[int]]]  # `_acceptance` work, per analysis
    improving: bool  # whether to look for improving tiles at all

    def shanten(self, counts: Sequence[int]) -> int:
        return shanten(counts, len(self.melds), chiitoitsu=self.chiitoitsu, kokushi=self.kokushi)

    def by_draw(self, counts: Sequence[int]) -> list[int]:
        return shanten_by_draw(
            counts, len(self.melds), chiitoitsu=self.chiitoitsu, kokushi=self.kokushi
        )

    def left(self, kind: int, extra_seen: int = -1) -> int:
        """Copies of `kind` unseen (one more counted as seen if it is `extra_seen`)."""
        return max(0, self.unseen[kind] - (kind == extra_seen))


def analyse(
    hand: str,
    ruleset: Ruleset,
    *,
    melds: Sequence[str] = (),
    visible: str = "",
    dora: str = "",
    improving: bool = True,
) -> Analysis:
    """Analyse `hand` (mpsz, 13 or 14 tiles less three per meld) under `ruleset`.

    `melds` in `parse_meld` notation; `visible` other tiles already seen; `dora`
    the dora indicators (seen as well, and used for the waits' values).
    `improving=False` leaves the improving tiles out (empty): they cost most of the
    time (every draw that keeps the shanten, then every discard after it), and
    callers that rank by shanten and acceptance alone do not need them.
    """
    hand_tiles = _parse("HAND", hand)
    meld_list = tuple(parse_meld(text) for text in melds)
    if len(meld_list) > 4:
        raise AnalysisError(f"{len(meld_list)} melds: a hand has at most four")
    size = len(hand_tiles)
    full = 14 - 3 * len(meld_list)
    if size not in (full, full - 1):
        with_melds = f" with {len(meld_list)} meld{'s' * (len(meld_list) > 1)}" if melds else ""
        raise AnalysisError(
            f"HAND has {size} tiles: {full - 1} or {full} expected{with_melds}"
        )
    visible_tiles = _parse("--visible", visible)
    indicators = _parse("--dora", dora)
    _check_copies(hand_tiles, meld_list, [("--visible", visible_tiles), ("--dora", indicators)])
    removed = ruleset.removed_kinds
    if removed:
        given = [*hand_tiles, *(t for m in meld_list for t in m.tiles), *visible_tiles,
                 *indicators]
        out = sorted({t.kind for t in given if t.kind in removed})
        if out:
            raise AnalysisError(
                f"{kind_to_str(out[0])}: {ruleset.id} plays without {ruleset.removed_tiles}"
            )
    seen = to_counts([*hand_tiles, *(t for m in meld_list for t in m.tiles), *visible_tiles,
                      *indicators])
    table = available_table(ruleset)
    ctx = _Context(
        melds=meld_list,
        seen=tuple(seen),
        ruleset=ruleset,
        chiitoitsu=ruleset.seven_pairs,
        kokushi="kokushi" in table,
        dora_indicators=tuple(indicators),
        # a kind the set does not hold (three players: 2m-8m, RULESETS.md §9) never comes
        unseen=tuple(0 if k in removed else max(0, 4 - n) for k, n in enumerate(seen)),
        memo={},
        improving=improving,
    )
    counts = to_counts(hand_tiles)
    if size == full:
        options = sorted(
            (
                _kept(ctx, _without(hand_tiles, kind), kind)
                for kind in range(KIND_COUNT)
                if counts[kind]
            ),
            key=KeptHand.sort_key,
        )
    else:
        options = [_kept(ctx, hand_tiles, None)]
    now = ctx.shanten(counts)
    return Analysis(
        hand=hand.strip(),
        tiles=size,
        melds=meld_list,
        ruleset_id=ruleset.id,
        shanten=now,
        options=tuple(options),
        reason=_reason(now, options),
    )


def _without(tiles: list[Tile], kind: int) -> list[Tile]:
    """`tiles` less one of `kind`, an ordinary five rather than a red one (keep the dora)."""
    copies = [i for i, t in enumerate(tiles) if t.kind == kind]
    drop = next((i for i in copies if not tiles[i].red), copies[0])
    return tiles[:drop] + tiles[drop + 1 :]


def _acceptance(ctx: _Context, counts: Sequence[int], extra_seen: int = -1) -> tuple[int, int]:
    """(shanten, accepted count) of a kept hand, cheaply: what improvement compares.

    Memoised per analysis: the hands reached by drawing one kind and discarding
    another repeat across the discards of one hand.
    """
    key = bytes(counts)
    found = ctx.memo.get(key)
    if found is None:
        now = ctx.shanten(counts)
        after = ctx.by_draw(counts)
        unseen = ctx.unseen
        total = sum(unseen[k] for k in range(KIND_COUNT) if after[k] < now)
        found = ctx.memo[key] = (now, total, after)
    now, total, after = found
    if extra_seen >= 0 and after[extra_seen] < now and ctx.unseen[extra_seen]:
        total -= 1
    return now, total


def _kept(ctx: _Context, tiles: list[Tile], discard: int | None) -> KeptHand:
    counts = to_counts(tiles)
    now = ctx.shanten(counts)
    after = ctx.by_draw(counts)
    # A kind the set does not hold (three players: 2m-8m, RULESETS.md §9) is never
    # proposed: not as an accepted tile, a wait or an improving draw.
    drawable = [k for k in range(KIND_COUNT) if k not in ctx.ruleset.removed_kinds]
    accepted = tuple((k, ctx.left(k)) for k in drawable if after[k] < now)
    accepted_count = sum(left for _, left in accepted)
    improving = tuple(
        (k, ctx.left(k))
        for k in drawable
        if ctx.improving and after[k] == now and _widens(ctx, counts, k, now, accepted_count)
    )
    waits: tuple[WaitValue, ...] = ()
    furiten = False
    expected: float | None = None
    if now == 0:
        furiten = discard is not None and any(k == discard for k, _ in accepted)
        waits = tuple(_wait_value(ctx, tiles, k, left) for k, left in accepted)
        expected = _expected_value(waits, furiten)
    return KeptHand(
        discard=discard,
        shanten=now,
        accepted=accepted,
        accepted_count=accepted_count,
        improving=improving,
        improving_count=sum(left for _, left in improving),
        waits=waits,
        furiten=furiten,
        expected_value=expected,
    )


def _widens(ctx: _Context, counts: list[int], draw: int, now: int, accepted_count: int) -> bool:
    """Whether drawing `draw` (keeping the shanten) lets some discard leave more accepted
    tiles than `accepted_count` at the same shanten. The drawn tile then counts as seen."""
    drawn = list(counts)
    drawn[draw] += 1
    for kind in range(KIND_COUNT):
        if not drawn[kind] or kind == draw:
            continue
        drawn[kind] -= 1
        after_shanten, after_count = _acceptance(ctx, drawn, draw)
        drawn[kind] += 1
        if after_shanten == now and after_count > accepted_count:
            return True
    return False


def _wait_value(ctx: _Context, tiles: list[Tile], kind: int, left: int) -> WaitValue:
    """Score a win on `kind` by ron and by tsumo under `ASSUMPTIONS`."""
    closed = not any(m.opened for m in ctx.melds)
    riichi = closed and ctx.ruleset.riichi
    values: dict[bool, ScoreResult | None] = {}
    for by_tsumo in (False, True):
        win = Win(
            concealed=tuple(tiles),
            win_tile=Tile(kind),
            melds=ctx.melds,
            tsumo=by_tsumo,
            seat_wind=SOUTH,
            round_wind=EAST,
            riichi=riichi,
            dora_indicators=ctx.dora_indicators,
        )
        result = score(win, ctx.ruleset)
        values[by_tsumo] = result if isinstance(result, ScoreResult) else None
    ron, tsumo = values[False], values[True]
    shown = ron or tsumo
    return WaitValue(
        kind=kind,
        left=left,
        ron=ron.points.total if ron else None,
        tsumo=tsumo.points.total if tsumo else None,
        han=shown.han if shown else 0,
        fu=shown.fu if shown else 0,
        yaku=tuple(y.id for y in shown.yaku) if shown else (),
        limit=shown.limit if shown else None,
    )


def _expected_value(waits: Sequence[WaitValue], furiten: bool) -> float:
    """Points per winning tile, averaged over the live copies (ron; tsumo when furiten).

    A wait without a yaku wins nothing. With no copy left the plain average is
    given, so the hand's shape still has a value to show.
    """
    values = [(w.left, (w.tsumo if furiten else w.ron) or 0) for w in waits]
    live = sum(left for left, _ in values)
    if live:
        return sum(left * value for left, value in values) / live
    return sum(value for _, value in values) / len(values) if values else 0.0


# --- words ------------------------------------------------------------------------------


def shanten_state(value: int) -> str:
    """The shanten in words a beginner reads: 'tenpai', '2-shanten', 'complete'."""
    if value < 0:
        return "complete"
    if value == 0:
        return "tenpai"
    return f"{value}-shanten"


def _tiles_phrase(option: KeptHand) -> str:
    kinds = format_kinds(k for k, _ in option.accepted)
    noun = "waits" if option.shanten == 0 else "tiles that advance it"
    copies = "copy" if option.accepted_count == 1 else "copies"
    return f"{option.accepted_count} {copies} of {noun} ({kinds or 'none'})"


def format_kinds(kinds: Iterable[int]) -> str:
    """Kinds as separate mpsz tiles, e.g. '1m 4m 6s'."""
    return " ".join(kind_to_str(k) for k in kinds)


def _reason(now: int, options: Sequence[KeptHand]) -> str:
    """One or two sentences on why the first option is best."""
    best = options[0]
    if best.discard is None:
        return _reason_thirteen(best)
    name = kind_to_str(best.discard)
    lead = "The hand is already complete: declare tsumo if it has a yaku. Playing on, " if (
        now < 0
    ) else ""
    rivals = [o for o in options[1:] if o.shanten == best.shanten]
    state = shanten_state(best.shanten)
    if not rivals:
        worse = shanten_state(min(o.shanten for o in options[1:])) if options[1:] else ""
        text = (
            f"discard {name}: it is the only discard that keeps the hand {state}"
            + (f" (any other leaves it {worse})" if worse else "")
            + f", with {_tiles_phrase(best)}."
        )
    else:
        runner = rivals[0]
        other = kind_to_str(runner.discard)  # type: ignore[arg-type]
        if best.accepted_count > runner.accepted_count:
            margin = best.accepted_count - runner.accepted_count
            text = (
                f"discard {name}: of the discards that keep the hand {state}, it leaves the "
                f"most, {_tiles_phrase(best)}: {margin} more than discarding {other}."
            )
        else:
            text = f"discard {name}: it keeps the hand {state} with {_tiles_phrase(best)}; " + (
                _tie_break(best, runner, name, other)
            )
    if best.shanten == 0:
        text += " " + _tenpai_note(best)
    text = lead + text
    return text[0].upper() + text[1:]


def _tie_break(best: KeptHand, runner: KeptHand, name: str, other: str) -> str:
    if best.furiten != runner.furiten:
        return f"{other} leaves as many, but that hand would be furiten (no ron on its waits)."
    if (best.expected_value or 0) > (runner.expected_value or 0):
        return (
            f"{other} leaves as many, but {name}'s waits are worth more "
            f"({best.expected_value:,.0f} against {runner.expected_value:,.0f} on average)."
        )
    if best.improving_count > runner.improving_count:
        return (
            f"{other} leaves as many, but after {name} more draws would widen the hand "
            f"({best.improving_count} copies against {runner.improving_count})."
        )
    return f"{other} is exactly as good by these counts: either will do."


def _tenpai_note(option: KeptHand) -> str:
    if option.furiten:
        return (
            "It is furiten (the discard is one of its own waits), so it can only win by tsumo: "
            f"{option.expected_value:,.0f} points on average."
        )
    if not any(w.ron for w in option.waits):
        return "But no wait gives a yaku, so it cannot win as it stands."
    return f"A win by ron is worth {option.expected_value:,.0f} points on average."


def _reason_thirteen(option: KeptHand) -> str:
    if option.shanten == 0:
        return (
            f"The hand is tenpai with {_tiles_phrase(option)}. {_tenpai_note(option)}"
        )
    return (
        f"The hand is {shanten_state(option.shanten)}: {option.shanten} tile"
        f"{'s' * (option.shanten > 1)} from tenpai, with {_tiles_phrase(option)}."
    )


def describe_melds(melds: Sequence[Meld]) -> str:
    """Melds as `pon:555z` words, the notation they were given in."""
    return " ".join(f"{m.kind}:{format_tiles(m.tiles)}" for m in melds)

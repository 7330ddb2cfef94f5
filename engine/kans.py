"""Kans: which kans a turn allows, ankan/kakan, chankan windows, dora indicators.

Functions over the hand state and the ruleset; each returns its event and the
`Game` emits it and completes the kan. Sequence (RULESETS.md §5.6, 000 第29条):
the kan is shown → for a kakan (and, where `kokushi_ankan`, an ankan) the others
may rob the tile (chankan); if robbed the kan never happens and no kan dora
appears (000 第9条ロ) → the dead wall takes the last live tile (000 第5条) → the
kan dora is turned (`kan_dora_timing`) → the rinshan tile is drawn (000 第8条).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.hand import Meld, MeldKind
from rules.ruleset import Ruleset
from rules.scoring import ScoreResult, score
from rules.shanten import shanten_kokushi
from rules.tiles import NORTH, Tile
from rules.waits import waits as shape_waits

from .actions import Action, Ankan, Kakan
from .claims import PASS, RON, passed
from .events import DoraRevealed, KanDeclared, KitaDeclared
from .riichi import composition_unchanged, yaku_kept, yaku_unchanged
from .state import OTHERS_BY, Claim, ClaimSource, HandState, Round
from .wins import can_ron, win_input


def distinct_tiles(hand: list[Tile]) -> list[Tile]:
    """The different tiles of a hand, in kind order, a red five after the plain ones
    (one action per distinct tile). Keyed by a small int rather than by the tiles
    themselves: hashing a dataclass runs Python code, and this runs every turn."""
    seen = {tile.kind * 2 + tile.red: tile for tile in hand}
    return [seen[key] for key in sorted(seen)]


def reveal(h: HandState, kan: bool) -> DoraRevealed:
    """Turn the next dora indicator (the first at the deal, one more per kan)."""
    indicator = h.wall.indicator(h.indicators)
    h.indicators += 1
    h.dora_indicators += (indicator,)
    return DoraRevealed(indicator, kan)


def kan_actions(r: Ruleset, h: HandState, rnd: Round, seat: int) -> list[Action]:
    """The ankan and kakan the seat on turn may declare (the caller checks the wall)."""
    s = h.seats[seat]
    out: list[Action] = []
    if s.riichi:
        drawn = s.drawn
        assert drawn is not None
        if s.counts[drawn.kind] == 4 and riichi_ankan_ok(r, h, rnd, seat, drawn.kind):
            out.append(Ankan(seat, drawn.kind))
        return out
    if 4 in s.counts:
        out.extend(Ankan(seat, k) for k, n in enumerate(s.counts) if n == 4)
    for meld in s.melds:
        if meld.kind is MeldKind.PON and s.counts[meld.base_kind]:
            kind = meld.base_kind
            out.extend(Kakan(seat, t) for t in distinct_tiles(s.hand) if t.kind == kind)
    return out


def riichi_ankan_ok(r: Ruleset, h: HandState, rnd: Round, seat: int, kind: int) -> bool:
    """§5.6: only with the drawn tile, only if the hand's composition stays the same."""
    mode = r.riichi_ankan
    if mode == "none":
        return False
    s = h.seats[seat]
    drawn = s.drawn
    assert drawn is not None
    before = list(s.counts)
    before[kind] -= 1
    waits = shape_waits(before, len(s.melds), chiitoitsu=r.seven_pairs)
    if not composition_unchanged(before, kind, waits):
        return False
    if mode == "composition":
        return True
    # composition_no_yaku_loss (002 J:槓5) / _change (003 §11), §6 A24: compare the
    # yaku of every win before and after the kan.
    hand13 = list(s.hand)
    hand13.remove(drawn)
    after10 = [t for t in hand13 if t.kind != kind]
    quad = tuple(t for t in s.hand if t.kind == kind)
    melds_after = (*s.melds, Meld(MeldKind.ANKAN, quad))

    def yaku_of(
        concealed: list[Tile], melds: tuple[Meld, ...]
    ) -> Callable[[int, bool], set[str]]:
        def ids(t: int, tsumo: bool) -> set[str]:
            win = win_input(r, h, rnd, seat, concealed, Tile(t), melds, tsumo=tsumo)
            result = score(win, r)
            return {y.id for y in result.yaku} if isinstance(result, ScoreResult) else set()

        return ids

    same = yaku_unchanged if mode == "composition_no_yaku_change" else yaku_kept
    return same(waits, yaku_of(hand13, tuple(s.melds)), yaku_of(after10, melds_after))


def kita(h: HandState, seat: int) -> KitaDeclared:
    """Set a North of the seat's hand aside (抜きドラ, RULESETS.md §9)."""
    s = h.seats[seat]
    north = next(t for t in s.hand if t.kind == NORTH)
    s.remove(north)
    s.kita.append(north)
    s.drawn = None
    return KitaDeclared(seat, north)


def may_kita(r: Ruleset, h: HandState, seat: int) -> bool:
    """Kita on one's turn after a draw (never straight after a chi or pon), with a
    North in hand and a live tile left to move into the dead wall; in riichi only the
    North just drawn (the hand's shape stays the same)."""
    if not r.kita or h.turn_kind == "call" or h.wall.remaining <= 0:
        return False
    s = h.seats[seat]
    if not s.counts[NORTH]:
        return False
    if s.riichi:
        return s.drawn is not None and s.drawn.kind == NORTH
    return True


def ankan(h: HandState, seat: int, kind: int) -> KanDeclared:
    """Show a concealed quad of `kind` (`KanDeclared.meld`)."""
    s = h.seats[seat]
    quad = tuple(t for t in s.hand if t.kind == kind)
    for t in quad:
        s.remove(t)
    meld = Meld(MeldKind.ANKAN, quad)
    s.melds.append(meld)
    s.drawn = None
    return KanDeclared(seat, meld)


def kakan(h: HandState, seat: int, tile: Tile) -> KanDeclared:
    """Add `tile` to the seat's pon of its kind (`KanDeclared.meld`)."""
    s = h.seats[seat]
    s.remove(tile)
    index = next(
        i for i, m in enumerate(s.melds) if m.kind is MeldKind.PON and m.base_kind == tile.kind
    )
    pon = s.melds[index]
    meld = Meld(MeldKind.KAKAN, (*pon.tiles, tile), pon.source, pon.called)
    s.melds[index] = meld
    s.drawn = None
    return KanDeclared(seat, meld)


def open_kan_claims(
    r: Ruleset,
    h: HandState,
    rnd: Round,
    seat: int,
    tile: Tile,
    source: ClaimSource,
    meld: Meld | None,
) -> bool:
    """Chankan window on the kan tile; True if someone may rob it (the phase becomes
    CLAIM), False if the kan goes on (the seats it completes passed it)."""
    options: dict[int, list[Action]] = {}
    shape = []
    h.wins.clear()
    for o in OTHERS_BY[r.players][seat]:
        other = h.seats[o]
        if tile.kind not in other.wait_set:
            continue
        if source == "ankan" and shanten_kokushi(other.counts) != 0:
            continue  # only a kokushi wait can ever take an ankan tile, so only it passes
        shape.append(o)
        if can_ron(r, h, rnd, o, tile, robbing=source, houtei=False):
            options[o] = [RON[o], PASS[o]]
    h.claim = Claim(source, seat, tile, options, shape_seats=tuple(shape), meld=meld)
    if options:
        h.phase = "claim"
        return True
    for o in shape:
        passed(r, h.seats[o], tile.kind)  # a kakan tile passed is a passed win too (§5.8)
    h.claim = None
    return False

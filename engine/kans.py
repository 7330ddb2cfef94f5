"""Kans: which kans a turn allows, ankan/kakan/daiminkan completion, chankan windows.

Mixed into `engine.game.Game`. Sequence (RULESETS.md §5.6, 000 第29条): the kan
is shown → for a kakan (and, where `kokushi_ankan`, an ankan) the others may rob
the tile (chankan); if robbed the kan never happens and no kan dora appears
(000 第9条ロ) → the dead wall takes the last live tile (000 第5条) → the kan dora
is turned (`kan_dora_timing`) → the rinshan tile is drawn (000 第8条).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.hand import Meld, MeldKind
from rules.scoring import ScoreResult, score
from rules.shanten import shanten_kokushi
from rules.tiles import Tile
from rules.waits import waits as shape_waits

from .actions import Action, Ankan, Kakan
from .claims import PASS, RON
from .events import KanDeclared
from .riichi import composition_unchanged, yaku_kept
from .state import Claim


def distinct_tiles(hand: list[Tile]) -> list[Tile]:
    """The different tiles of a hand, in kind order, a red five after the plain ones
    (one action per distinct tile). Keyed by a small int rather than by the tiles
    themselves: hashing a dataclass runs Python code, and this runs every turn."""
    seen = {tile.kind * 2 + tile.red: tile for tile in hand}
    return [seen[key] for key in sorted(seen)]


class KanRules:
    """The kan part of `Game` (uses its state and its `_win`, `_can_ron`, `_draw`...)."""

    def _kan_actions(self, seat: int) -> list[Action]:
        s = self.hand.seats[seat]
        out: list[Action] = []
        if s.riichi:
            drawn = s.drawn
            assert drawn is not None
            if s.counts[drawn.kind] == 4 and self._riichi_ankan_ok(seat, drawn.kind):
                out.append(Ankan(seat, drawn.kind))
            return out
        if 4 in s.counts:
            out.extend(Ankan(seat, k) for k, n in enumerate(s.counts) if n == 4)
        for meld in s.melds:
            if meld.kind is MeldKind.PON and s.counts[meld.base_kind]:
                kind = meld.base_kind
                out.extend(Kakan(seat, t) for t in distinct_tiles(s.hand) if t.kind == kind)
        return out

    def _riichi_ankan_ok(self, seat: int, kind: int) -> bool:
        """§5.6: only with the drawn tile, only if the hand's composition stays the same."""
        mode = self.ruleset.riichi_ankan
        if mode == "none":
            return False
        s = self.hand.seats[seat]
        before = list(s.counts)
        before[kind] -= 1
        waits = shape_waits(before, len(s.melds), chiitoitsu=self.chiitoitsu)
        if not composition_unchanged(before, kind, waits):
            return False
        if mode == "composition":
            return True
        # composition_no_yaku_loss (002 J:槓5, §6 A24): compare the yaku of every win.
        hand13 = list(s.hand)
        hand13.remove(s.drawn)  # type: ignore[arg-type]
        after10 = [t for t in hand13 if t.kind != kind]
        quad = tuple(t for t in s.hand if t.kind == kind)
        melds_after = (*s.melds, Meld(MeldKind.ANKAN, quad))

        def yaku_of(concealed: list[Tile], melds: tuple[Meld, ...]) -> Callable:
            def ids(t: int, tsumo: bool) -> set[str]:
                win = self._win(seat, concealed, Tile(t), melds, tsumo=tsumo)
                result = score(win, self.ruleset)
                return {y.id for y in result.yaku} if isinstance(result, ScoreResult) else set()

            return ids

        return yaku_kept(
            waits, yaku_of(hand13, tuple(s.melds)), yaku_of(after10, melds_after)
        )

    def _ankan(self, seat: int, kind: int) -> None:
        h = self.hand
        s = h.seats[seat]
        quad = tuple(t for t in s.hand if t.kind == kind)
        for t in quad:
            s.remove(t)
        meld = Meld(MeldKind.ANKAN, quad)
        s.melds.append(meld)
        s.drawn = None
        self._emit(KanDeclared(seat, meld))
        # Kokushi may rob an ankan only where the ruleset says so (000 第33条ロ②, §2).
        if self.ruleset.kokushi_ankan and self._open_kan_claims(seat, quad[0], "ankan", meld):
            return
        self._complete_kan(seat)

    def _kakan(self, seat: int, tile: Tile) -> None:
        h = self.hand
        s = h.seats[seat]
        s.remove(tile)
        index = next(
            i for i, m in enumerate(s.melds) if m.kind is MeldKind.PON and m.base_kind == tile.kind
        )
        pon = s.melds[index]
        meld = Meld(MeldKind.KAKAN, (*pon.tiles, tile), pon.source, pon.called)
        s.melds[index] = meld
        s.drawn = None
        self._emit(KanDeclared(seat, meld))
        if self._open_kan_claims(seat, tile, "kakan", meld):
            return
        self._complete_kan(seat)

    def _open_kan_claims(self, seat: int, tile: Tile, source: str, meld: Meld) -> bool:
        """Chankan window on the kan tile; True if someone may rob it."""
        h = self.hand
        options: dict[int, list[Action]] = {}
        shape = []
        self.hand.wins.clear()
        for k in (1, 2, 3):
            o = (seat + k) % 4
            other = h.seats[o]
            if tile.kind not in other.wait_set:
                continue
            if source == "ankan" and shanten_kokushi(other.counts) != 0:
                continue  # only a kokushi wait can ever take an ankan tile, so only it passes
            shape.append(o)
            if self._can_ron(o, tile, robbing=source, houtei=False):
                options[o] = [RON[o], PASS[o]]
        h.claim = Claim(source, seat, tile, options, shape_seats=tuple(shape), meld=meld)
        if options:
            h.phase = "claim"
            return True
        for o in shape:
            self._passed(o, tile.kind)  # a kakan tile passed is a passed win too (§5.8)
        h.claim = None
        return False

    def _complete_kan(self, seat: int) -> None:
        """The kan stands: dead wall takes a live tile, kan dora, rinshan draw (§5.6)."""
        r = self.ruleset
        h = self.hand
        h.wall.add_kan()
        self._interrupt()
        if r.dora and r.kan_dora and r.kan_dora_timing == "immediate":
            self._reveal(kan=True)  # 000 第9条ロ: before the rinshan draw
        self._update_waits(seat)
        self._draw(seat, rinshan=True)

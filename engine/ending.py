"""The end of a hand and of the game: wins, exhaustive draws, renchan, honba, results.

Mixed into `engine.game.Game`. A win is scored by the scorer and paid through
`engine.settlement` (pao included); an exhaustive draw collects tenpai
declarations in the order of 000 第17条 and pays noten payments; then renchan
and honba follow `renchan` / `honba_counter` (§5.11) and the game ends after the
last round or at the time limit (§5.12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.hand import Meld, MeldKind
from rules.request import result_to_dict
from rules.ruleset import PAO_CLASSIC
from rules.scoring import ScoreResult, score
from rules.tiles import Tile

from .events import (
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    Pay,
    TenpaiDeclared,
    Won,
)
from .results import final_results
from .settlement import net_deltas, noten_payments, win_payments
from .wins import ura_indicators

if TYPE_CHECKING:
    from .game import Game


def tile_key(tile: Tile) -> tuple[int, bool]:
    """Sort key of a tile: by kind, a red five after the plain ones (cheaper than
    the dataclass ordering on hot paths)."""
    return (tile.kind, tile.red)


class HandEnding:
    """The end-of-hand part of `Game` (uses its state and `_win`, `_tsumo_result`...)."""

    def _finish_win(
        self, winners: list[int], discarder: int | None, tile: Tile, *, chankan: bool
    ) -> None:
        r = self.ruleset
        h = self.hand
        claim = h.claim
        if chankan and claim is not None and claim.meld is not None:
            self._unmake_robbed_kan(claim.seat, claim.meld)
        deltas = [0] * 4
        for n, w in enumerate(winners):
            s = h.seats[w]
            result = h.wins[w] if discarder is not None else self._tsumo_result(w)
            assert result is not None
            concealed = list(s.hand)
            if discarder is None:
                concealed.remove(tile)
            liable, liable_for = s.pao if s.pao else (None, None)
            if liable == w:
                liable = None
            payments = win_payments(
                result,
                winner=w,
                dealer=self.dealer,
                discarder=discarder,
                honba=self.honba,
                riichi_sticks=self.sticks if n == 0 else 0,
                ruleset=r,
                liable=liable,
                liable_yakuman=liable_for if liable_for != PAO_CLASSIC else None,
            )
            for seat, d in enumerate(net_deltas(payments)):
                deltas[seat] += d
            ura = ura_indicators(r, h, s.riichi)
            self._emit(
                Won(
                    w,
                    discarder,
                    tile,
                    tuple(concealed),
                    tuple(s.melds),
                    ura,
                    result_to_dict(result),
                    tuple(Pay(p.payer, p.payee, p.amount, p.reason) for p in payments),
                    liable,
                )
            )
        self.sticks = 0
        self._end_hand("win", deltas, renchan=self.dealer in winners)

    def _unmake_robbed_kan(self: Game, seat: int, meld: Meld) -> None:
        """A robbed kan never happens (000 第9条ロ): the kakan'd meld is a pon again and an
        ankan's tiles go back to the hand. The robbed tile stays with the kan maker, as a
        ronned discard stays in its river: the win is told by the `Won` event, and every
        tile stays in exactly one place."""
        s = self.hand.seats[seat]
        i = s.melds.index(meld)
        if meld.kind is MeldKind.KAKAN:
            # `_kakan` appended the added tile to the pon's three.
            s.melds[i] = Meld(MeldKind.PON, meld.tiles[:3], meld.source, meld.called)
            s.add(meld.tiles[3])
        else:
            del s.melds[i]
            for t in meld.tiles:
                s.add(t)

    def _tenpai(self, seat: int) -> bool:
        """Tenpai at an exhaustive draw (000 第17条): shape, own-waits exception, and
        a yaku where formal tenpai does not count."""
        s = self.hand.seats[seat]
        if not s.waits or not self._formal_tenpai(s, s.waits):
            return False
        if self.ruleset.formal_tenpai:
            return True
        for t in s.waits:
            win = self._win(seat, list(s.hand), Tile(t), tuple(s.melds), tsumo=False)
            if isinstance(score(win, self.ruleset), ScoreResult):
                return True
        return False

    def _exhaustive_draw(self) -> None:
        h = self.hand
        dealer = self.dealer
        order = [(dealer + k) % 4 for k in range(4)]
        riichi = [s for s in order if h.seats[s].riichi]
        h.declare_queue = riichi + [s for s in order if s not in riichi]
        h.declared = {}
        h.phase = "declare"
        self._advance_declarations()

    def _advance_declarations(self) -> None:
        """Declare automatically where there is no choice; stop at the next real choice."""
        h = self.hand
        optional = self.ruleset.tenpai_declaration == "optional"
        while h.declare_queue:
            seat = h.declare_queue[0]
            tenpai = self._tenpai(seat)
            if tenpai and optional and not h.seats[seat].riichi:
                return  # a tenpai non-riichi player may stay silent (000 第17条イ, A40)
            self._declare(seat, tenpai)
        self._settle_draw()

    def _declare(self, seat: int, show: bool) -> None:
        h = self.hand
        h.declare_queue.remove(seat)
        h.declared[seat] = show
        hand = tuple(sorted(h.seats[seat].hand, key=tile_key)) if show else ()
        self._emit(TenpaiDeclared(seat, show, hand))

    def _settle_draw(self) -> None:
        h = self.hand
        if h.phase != "declare":
            return
        h.phase = "over"
        tenpai = [h.declared.get(s, False) for s in range(4)]
        payments = noten_payments(tenpai, self.ruleset)
        self._emit(
            ExhaustiveDraw(
                tuple(tenpai), tuple(Pay(p.payer, p.payee, p.amount, p.reason) for p in payments)
            )
        )
        renchan = self.ruleset.renchan == "win_or_tenpai" and tenpai[self.dealer]
        self._end_hand("draw", net_deltas(payments), renchan=renchan)

    def _end_hand(self, reason: str, deltas: list[int], *, renchan: bool) -> None:
        r = self.ruleset
        self.hand.phase = "over"
        for seat, d in enumerate(deltas):
            self.scores[seat] += d
        # 000 第18条: +1 after a dealer repeat or any exhaustive draw; 0 after a non-dealer win.
        if r.honba_counter == "standard":
            self.honba = self.honba + 1 if renchan or reason == "draw" else 0
        else:
            self.honba = 0
        time_up = False
        if r.time_limit_minutes:
            time_up = self._clock() - self._clock_start >= r.time_limit_minutes * 60
        last_round = 1 if r.game_length == "hanchan" else 3
        last_hand = self.round_wind == last_round and self.hand_number == 3
        over = time_up or (last_hand and not renchan)
        self.hands_played += 1
        self._emit(
            HandEnded(
                reason, tuple(deltas), tuple(self.scores), renchan, self.honba, self.sticks, time_up
            )
        )
        if over:
            self._end_game()
            return
        if not renchan:
            self.hand_number += 1
            if self.hand_number == 4:
                self.hand_number = 0
                self.round_wind += 1
        self._start_hand()

    def _end_game(self) -> None:
        self.is_over = True
        # Unclaimed sticks stay on the table and are not anyone's points (000 第32条ホ).
        self.results = final_results(self.scores, self.ruleset)
        self._emit(
            GameEnded(
                tuple(self.scores),
                self.sticks,
                tuple(
                    {"seat": x.seat, "points": x.points, "rank": x.rank, "uma": x.uma,
                     "result": x.result}
                    for x in self.results
                ),
            )
        )

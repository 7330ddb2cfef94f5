"""The end of a hand and of the game: wins, exhaustive draws, renchan, honba, results.

Functions over the hand state and the ruleset that return events and deltas;
the `Game` applies the deltas to its scores and emits the events. A win is
scored by the scorer and paid through `engine.settlement` (pao included); an
exhaustive draw collects tenpai declarations in the order of 000 第17条 and pays
noten payments; then renchan and honba follow `renchan` / `honba_counter`
(§5.11) and the game ends after the last round or at the time limit (§5.12).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.hand import Meld, MeldKind
from rules.request import result_to_dict
from rules.ruleset import PAO_CLASSIC, Ruleset
from rules.scoring import ScoreResult, score
from rules.tiles import Tile, tile_key

from .aborts import nagashi_payments, nagashi_seats
from .chips import chip_deltas, chip_items
from .events import ExhaustiveDraw, GameEnded, Pay, TenpaiDeclared, Won
from .results import FinalResult
from .settlement import Payment, net_deltas, noten_payments, win_payments
from .state import HandState, Round, SeatState
from .turns import formal_tenpai
from .win_facts import facts_of
from .wins import scored_tsumo, win_input

HandEnd = Literal["win", "draw"]  # `HandEnded.reason`



def _pays(payments: Sequence[Payment]) -> tuple[Pay, ...]:
    """Settlement payments as the events record them."""
    return tuple(Pay(p.payer, p.payee, p.amount, p.reason) for p in payments)


def unmake_robbed_kan(s: SeatState, meld: Meld) -> None:
    """A robbed kan never happens (000 第9条ロ): the kakan'd meld is a pon again and an
    ankan's tiles go back to the hand. The robbed tile stays with the kan maker, as a
    ronned discard stays in its river: the win is told by the `Won` event, and every
    tile stays in exactly one place."""
    i = s.melds.index(meld)
    if meld.kind is MeldKind.KAKAN:
        # The kakan appended the added tile to the pon's three.
        s.melds[i] = Meld(MeldKind.PON, meld.tiles[:3], meld.source, meld.called)
        s.add(meld.tiles[3])
    else:
        del s.melds[i]
        for t in meld.tiles:
            s.add(t)


def settle_wins(
    r: Ruleset,
    h: HandState,
    rnd: Round,
    winners: Sequence[int],
    discarder: int | None,
    tile: Tile,
) -> tuple[list[Won], list[int]]:
    """The `Won` event of each winner (in turn order) and the net score deltas of all.

    Only the first winner (nearest the discarder) takes the honba and the sticks on the
    table (head bump order; double and triple ron, RULESETS.md §8.1)."""
    deltas = [0] * 4
    events: list[Won] = []
    for n, w in enumerate(winners):
        s = h.seats[w]
        scored = h.wins[w] if discarder is not None else scored_tsumo(r, h, rnd, w)
        assert scored is not None
        win, result = scored
        concealed = list(s.hand)
        if discarder is None:
            concealed.remove(tile)
        liable, liable_for = s.pao if s.pao else (None, None)
        if liable == w:
            liable = None
        payments = win_payments(
            result,
            winner=w,
            dealer=rnd.dealer,
            discarder=discarder,
            honba=rnd.honba if n == 0 else 0,
            riichi_sticks=rnd.sticks if n == 0 else 0,
            ruleset=r,
            liable=liable,
            liable_yakuman=liable_for if liable_for != PAO_CLASSIC else None,
        )
        for seat, d in enumerate(net_deltas(payments)):
            deltas[seat] += d
        items = chip_items(r, result, [*concealed, tile], s.melds, win.ura_indicators)
        events.append(
            Won(
                w,
                discarder,
                tile,
                tuple(concealed),
                tuple(s.melds),
                win.ura_indicators,
                result_to_dict(result),
                _pays(payments),
                liable,
                # The situation and answer the engine scored the win with: what it
                # paid is what the result says (`engine.win_facts`).
                facts=facts_of(win),
                score=result,
                chip_items=items,
                chips=chip_deltas(r, items, w, discarder),
            )
        )
    return events, deltas


def tenpai(r: Ruleset, h: HandState, rnd: Round, seat: int) -> bool:
    """Tenpai at an exhaustive draw (000 第17条): shape, own-waits exception, and
    a yaku where formal tenpai does not count."""
    s = h.seats[seat]
    if not s.waits or not formal_tenpai(r, s, s.waits):
        return False
    if r.formal_tenpai:
        return True
    for t in s.waits:
        win = win_input(r, h, rnd, seat, list(s.hand), Tile(t), tuple(s.melds), tsumo=False)
        if isinstance(score(win, r), ScoreResult):
            return True
    return False


def declaration_order(h: HandState, dealer: int, players: int = 4) -> list[int]:
    """Who declares at an exhaustive draw, in order: riichi players first, then the
    others, each group from the dealer on (000 第17条)."""
    order = [(dealer + k) % players for k in range(players)]
    riichi = [s for s in order if h.seats[s].riichi]
    return riichi + [s for s in order if s not in riichi]


def must_declare(r: Ruleset, h: HandState, rnd: Round, seat: int) -> bool | None:
    """The declaration `seat` has to make, or None when it may choose: a tenpai
    non-riichi player may stay silent where declaring is optional (000 第17条イ, A40)."""
    shown = tenpai(r, h, rnd, seat)
    if shown and r.tenpai_declaration == "optional" and not h.seats[seat].riichi:
        return None
    return shown


def declare(h: HandState, seat: int, show: bool) -> TenpaiDeclared:
    """Record one declaration; a shown hand is revealed in tile order."""
    h.declare_queue.remove(seat)
    h.declared[seat] = show
    hand = tuple(sorted(h.seats[seat].hand, key=tile_key)) if show else ()
    return TenpaiDeclared(seat, show, hand)


def settle_draw(r: Ruleset, h: HandState, dealer: int) -> tuple[ExhaustiveDraw, list[int], bool]:
    """The exhaustive draw's event, net deltas (noten payments, or the nagashi mangan
    that replace them) and whether the dealer repeats (tenpai, nagashi or not)."""
    tenpai_shown = [h.declared.get(s, False) for s in range(4)]
    nagashi = nagashi_seats(r, h)
    if nagashi:
        payments = nagashi_payments(r, nagashi, dealer)
        event = ExhaustiveDraw(
            tuple(tenpai_shown), _pays(payments), "nagashi_mangan", nagashi=tuple(nagashi)
        )
    else:
        payments = noten_payments(tenpai_shown, r)
        event = ExhaustiveDraw(tuple(tenpai_shown), _pays(payments))
    renchan = r.renchan == "win_or_tenpai" and tenpai_shown[dealer]
    return event, net_deltas(payments), renchan


@dataclass(frozen=True, slots=True)
class NextHand:
    """Where the game goes after a hand: the new counters, or the end."""

    honba: int
    round_wind: int
    dealer: int  # the hand number within the round
    over: bool


# The last round of each game length (0 East .. 3 North).
LAST_ROUND = {"tonpuu": 0, "hanchan": 1, "isshou": 3}


def last_round(r: Ruleset) -> int:
    return LAST_ROUND[r.game_length]


def extension_target(r: Ruleset) -> int:
    """The points that end an extension round (`extension_target`, else the return)."""
    return r.extension_target or r.return_points


def in_extension(r: Ruleset, round_wind: int) -> bool:
    """Whether a hand of `round_wind` is played in the extension (the West round)."""
    return r.extension != "none" and round_wind > last_round(r)


def first_place(scores: Sequence[int], r: Ruleset) -> int:
    """The seat ranked first; ties go to the lower seat (from the first dealer) under
    `rank_tie = "seat_order"`, and to the lower seat otherwise too (a shared first)."""
    best = max(scores[seat] for seat in r.seats)
    return next(seat for seat in r.seats if scores[seat] == best)


def dealer_first(scores: Sequence[int], dealer: int, r: Ruleset) -> bool:
    """Whether the dealer ranks first on these scores (ties as `rank_tie` says)."""
    if r.rank_tie == "seat_order":
        return first_place(scores, r) == dealer
    return scores[dealer] >= max(scores[seat] for seat in r.seats)


def dealer_stop_applies(r: Ruleset, reason: HandEnd, abortive: bool) -> bool:
    """Whether a first-placed dealer keeping the deal this way may end the game in the
    last hand (`last_dealer_stop`): a win, or a tenpai draw too where the rules say so;
    never an abortive draw, which replays the hand."""
    if abortive:
        return False
    if r.last_dealer_stop == "win_or_tenpai_when_first":
        return True
    return r.last_dealer_stop == "win_when_first" and reason == "win"


def next_hand(
    r: Ruleset,
    rnd: Round,
    reason: HandEnd,
    renchan: bool,
    time_up: bool,
    scores: Sequence[int] = (),
    *,
    abortive: bool = False,
) -> NextHand:
    """Honba (000 第18条: +1 after a dealer repeat or any exhaustive draw, 0 after a
    non-dealer win), the next dealer, and whether the game is over: the last hand of
    the last round without renchan, or the time limit; and with the §8.4 rules, a
    score below zero (`bust`), the extension round (`extension`: entered when nobody
    has the target after the last hand, over after the first hand at whose end
    someone has it and the dealer does not keep the deal, at the latest after its
    fourth hand), and the dealer's stop in
    the last hand (`last_dealer_stop`: he won, or with `win_or_tenpai_when_first`
    was tenpai, and is first; never after an abortive draw, which replays the hand)."""
    if r.honba_counter == "standard":
        honba = rnd.honba + 1 if renchan or reason == "draw" else 0
    else:
        honba = 0
    final_round = last_round(r)
    extension = r.extension != "none" and final_round < 3
    extra = extension and rnd.round_wind > final_round
    reached = bool(scores) and max(scores) >= extension_target(r)
    last_dealer = r.players - 1  # the North seat, or West with three (RULESETS.md §9)
    last_round_now = final_round + 1 if extra else final_round
    last_hand = rnd.dealer == last_dealer and rnd.round_wind == last_round_now
    if extra:
        # Every extension hand is an all-last (RULESETS.md §8.1): it ends the game once
        # someone has the target, unless the dealer keeps the deal; the dealer's stop
        # below ends it then if he is first.
        over = not renchan and (reached or last_hand)
    else:
        over = last_hand and not renchan and (not extension or reached)
    if (
        dealer_stop_applies(r, reason, abortive)
        and renchan
        and (extra or (rnd.round_wind == final_round and rnd.dealer == last_dealer))
        and dealer_first(scores, rnd.dealer, r)
        and (not extension or reached)
    ):
        over = True
    if r.bust == "below_zero" and any(scores[seat] < 0 for seat in r.seats if scores):
        over = True
    over = over or time_up
    round_wind, dealer = rnd.round_wind, rnd.dealer
    if not over and not renchan:
        dealer += 1
        if dealer == r.players:
            dealer = 0
            round_wind += 1
    return NextHand(honba, round_wind, dealer, over)


def deposits_to_first(r: Ruleset, scores: list[int], sticks: int, stick: int) -> int:
    """Hand the sticks left on the table at the end to the first place where
    `final_deposits = "to_first"` (Tenhou, M-League); the sticks left after it."""
    if r.final_deposits != "to_first" or not sticks:
        return sticks
    scores[first_place(scores, r)] += sticks * stick
    return 0


def game_ended(
    scores: Sequence[int],
    sticks: int,
    results: Sequence[FinalResult],
    chips: Sequence[int] = (),
) -> GameEnded:
    """The final event. Unclaimed sticks stay on the table and are not anyone's
    points (000 第32条ホ), unless they went to the first place (`deposits_to_first`);
    `chips` each seat's chips over the game, where the ruleset pays them (§8.5)."""
    return GameEnded(
        tuple(scores),
        sticks,
        tuple(
            {"seat": x.seat, "points": x.points, "rank": x.rank, "uma": x.uma, "result": x.result}
            for x in results
        ),
        tuple(chips),
    )

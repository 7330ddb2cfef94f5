"""Hands that end without a win before or at the wall's end: abortive draws and nagashi mangan.

RULESETS.md §8.1 and §8.4: each is a ruleset parameter (`abort_kyuushu`,
`abort_suufon`, `abort_suucha_riichi`, `abort_suukaikan`, `abort_sanchahou`,
`nagashi_mangan`), off in every seed preset, on in the online ones. These are
the tests over the hand state; `engine.game` decides when to ask them (after a
discard's claim window closes, when a riichi is accepted, at the draw) and ends
the hand. An abortive draw pays nothing, keeps the dealer, adds a honba and
leaves the riichi sticks on the table (`engine.ending.next_hand`).

The names are the CONTRACT.md `end` names, so the event, the summary line and the
exports share one spelling.
"""

from __future__ import annotations

from typing import Literal

from rules.hand import MeldKind
from rules.ruleset import Ruleset
from rules.scoring import tsumo_shares
from rules.tiles import YAOCHUU_KINDS, is_yaochuu

from .settlement import Payment
from .state import HandState, SeatState

AbortKind = Literal["nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"]
KANS = (MeldKind.ANKAN, MeldKind.MINKAN, MeldKind.KAKAN)
WIND_KINDS = range(27, 31)
MODERN_MANGAN_BASE = 2000  # the base points of a mangan (a non-dealer tsumo: 2000/4000)


def first_go_around(h: HandState, seat: int) -> bool:
    """The seat has not discarded yet and nobody has called (a kan included)."""
    return not h.calls_made and not h.seats[seat].first_discard_done


def nine_terminals(r: Ruleset, h: HandState, seat: int) -> bool:
    """九種九牌 may be declared: on the seat's first draw of an uninterrupted first
    go-around, nine or more different terminals and honors among its 14 tiles."""
    if not r.abort_kyuushu or h.turn_kind != "draw" or not first_go_around(h, seat):
        return False
    counts = h.seats[seat].counts
    return sum(1 for k in YAOCHUU_KINDS if counts[k]) >= 9


def nine_terminals_bar(r: Ruleset, h: HandState, seat: int) -> tuple[str, int]:
    """Why 九種九牌 may not be declared now, as (reason, the count of different
    terminals and honors held), or ("", count) when it may: `nine_terminals`'s
    conditions one by one, for the seat's screen."""
    counts = h.seats[seat].counts
    held = sum(1 for k in YAOCHUU_KINDS if counts[k])
    if not r.abort_kyuushu:
        return "nine_terminals_off", held
    if h.turn != seat or h.phase != "turn":
        return "not_your_turn", held
    if h.turn_kind != "draw" or not first_go_around(h, seat):
        return "nine_terminals_first_draw", held
    if held < 9:
        return "nine_terminals_too_few", held
    return "", held


def four_winds(r: Ruleset, h: HandState) -> bool:
    """四風連打: the first four discards, one per seat with no call, are the same wind."""
    players = r.players
    if not r.abort_suufon or h.calls_made or len(h.discards) != players:
        return False
    kinds = {kind for _, kind in h.discards}
    seats = {seat for seat, _ in h.discards}
    return len(kinds) == 1 and next(iter(kinds)) in WIND_KINDS and len(seats) == players


def four_riichi(r: Ruleset, h: HandState) -> bool:
    """四家立直: all four players are in riichi (asked when a riichi is accepted)."""
    return r.abort_suucha_riichi and all(h.seats[seat].riichi for seat in r.seats)


def kan_count(s: SeatState) -> int:
    return sum(1 for m in s.melds if m.kind in KANS)


def four_kans(r: Ruleset, h: HandState) -> bool:
    """四槓散了: four kans stand and more than one player made them (asked after a
    discard; four by one player is a suukantsu chance, and play goes on)."""
    if not r.abort_suukaikan:
        return False
    counts = [kan_count(s) for s in h.seats]
    return sum(counts) >= 4 and max(counts) < sum(counts)


def triple_ron(r: Ruleset, rons: int) -> bool:
    """三家和了: three players ron the same tile and the ruleset aborts the hand."""
    return r.abort_sanchahou and rons >= 3


def nagashi_seats(r: Ruleset, h: HandState) -> list[int]:
    """At an exhaustive draw: the seats whose discards are all terminals and honors,
    none of them called away (流し満貫)."""
    if not r.nagashi_mangan:
        return []
    return [
        seat
        for seat, s in enumerate(h.seats)
        if s.river and all(is_yaochuu(e.tile.kind) and e.called_by is None for e in s.river)
    ]


def nagashi_payments(r: Ruleset, seats: list[int], dealer: int) -> list[Payment]:
    """Each nagashi seat is paid a mangan as by tsumo (the dealer's share doubled, a
    dealer paid double by all); no honba, no sticks (the records: 32f2… E4-0). The
    reason is "hand": it is paid as a hand is, and the event names the nagashi."""
    base = r.classic_cap if r.is_classic else MODERN_MANGAN_BASE
    out: list[Payment] = []
    for seat in seats:
        # As a tsumo: with three players the missing North's share as `tsumo_loss` says
        # ([R] Tenhou three-player nagashi: 4,000 from the dealer and 2,000, no more).
        from_dealer, each, _ = tsumo_shares(base, seat == dealer, r)
        for payer in r.seats:
            if payer == seat:
                continue
            out.append(Payment(payer, seat, from_dealer if payer == dealer else each, "hand"))
    return out

"""Who pays whom when a hand ends: wins (with pao), noten payments, classic chombo.

The scorer values a hand as if nobody were liable (RULESETS.md §4.5, "the pao
split of §4.6 is applied by the engine"); this module turns that value into
individual payments between absolute seats. Every payment is a `Payment` with
a reason, so the log and the UI can say *why* points moved, and a test can
check that no point is created or lost: the net deltas plus the sticks taken
from the table always sum to zero.

Everything that differs between rulebooks is read from the `Ruleset`; no code
here asks which preset it is playing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, get_args

from rules.hand import Meld, MeldKind
from rules.ruleset import PAO_CLASSIC, Ruleset
from rules.scoring import STICK_VALUE, honba_total, round_payment, tsumo_shares
from rules.tiles import CHUN, DRAGONS, HAKU, HATSU, WINDS, is_honor
from rules.yaku import available_table

if TYPE_CHECKING:
    from rules.scoring import ScoreResult

TABLE = -1  # payer for riichi sticks taken from the table
SEATS = 4
PayReason = Literal["hand", "honba", "sticks", "pao", "noten", "chombo"]
REASONS = frozenset(get_args(PayReason))


@dataclass(frozen=True, slots=True)
class Payment:
    """`payer` gives `amount` table points to `payee` (absolute seats; TABLE for sticks)."""

    payer: int  # absolute seat 0-3, or TABLE
    payee: int  # absolute seat 0-3
    amount: int
    reason: PayReason

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"unknown payment reason {self.reason!r}")
        if self.amount <= 0:
            # Builders drop empty payments, so a non-positive amount is a bug upstream.
            raise ValueError(f"a payment must be positive, got {self.amount}")
        if self.payer == self.payee:
            raise ValueError(f"seat {self.payer} cannot pay itself")


def _pay(
    payments: list[Payment], payer: int, payee: int, amount: int, reason: PayReason
) -> None:
    """Record a payment unless it is empty (no honba, no sticks, a zero share)."""
    if amount:
        payments.append(Payment(payer, payee, amount, reason))


def _check_seat(name: str, seat: int | None, seats: int = SEATS) -> None:
    if seat is not None and not 0 <= seat < seats:
        raise ValueError(f"{name} must be a seat 0-{seats - 1}, got {seat}")


# ---------------------------------------------------------------------------
# Wins


def win_payments(
    result: ScoreResult,
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    honba: int,
    riichi_sticks: int,
    ruleset: Ruleset,
    liable: int | None = None,
    liable_yakuman: str | None = None,
) -> list[Payment]:
    """The payments of one win (RULESETS.md §4.5), with the pao split of §4.6.

    `discarder` None means tsumo. `liable` is the seat liable for the hand (pao),
    if any; `liable_yakuman` the yakuman it is liable for (modern presets; when
    omitted, the first pao yakuman of the hand). A liability that does not apply
    (no pao in the ruleset, or the hand was not won with that yakuman) is ignored,
    so the engine may pass whatever liability it recorded.
    """
    for name, seat in (("winner", winner), ("dealer", dealer), ("discarder", discarder)):
        _check_seat(name, seat)
    _check_seat("liable", liable)
    if discarder == winner:
        raise ValueError("the winner cannot have discarded his own winning tile")
    if liable == winner:
        raise ValueError("the winner cannot be liable for his own hand")
    if honba < 0 or riichi_sticks < 0:
        raise ValueError("honba and riichi sticks cannot be negative")

    ron_factor = 6 if winner == dealer else 4
    liable_base = _liable_base(result, ruleset, liable, liable_yakuman)
    other_base = result.base - liable_base  # W of §4.6.1 (everything when nobody is liable)
    stacked = bool(liable_base and other_base)
    # 002 J:パオ1 (§6 A16): with a double yakuman the honba follow the stacked rule.
    jpml_honba = stacked and ruleset.pao_honba == "jpml"
    honba_value = honba_total(ruleset, honba)
    payments: list[Payment] = []

    if discarder is not None:
        if liable_base and liable is not None and liable != discarder:
            # Ron by someone else: V split in half (004 ルール⑪ "ロンは半額負担", 002 パオ1);
            # the discarder also pays W, the rest of a stacked hand, in full.
            value = round_payment(ron_factor * liable_base, ruleset)
            _pay(payments, liable, winner, value // 2, "pao")
            rest = round_payment(ron_factor * other_base, ruleset) if other_base else 0
            _pay(payments, discarder, winner, value - value // 2 + rest, "hand")
            # 002 J:パオ1 "ロンアガリは責任払い": only the stacked jpml case moves the honba.
            honba_payer = liable if jpml_honba else discarder
        else:
            # No liability, or the liable player dealt in himself: he pays everything.
            whole = round_payment(ron_factor * result.base, ruleset)
            _pay(payments, discarder, winner, whole, "hand")
            honba_payer = discarder
        _pay(payments, honba_payer, winner, honba_value, "honba")
    else:
        # The seats that play pay (RULESETS.md §9: three, with tsumo loss or the missing
        # North's share split between them).
        others = [seat for seat in ruleset.seats if seat != winner]
        if other_base:
            from_dealer, each, _ = tsumo_shares(other_base, winner == dealer, ruleset)
            for seat in others:
                _pay(payments, seat, winner, from_dealer if seat == dealer else each, "hand")
        if liable_base and liable is not None:
            # The liable player pays V as if he had dealt it in (004 ルール⑪ "ツモは全額").
            _pay(payments, liable, winner, round_payment(ron_factor * liable_base, ruleset), "pao")
        liable_honba = not jpml_honba and ruleset.pao_tsumo_honba == "liable"
        if liable_base and liable is not None and liable_honba:
            # §6 A41: he stands in for the discarder, who pays the honba (積み場は放銃者の負担).
            _pay(payments, liable, winner, honba_value, "honba")
        else:
            # 000 第18条ハ: on a tsumo each of the three payers adds a third (100 per honba);
            # with three players each of the two pays its share of `honba_total`.
            for seat in others:
                _pay(payments, seat, winner, honba_value // len(others), "honba")

    _pay(payments, TABLE, winner, STICK_VALUE * riichi_sticks, "sticks")
    return payments


def _liable_base(
    result: ScoreResult, ruleset: Ruleset, liable: int | None, liable_yakuman: str | None
) -> int:
    """The base points the liable player answers for: V of §4.6.1 (0 if no liability applies)."""
    if liable is None:
        return 0
    if ruleset.pao == (PAO_CLASSIC,):
        # 001 第7章2①: the liability covers the whole hand, which is a certain mangan.
        return result.base
    if not result.yakuman:
        return 0
    present = [y.id for y in result.yaku]
    if liable_yakuman is None:
        liable_yakuman = next((y for y in present if y in ruleset.pao), None)
    if liable_yakuman not in ruleset.pao or liable_yakuman not in present:
        return 0  # "applies only if the hand is won with that yakuman" (§4.6.1)
    if ruleset.pao_stacked == "whole":
        return result.base  # Tenhou (§8.1): the liability covers every yakuman of the hand
    # Only the liable yakuman's own weight; the scorer doubles daisuushii under special_double.
    weight = 2 if ruleset.special_double and liable_yakuman == "daisuushii" else 1
    weight = min(weight, result.yakuman)
    return result.base * weight // result.yakuman


# ---------------------------------------------------------------------------
# Exhaustive draw


def noten_payments(tenpai: Sequence[bool], ruleset: Ruleset) -> list[Payment]:
    """Noten payments at an exhaustive draw (RULESETS.md §4.8).

    Each noten player pays each tenpai player noten_payment / (t × (4 − t)), so that
    the noten players pay noten_payment in all and every tenpai player receives an
    equal share (000 第17条ホ). Nothing moves with 0 or 4 tenpai, or in a ruleset
    without noten payments (renmei_classic: 001 第4章2①).
    """
    seats = ruleset.seats  # a three-player game's empty seat neither pays nor is paid
    ready = [seat for seat in seats if tenpai[seat]]
    not_ready = [seat for seat in seats if not tenpai[seat]]
    if not ruleset.noten_payment or not ready or not not_ready:
        return []
    each = ruleset.noten_payment // (len(ready) * len(not_ready))
    return [Payment(payer, payee, each, "noten") for payer in not_ready for payee in ready]


def net_deltas(payments: Iterable[Payment], seats: int = SEATS) -> list[int]:
    """Net change of each seat's table points; sticks come from the TABLE, not a seat."""
    deltas = [0] * seats
    for payment in payments:
        if payment.payer != TABLE:
            deltas[payment.payer] -= payment.amount
        deltas[payment.payee] += payment.amount
    return deltas


# ---------------------------------------------------------------------------
# Liability (pao)

_DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}
_SET_KINDS = (MeldKind.PON, MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.KAKAN)
_QUAD_KINDS = (MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.KAKAN)


def pao_liability(ruleset: Ruleset, melds_before: Sequence[Meld], new_meld: Meld) -> str | None:
    """The yakuman the discarder of the tile called into `new_meld` becomes liable for.

    Modern presets (§4.6.1, 002 J:パオ1, 003 §20, 004 ルール⑪): a pon or daiminkan that
    completes the third dragon set, the fourth wind set or (by daiminkan) the fourth
    quad, when that yakuman is in `ruleset.pao`. `melds_before` are the caller's
    earlier melds; an ankan or kakan among them counts as a set (§6 A21). A kakan
    never creates liability: its fourth tile was self-drawn. If one call confirms two
    yakuman (a 4th-quad daiminkan of the 3rd dragon) the first in the order daisangen,
    daisuushii, suukantsu is named. Returns None otherwise (classic liability is
    `classic_certain_mangan`).
    """
    if new_meld.kind not in (MeldKind.PON, MeldKind.MINKAN):
        return None
    kind = new_meld.base_kind
    sets = {m.base_kind for m in melds_before if m.kind in _SET_KINDS}
    quads = sum(1 for m in melds_before if m.kind in _QUAD_KINDS)
    confirmed = []
    if kind in DRAGONS and len(sets & set(DRAGONS)) == 2:
        confirmed.append("daisangen")  # 004 ルール⑪ "3フーロ目"
    if kind in WINDS and len(sets & set(WINDS)) == 3:
        confirmed.append("daisuushii")  # 004 ルール⑪ "4フーロ目"
    if new_meld.kind is MeldKind.MINKAN and quads == 3:
        confirmed.append("suukantsu")  # 002 J:パオ1; kakan excluded (§6 A21)
    return next((name for name in confirmed if name in ruleset.pao), None)


def classic_certain_mangan(
    honor_melds: Sequence[Meld], seat_wind: int, round_wind: int, ruleset: Ruleset
) -> bool:
    """Whether the player's honor melds alone make every win of his a mangan (§4.6.2).

    001 第7章1 gives no computation (§6 A35): certain ⇔ the honor melds hold a
    daisangen or daisuushii (mangan-class hands), or the cheapest completion
    reaches base `classic_cap`. The cheapest completion is an open ron on simple
    sequences and a simple pair with a two-sided wait; with four honor melds the
    wait is tanki and toitoi and honitsu are certain. A kakan'd meld is valued as
    the pon it was (001: "加カンによる符上がりでの満貫は対象としない"). Non-honor
    melds passed in are ignored.
    """
    melds = [m for m in honor_melds if m.kind in _SET_KINDS and is_honor(m.base_kind)]
    kinds = {m.base_kind for m in melds}
    table = available_table(ruleset)
    mangan_class = [
        name
        for name, held in (
            ("daisangen", set(DRAGONS) <= kinds),
            ("daisuushii", set(WINDS) <= kinds),
            ("suuankou", sum(m.kind is MeldKind.ANKAN for m in melds) == 4),
        )
        if held and name in table
    ]
    if mangan_class:
        return True

    def han_of(name: str) -> int:
        rule = table.get(name)
        return rule.han(False) if rule else 0  # a meld from a discard has opened the hand

    han = 0
    fu = 20
    for meld in melds:
        kind = meld.base_kind
        han += han_of(_DRAGON_YAKU[kind]) if kind in DRAGONS else 0
        han += han_of("yakuhai_seat_wind") if kind == seat_wind else 0
        han += han_of("yakuhai_round_wind") if kind == round_wind else 0
        if meld.kind is MeldKind.ANKAN:
            fu += 32
        elif meld.kind is MeldKind.MINKAN:
            fu += 16
        else:
            fu += 4  # pon, or a kakan valued as its pon
    if sum(m.kind is MeldKind.ANKAN for m in melds) >= 3:
        han += han_of("sanankou")
    if len(melds) == 4:
        han += han_of("toitoi") + han_of("honitsu")
        fu += 2  # only the pair is left: a tanki wait
    step = ruleset.fu_rounding or 1
    fu = -(-fu // step) * step
    return fu << han >= ruleset.classic_cap  # fu × 2^han


# ---------------------------------------------------------------------------
# Chombo


def chombo_payments(
    offender: int, dealer: int, ruleset: Ruleset, liable: bool = False
) -> list[Payment]:
    """Table-point chombo payments: only the classic 錯和 (C11, 001 第6章1①).

    Half a mangan split 2:1 like a tsumo (§6 A36): a non-dealer offender pays
    the dealer base and each non-dealer base / 2; a dealer offender pays base to
    each. A player liable for a pao pays a full mangan instead. Result-point
    penalties (pt or points) are applied to the final result (engine/results.py).
    """
    _check_seat("offender", offender)
    _check_seat("dealer", dealer)
    if ruleset.chombo_penalty_kind != "classic_half_mangan":
        return []
    base = ruleset.classic_cap
    payments: list[Payment] = []
    for seat in ruleset.seats:
        if seat == offender:
            continue
        mangan_share = 2 * base if dealer in (offender, seat) else base  # a mangan tsumo share
        _pay(payments, offender, seat, mangan_share if liable else mangan_share // 2, "chombo")
    return payments

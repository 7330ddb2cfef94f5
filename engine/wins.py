"""Whether a win is legal, and the scorer's input for it.

The engine decides the situation (riichi, ippatsu, rinshan, chankan,
haitei/houtei, tenhou/chiihou, dora indicators) and furiten; the scorer
(`rules.scoring.score`) decides whether the hand is a win under the ruleset (a
yaku where one is needed) and what it is worth. A win is offered only when it
scores, so a player is never offered a false win, and the result is kept in
`HandState.wins` so settling it does not score it again.
"""

from __future__ import annotations

from rules.hand import Meld, Win
from rules.ruleset import Ruleset
from rules.scoring import ScoreResult, score
from rules.tiles import Tile

from .state import ClaimSource, Furiten, HandState, Round, SeatState
from .win_flags import Moment, flags, rinshan_kaihou_draw


def ura_indicators(r: Ruleset, h: HandState, riichi: bool) -> tuple[Tile, ...]:
    """The ura indicators a riichi winner turns over (none without riichi or `ura_dora`)."""
    if not (riichi and r.ura_dora):
        return ()
    return tuple(h.wall.ura_indicator(i) for i in range(h.indicators))


def win_input(
    r: Ruleset,
    h: HandState,
    rnd: Round,
    seat: int,
    concealed: list[Tile],
    tile: Tile,
    melds: tuple[Meld, ...],
    *,
    tsumo: bool,
    chankan: bool = False,
    houtei: bool = False,
) -> Win:
    """The scorer's input with the engine's situational flags (RULESETS.md §3.2, §4.1),
    from `engine.win_flags.flags`, the one place they are decided."""
    s = h.seats[seat]
    moment = Moment(
        tsumo=tsumo,
        # A kita's replacement tile is rinshan kaihou only where `kita_rinshan` says so.
        rinshan_draw=rinshan_kaihou_draw(h.turn_kind == "rinshan", h.kita_draw, r),
        wall_empty=h.wall.remaining == 0,
        untouched=not h.calls_made and not s.first_discard_done,
        dealer=seat == rnd.dealer,
        drew_yet=s.drawn is not None,
        riichi=s.riichi,
        double_riichi=s.double_riichi,
        ippatsu=s.ippatsu,
        chankan=chankan,
        last_discard=houtei,
    )
    return Win(
        concealed=tuple(concealed),
        win_tile=tile,
        melds=melds,
        tsumo=tsumo,
        seat_wind=rnd.seat_wind(seat),
        round_wind=rnd.wind_kind(),
        dora_indicators=h.dora_indicators if r.dora else (),
        ura_indicators=ura_indicators(r, h, s.riichi),
        honba=rnd.honba,
        riichi_sticks=rnd.sticks,
        kita=len(s.kita),
        **flags(moment, r),
    )


def tsumo_result(r: Ruleset, h: HandState, rnd: Round, seat: int) -> ScoreResult | None:
    """The scored tsumo on the tile just drawn, or None if it is not a win (kept in
    `h.wins` once scored)."""
    scored = scored_tsumo(r, h, rnd, seat)
    return scored[1] if scored is not None else None


def scored_tsumo(
    r: Ruleset, h: HandState, rnd: Round, seat: int
) -> tuple[Win, ScoreResult] | None:
    """The scorer's input and answer for a tsumo on the tile just drawn, or None if it
    is not a win (kept in `h.wins` once scored)."""
    if seat in h.wins:
        return h.wins[seat]
    s = h.seats[seat]
    drawn = s.drawn
    assert drawn is not None
    concealed = list(s.hand)
    concealed.remove(drawn)
    win = win_input(r, h, rnd, seat, concealed, drawn, tuple(s.melds), tsumo=True)
    result = score(win, r)
    if isinstance(result, ScoreResult):
        h.wins[seat] = (win, result)
        return win, result
    return None


def furiten(r: Ruleset, s: SeatState) -> Furiten | None:
    """Why the seat cannot ron now, or None: discard | temporary | riichi (§5.8), for
    the player's view (`can_ron` checks the tile itself)."""
    if s.riichi_furiten:
        return "riichi"
    if r.furiten_scope == "all_waits" and not s.wait_set.isdisjoint(s.discard_kinds):
        return "discard"
    if s.temp_furiten:
        return "temporary"
    if r.furiten_scope == "same_tile" and not s.wait_set.isdisjoint(
        s.discard_kinds | s.temp_kinds
    ):
        return "discard" if not s.wait_set.isdisjoint(s.discard_kinds) else "temporary"
    return None


def can_ron(
    r: Ruleset,
    h: HandState,
    rnd: Round,
    seat: int,
    tile: Tile,
    *,
    robbing: ClaimSource | None,
    houtei: bool,
) -> bool:
    """A legal ron: not furiten (§5.8) and a real win under the ruleset (yaku where
    needed); the result is kept in `h.wins`.

    `robbing` is None on a discard, the kan's source for chankan."""
    s = h.seats[seat]
    kind = tile.kind
    if s.riichi_furiten or s.temp_furiten:
        return False
    if r.furiten_scope == "all_waits":
        if not s.wait_set.isdisjoint(s.discard_kinds):
            return False  # 000 第36条
    elif kind in s.discard_kinds or kind in s.temp_kinds:
        return False  # 001 第6章1④, 第6章5: only the identical kind
    win = win_input(
        r, h, rnd, seat, list(s.hand), tile, tuple(s.melds), tsumo=False,
        chankan=robbing in ("kakan", "ankan"), houtei=houtei,
    )
    result = score(win, r)
    if not isinstance(result, ScoreResult):
        return False
    # Only kokushi may rob an ankan, and only where `kokushi_ankan` lets it
    # (000 第33条ロ②; the caller opens no window on an ankan otherwise).
    if robbing == "ankan" and not any(y.id == "kokushi" for y in result.yaku):
        return False
    h.wins[seat] = (win, result)
    return True

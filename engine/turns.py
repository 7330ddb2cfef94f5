"""The turn: drawing, what a player may do with 14 tiles, riichi conditions, the discard.

Functions over the hand state and the ruleset; each move returns the event it
makes and the `Game` emits it. A turn (RULESETS.md §5.5): draw → optionally
tsumo, ankan/kakan or riichi → discard. After a chi or pon the caller only
discards (000 第27条イ, 第28条イ); after riichi only the drawn tile may go (§5.7).

This runs on every turn of every game, so it is written for speed without
dropping a rule: the riichi test starts from the cached shanten of the hand
before the draw, and the actions offered are shared immutable objects (one per
seat and tile), so a player's choice is matched by identity.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ruleset import Ruleset
from rules.shanten import shanten
from rules.tiles import KIND_COUNT, Tile
from rules.waits import waits as shape_waits

from .aborts import nine_terminals
from .actions import Action, Discard, Kita, NineTerminals, Tsumo
from .claims import passed
from .events import Discarded, Drew
from .kans import distinct_tiles, kan_actions, may_kita
from .state import STICK, HandState, RiverTile, Round, SeatState
from .wall import shared
from .wins import tsumo_result

# Discard(seat, tile, riichi) for every seat and tile, made once: actions are frozen
# values, so sharing them is safe, and it saves building ~14 of them every turn.
_DISCARDS: list[list[Discard | None]] = [[None] * (4 * KIND_COUNT) for _ in range(4)]
TSUMO = tuple(Tsumo(seat) for seat in range(4))
NINE_TERMINALS = tuple(NineTerminals(seat) for seat in range(4))
KITA = tuple(Kita(seat) for seat in range(4))


def discard_action(seat: int, tile: Tile, riichi: bool = False) -> Discard:
    """The shared `Discard(seat, tile, riichi)`."""
    key = (tile.kind * 2 + tile.red) * 2 + riichi
    row = _DISCARDS[seat]
    action = row[key]
    if action is None:
        action = row[key] = Discard(seat, shared(tile), riichi)
    return action


def update_waits(s: SeatState, chiitoitsu: bool) -> None:
    """Recompute a seat's cached shanten and waits; only when its hand has 3n+1 tiles."""
    melds = len(s.melds)
    s.shanten = shanten(s.counts, melds, chiitoitsu=chiitoitsu)
    if s.shanten == 0:
        s.waits = shape_waits(s.counts, melds, chiitoitsu=chiitoitsu)
    else:
        s.waits = ()
    s.wait_set = frozenset(s.waits)


def formal_tenpai(r: Ruleset, s: SeatState, waits: Sequence[int]) -> bool:
    """Tenpai as counted at a draw: not when every winning tile is already the
    player's own (`tenpai_own_waits`, 000 第17条ロ): in hand or melds ("noten"), or
    only in the concealed hand ("noten_concealed": 003 §14 「自分の門前牌」, §6 A23)."""
    mode = r.tenpai_own_waits
    if mode == "noten":
        return any(s.own_count(t) < 4 for t in waits)
    if mode == "noten_concealed":
        return any(s.counts[t] < 4 for t in waits)
    return True


def draw(h: HandState, seat: int, rinshan: bool = False) -> Drew:
    """`seat` takes the next live tile (or a rinshan tile) and is on turn."""
    s = h.seats[seat]
    wall = h.wall
    tile = wall.draw_rinshan() if rinshan else wall.draw()
    remaining = wall.remaining
    s.add(tile)
    s.drawn = tile
    s.temp_furiten = False  # A5: temporary furiten ends at the next take
    h.turn = seat
    h.turn_kind = "rinshan" if rinshan else "draw"
    h.kita_draw = False
    h.phase = "turn"
    h.claim = None
    h.wins.pop(seat, None)
    return Drew(seat, tile, rinshan, not rinshan and remaining == 0, remaining)


def turn_actions(r: Ruleset, h: HandState, rnd: Round, seat: int, points: int) -> list[Action]:
    """Everything the seat on turn may do; `points` are its score (riichi needs a stick)."""
    s = h.seats[seat]
    actions: list[Action] = []
    after_draw = h.turn_kind != "call"
    if after_draw:
        drawn = s.drawn
        assert drawn is not None
        if drawn.kind in s.wait_set and tsumo_result(r, h, rnd, seat) is not None:
            actions.append(TSUMO[seat])
        # No kan on the haitei draw or once the live wall is empty (000 第6条, 5.9),
        # nor beyond max_kans (000 第29条ヘ).
        if h.wall.remaining > 0 and h.wall.kans < r.max_kans:
            actions.extend(kan_actions(r, h, rnd, seat))
        if s.riichi:
            actions.append(discard_action(seat, drawn))
            if may_kita(r, h, seat):
                actions.append(KITA[seat])  # after the discards: a choice, never a default
            return actions
    tiles = distinct_tiles(s.hand)
    barred = s.kuikae
    actions.extend(discard_action(seat, t) for t in tiles if t.kind not in barred)
    if after_draw and may_riichi(r, h, seat, points):
        riichi = riichi_discards(r, s, tiles)
        actions.extend(discard_action(seat, t, True) for t in riichi)
    if after_draw and may_kita(r, h, seat):
        actions.append(KITA[seat])  # after the discards: a choice, never a default
    if after_draw and nine_terminals(r, h, seat):
        actions.append(NINE_TERMINALS[seat])  # last: a choice, never the default
    return actions


def may_riichi(r: Ruleset, h: HandState, seat: int, points: int) -> bool:
    """Riichi conditions other than the discard keeping tenpai (§5.7, §2 riichi_*)."""
    s = h.seats[seat]
    if not r.riichi or s.riichi or not s.closed:
        return False
    if r.riichi_points != "any" and points < STICK:
        return False
    remaining = h.wall.remaining
    if remaining == 0 and not r.riichi_last_tile:
        return False  # 000 第32条ハ※: not with the houtei discard
    if remaining < 4 and not r.riichi_no_draw:
        return False  # he would never draw again
    if remaining < r.riichi_min_tiles:
        return False  # Tenhou: at least 4 tiles left to draw (§8.1)
    # One draw lowers the shanten by at most one: a hand that was tenpai before the
    # draw still is (discard the drawn tile), one that was 2+ away cannot be yet.
    if s.shanten <= 0:
        return True
    if s.shanten >= 2:
        return False
    return shanten(s.counts, len(s.melds), chiitoitsu=r.seven_pairs) <= 0


def riichi_discards(r: Ruleset, s: SeatState, tiles: list[Tile]) -> list[Tile]:
    """The discards that leave a tenpai hand (formal tenpai, §2 `furiten_riichi`)."""
    out = []
    melds = len(s.melds)
    counts = s.counts
    chiitoitsu = r.seven_pairs
    for tile in tiles:
        counts[tile.kind] -= 1
        try:
            # The memoised shanten first: most discards of a tenpai hand leave it.
            if shanten(counts, melds, chiitoitsu=chiitoitsu) != 0:
                continue
            waits = shape_waits(counts, melds, chiitoitsu=chiitoitsu)
        finally:
            counts[tile.kind] += 1
        ok = bool(waits) and formal_tenpai(r, s, waits)
        if ok and not r.furiten_riichi:
            ok = not (set(waits) & (s.discard_kinds | {tile.kind}))
        if ok:
            out.append(tile)
    return out


def discard(r: Ruleset, h: HandState, seat: int, tile: Tile, riichi: bool) -> Discarded:
    """`seat` discards `tile` (declaring riichi with it if `riichi`); the caller opens
    the claim window on it."""
    s = h.seats[seat]
    tile = shared(tile)
    tsumogiri = h.turn_kind != "call" and tile == s.drawn
    if s.riichi and tile.kind in s.wait_set:
        # Discarding a winning tile after riichi declines that win (§5.7).
        passed(r, s, tile.kind)
    s.remove(tile)
    s.river.append(RiverTile(tile, tsumogiri, riichi))
    s.discard_kinds.add(tile.kind)
    s.last_discard_index = len(h.discards)
    h.discards.append((seat, tile.kind))
    h.last_discard = (seat, tile)
    if riichi:
        s.riichi_pending = True
        # Double riichi: the first discard, no call of any kind before it (000 第55条①).
        s.double_riichi = r.double_riichi and not s.first_discard_done and not h.calls_made
    elif s.riichi:
        s.ippatsu = False  # the window closes with his next discard (§5.7)
    if h.turn_kind != "call":
        s.temp_kinds.clear()  # 001 第6章5: until his next draw and discard
    s.first_discard_done = True
    s.drawn = None
    s.kuikae = frozenset()
    update_waits(s, r.seven_pairs)
    return Discarded(seat, tile, tsumogiri, riichi, h.wall.remaining == 0)

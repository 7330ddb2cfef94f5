"""Calls on a discard: which chi and pon a hand can make, kuikae, claim windows, priority.

Priority (000 第26条): ron > pon/daiminkan > chi. Several rons: `multiple_ron`
decides (head bump = only the first claimant in turn order after the
discarder, 000 第33条ハ). A chi overridden by a pon is simply void (000 第27条ハ).
Kuikae (000 第51条): right after a chi the caller may not discard the called
kind nor the tile completing the exposed two-tile shape at its other end; after
a pon, not the called kind. A call that would leave no legal discard is itself
illegal (RULESETS.md §5.5).

Functions over the hand state and the ruleset; a call returns its event and the
`Game` emits it and decides what follows. A claim window is opened only for
seats that can do something with the tile: whose cached waits contain it (ron),
who hold two or three of its kind (pon, daiminkan), or the discarder's shimocha
holding a sequence partner (chi). A discard nobody can use moves straight on to
the next draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.hand import Meld, MeldKind, Source
from rules.ruleset import PAO_CLASSIC, Ruleset
from rules.tiles import Tile

from .actions import Action, Chi, Daiminkan, Pass, Pon, Ron
from .events import Called
from .settlement import classic_certain_mangan, pao_liability
from .state import OTHERS_BY, Claim, HandState, Round, SeatState
from .wall import shared
from .wins import can_ron

PASS = tuple(Pass(seat) for seat in range(4))
RON = tuple(Ron(seat) for seat in range(4))
def source_of(discarder: int, caller: int, players: int) -> Source:
    """Where a called tile came from, seen by the caller: with three players the seat
    before him is his kamicha and the one after his shimocha (no toimen)."""
    offset = (discarder - caller) % players
    if offset == players - 1:
        return Source.KAMICHA
    return Source.SHIMOCHA if offset == 1 else Source.TOIMEN


def kuikae_kinds(called: int, own: Sequence[int], chi: bool) -> frozenset[int]:
    """Kinds barred for the discard after calling `called` with tiles of kinds `own`.

    Chi 3 with 45 → 3 and 6; chi 4 with 35 → 4; chi 3 with 12 → 3 (000 第51条).
    """
    barred = {called}
    if chi:
        low, high = sorted(own)
        if high == low + 1:  # a two-sided shape: the other end is barred too
            other = low - 1 if called == high + 1 else high + 1
            if other // 9 == called // 9 and 0 <= other < 27:
                barred.add(other)
    return frozenset(barred)


def _distinct(tiles: list[Tile], kind: int) -> list[Tile]:
    """The different tiles of `kind` in `tiles` (a plain five before a red one)."""
    seen = {t.red: t for t in tiles if t.kind == kind}
    return [seen[red] for red in sorted(seen)]


def _leaves_discard(seat: SeatState, used: Sequence[Tile], barred: frozenset[int]) -> bool:
    """Whether, after giving up `used` for a call, some tile of an unbarred kind is left."""
    left = len(seat.hand) - len(used)
    counts = seat.counts
    barred_left = sum(counts[k] for k in barred) - sum(1 for t in used if t.kind in barred)
    return left > barred_left


def pon_options(seat_no: int, seat: SeatState, tile: Tile, kuikae: bool) -> list[Pon]:
    """Every distinct pair of own tiles that can pon `tile` (red fives make choices)."""
    kind = tile.kind
    if seat.counts[kind] < 2:
        return []
    red = sum(1 for t in seat.hand if t.kind == kind and t.red)
    plain = seat.counts[kind] - red
    p, r = shared(Tile(kind)), None
    pairs: list[tuple[Tile, Tile]] = []
    if plain >= 2:
        pairs.append((p, p))
    if red:
        r = shared(Tile(kind, red=True))
        if plain:
            pairs.append((p, r))
        if red >= 2:
            pairs.append((r, r))
    barred = frozenset({kind})
    return [
        Pon(seat_no, pair) for pair in pairs if not kuikae or _leaves_discard(seat, pair, barred)
    ]


def chi_options(seat_no: int, seat: SeatState, tile: Tile, kuikae: bool) -> list[Chi]:
    """Every chi of `tile` the hand can make (the caller checks he is the shimocha)."""
    kind = tile.kind
    if kind >= 27:
        return []
    number = kind % 9
    counts = seat.counts
    shapes = []
    if number >= 2:
        shapes.append((kind - 2, kind - 1))
    if 1 <= number <= 7:
        shapes.append((kind - 1, kind + 1))
    if number <= 6:
        shapes.append((kind + 1, kind + 2))
    out = []
    for a, b in shapes:
        if not (counts[a] and counts[b]):
            continue
        barred = kuikae_kinds(kind, (a, b), chi=True)
        for ta in _distinct(seat.hand, a):
            for tb in _distinct(seat.hand, b):
                if not kuikae or _leaves_discard(seat, (ta, tb), barred):
                    out.append(Chi(seat_no, (ta, tb)))
    return out


def resolve(
    discarder: int, responses: dict[int, Action], multiple_ron: str, players: int = 4
) -> tuple[list[int], Action | None]:
    """(ron winners in turn order after the discarder, the call that stands if no ron)."""
    order = OTHERS_BY[players][discarder]
    rons = [s for s in order if isinstance(responses.get(s), Ron)]
    if rons:
        if multiple_ron == "head_bump":
            rons = rons[:1]
        elif multiple_ron == "double_ron":
            rons = rons[:2]
        return rons, None
    for s in order:
        if isinstance(responses.get(s), Pon | Daiminkan):
            return [], responses[s]
    # A chi overridden by a pon is simply void (000 第27条ハ): chi comes last.
    for s in order:
        if isinstance(responses.get(s), Chi):
            return [], responses[s]
    return [], None


def open_discard_claims(
    r: Ruleset, h: HandState, rnd: Round, seat: int, tile: Tile, houtei: bool
) -> Claim:
    """The window on `seat`'s discard, set as `h.claim`: every other seat's legal
    answers (the phase becomes CLAIM); a window without options is to be closed
    at once."""
    kind = tile.kind
    kuikae = r.kuikae == "forbidden"
    can_kan = h.wall.remaining > 0 and h.wall.kans < r.max_kans
    options: dict[int, list[Action]] = {}
    shape: list[int] = []
    h.wins.clear()
    others = OTHERS_BY[r.players][seat]
    shimocha = others[0] if r.chi else -1  # no chi at all where `chi` is false (§9)
    for o in others:
        s = h.seats[o]
        opts: list[Action] = []
        if kind in s.wait_set:
            shape.append(o)
            if can_ron(r, h, rnd, o, tile, robbing=None, houtei=houtei):
                opts.append(RON[o])
        # No call on the houtei discard (000 第7条); none by a riichi player.
        if not houtei and not s.riichi:
            held = s.counts[kind]
            if held >= 2:
                opts.extend(pon_options(o, s, tile, kuikae))
                if can_kan and held == 3:
                    opts.append(Daiminkan(o))
            if o == shimocha:
                opts.extend(chi_options(o, s, tile, kuikae))
        if opts:
            opts.append(PASS[o])
            options[o] = opts
    claim = Claim("discard", seat, tile, options, shape_seats=tuple(shape))
    h.claim = claim
    if options:
        h.phase = "claim"
    return claim


def passed(r: Ruleset, s: SeatState, kind: int) -> None:
    """The seat did not win on a tile that completes its hand (§5.8, A39)."""
    if r.furiten_temporary == "until_next_take":
        s.temp_furiten = True
    else:
        s.temp_kinds.add(kind)
    if s.riichi and r.riichi_pass == "furiten" and r.furiten_after_riichi == "permanent":
        s.riichi_furiten = True  # 000 第32条ト


def accept_riichi(r: Ruleset, s: SeatState) -> bool:
    """The declaration tile was not ronned: riichi stands (000 第32条イ). True if the
    seat had one pending, and the caller takes the stick; a ronned declaration tile
    ends the hand before this, unpaid."""
    if not s.riichi_pending:
        return False
    s.riichi_pending = False
    s.riichi = True
    s.ippatsu = r.ippatsu
    return True


def interrupt(h: HandState) -> None:
    """Any call, kans included, ends every ippatsu window and the first go-around (A43)."""
    h.calls_made = True
    for s in h.seats:
        s.ippatsu = False


def call(
    r: Ruleset, h: HandState, rnd: Round, action: Action, discarder: int, tile: Tile
) -> Called:
    """`action` (a chi, pon or daiminkan) takes `discarder`'s `tile`: the meld is made
    and the caller is on turn; a daiminkan is completed by the caller (`Called.meld`)."""
    seat = action.seat
    s = h.seats[seat]
    source = source_of(discarder, seat, r.players)
    own: tuple[Tile, ...]
    if isinstance(action, Chi | Pon):
        own = tuple(map(shared, action.tiles))
        kind = MeldKind.CHI if isinstance(action, Chi) else MeldKind.PON
    else:
        own = tuple(t for t in s.hand if t.kind == tile.kind)
        kind = MeldKind.MINKAN
    for t in own:
        s.remove(t)
    meld = Meld(kind, tuple(sorted((*own, tile))), source, tile)
    before = tuple(s.melds)
    s.melds.append(meld)
    river = h.seats[discarder].river
    river[-1] = replace(river[-1], called_by=seat)
    interrupt(h)
    s.temp_furiten = False  # a call is a take (A5)
    check_pao(r, h, rnd, seat, discarder, before, meld)
    h.turn = seat
    h.turn_kind = "call"
    h.phase = "turn"
    s.drawn = None
    if kind is not MeldKind.MINKAN and r.kuikae == "forbidden":
        s.kuikae = kuikae_kinds(tile.kind, [t.kind for t in own], kind is MeldKind.CHI)
    return Called(seat, meld, discarder)


def check_pao(
    r: Ruleset,
    h: HandState,
    rnd: Round,
    seat: int,
    discarder: int,
    before: tuple[Meld, ...],
    meld: Meld,
) -> None:
    """Record liability (§4.6) when a called tile confirms a big hand."""
    s = h.seats[seat]
    if s.pao is not None or not r.pao:
        return
    if r.pao == (PAO_CLASSIC,):
        if meld.base_kind < 27:
            return
        wind, rnd_wind = rnd.seat_wind(seat), rnd.wind_kind()
        if classic_certain_mangan(before, wind, rnd_wind, r) or not classic_certain_mangan(
            (*before, meld), wind, rnd_wind, r
        ):
            return
        # 001 第7章1: the first discard of that kind since the caller's own last
        # discard is the pao tile; the caller's own discard makes nobody liable (A34).
        start = max(s.last_discard_index, 0)
        first = next(
            (who for who, kind in h.discards[start:] if kind == meld.base_kind), discarder
        )
        if first != seat:
            s.pao = (first, PAO_CLASSIC)
        return
    name = pao_liability(r, before, meld)
    if name is not None:
        s.pao = (discarder, name)

"""Self-checks of a game in progress (Mortal-style: recompute, compare, complain).

`validate(game)` returns the list of violated invariants (empty when all hold):
every tile of the set (136, or 108 for three players) is in exactly one place,
points plus sticks equal the starting total, the game-end rules hold (bust, the extension's target,
leftover sticks to the first place), and each hand has the size its melds and the turn imply
(every applied action being legal is the engine's own check: `Game.apply`
refuses anything not in `legal_actions`, and the driver refuses a player's
choice that was not offered).

The sim runs the check after every applied action, so it is written to be
cheap: the tiles are compared as sorted kinds mapped in C, and a `Checker`
(one per game) re-reads a river or a seat's melds only when their contents
changed since its last look. `validate` is a `Checker` with no memory.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING

from rules.tiles import Tile

from .ending import dealer_first, dealer_stop_applies, extension_target, in_extension
from .events import ExhaustiveDraw, HandEnded
from .state import STICK
from .wall import Wall, full_set

if TYPE_CHECKING:
    from .game import Game
    from .state import SeatState

_KIND = attrgetter("kind")


class InvariantViolation(AssertionError):
    """Raised by `check` with every violation in the message."""


@cache
def _expected_keys(red_fives: int, removed: frozenset[int] = frozenset()) -> list[int]:
    return sorted(t.kind * 2 + t.red for t in full_set(red_fives, removed))


def _tile(key: int) -> Tile:
    return Tile(key // 2, bool(key % 2))


def _keys_in_play(s: SeatState) -> list[int]:
    """One seat's tiles as kind * 2 + red: hand, melds, river (for the error message)."""
    tiles = [*s.hand, *(t for m in s.melds for t in m.tiles), *s.kita]
    tiles += [e.tile for e in s.river if e.called_by is None]
    return [t.kind * 2 + t.red for t in tiles]


def _red_kinds(tiles: list[Tile]) -> list[int]:
    return [t.kind for t in tiles if t.red]


class Checker:
    """The invariants of one game, checked as often as wanted (`checker(game)`).

    Rivers and melds change only at their end, a few times a hand, so each seat's
    are kept as the tuple of objects last read (holding them, so a replaced entry
    is never mistaken for the old one) with their kinds; comparing tuples of the
    same objects is an identity check in C. The sorted kinds of the tiles taken from
    the wall are kept too and grown one draw at a time.
    """

    def __init__(self) -> None:
        self._rivers: list[tuple[tuple[object, ...], list[int], list[int]]] = [((), [], [])] * 4
        self._melds: list[tuple[tuple[object, ...], list[int], list[int]]] = [((), [], [])] * 4
        self._wall: Wall | None = None
        self._taken_at = (0, 0)  # (live_next, rinshan_taken) of `_taken`
        self._taken: list[int] = []

    def __call__(self, game: Game) -> list[str]:
        problems: list[str] = []
        total = sum(game.scores) + STICK * game.sticks
        if total != game.start_total:
            problems.append(
                f"points not conserved: scores {game.scores} + {game.sticks} sticks = {total}, "
                f"expected {game.start_total}"
            )
        problems.extend(_game_end_rules(game))
        h = game.hand
        if h is None:
            return problems
        wall = h.wall
        if not wall.verified:
            # The wall itself holds the whole set: checked once per hand.
            r = game.ruleset
            if sorted(wall.keys) != _expected_keys(r.red_fives, r.removed_kinds):
                problems.append("the wall does not hold the full set of tiles")
            else:
                wall.verified = True
        shape = wall.shape
        if not (
            shape.deal_end <= wall.live_next <= wall.live_end
            and wall.remaining == wall.live_end - wall.live_next
            and 0 <= wall.rinshan_taken <= wall.replacements <= len(shape.rinshan)
            # A North set aside takes its replacement once nobody robbed it.
            and wall.kita + (h.claim is not None and h.claim.source == "kita")
            == sum(len(s.kita) for s in h.seats)
        ):
            problems.append(
                f"wall counters out of range: next {wall.live_next}, end {wall.live_end}, "
                f"remaining {wall.remaining}, kans {wall.kans}, kita {wall.kita}, "
                f"rinshan {wall.rinshan_taken}"
            )
            return problems
        problems.extend(self._tiles(h.seats, wall))
        if h.phase in ("turn", "claim", "declare"):
            for seat in game.ruleset.seats:
                s = h.seats[seat]
                size = len(s.hand) + 3 * len(s.melds)
                # The seat on turn holds 14 (a quad counted as 3); everyone else 13, the
                # kan or kita maker too while a window on its tile is open.
                want = 14 if h.phase == "turn" and seat == h.turn else 13
                if size != want:
                    problems.append(
                        f"seat {seat} holds {size} tiles (melds as 3), expected {want}"
                    )
                if sum(s.counts) != len(s.hand):
                    problems.append(f"seat {seat}'s kind counts do not match its hand")
        return problems

    def _tiles(self, seats: list[SeatState], wall: Wall) -> list[str]:
        """Every tile in exactly one place.

        The wall's indices partition the tiles into live, dead and "taken" (the
        deal, the draws and the rinshan tiles drawn). So every tile is in exactly one
        place iff the tiles in hands, melds and rivers (a called tile lies in the
        caller's meld, not in the river) are exactly the taken ones. Compared as
        sorted kinds, plus the kinds of the red fives when the wall has any: two
        multisets of (kind, red) are equal iff both of those are.
        """
        reds = wall.reds
        in_play: list[int] = []
        red: list[int] = []
        for seat, s in enumerate(seats):
            in_play += map(_KIND, s.hand)
            river = tuple(s.river)
            seen, kinds, river_red = self._rivers[seat]
            if river != seen:
                tiles = [e.tile for e in river if e.called_by is None]
                kinds = list(map(_KIND, tiles))
                river_red = _red_kinds(tiles) if reds else []
                self._rivers[seat] = (river, kinds, river_red)
            in_play += kinds
            melds = tuple(s.melds)
            seen, kinds, meld_red = self._melds[seat]
            if melds != seen:
                tiles = [t for m in melds for t in m.tiles]
                kinds = list(map(_KIND, tiles))
                meld_red = _red_kinds(tiles) if reds else []
                self._melds[seat] = (melds, kinds, meld_red)
            in_play += kinds
            if s.kita:
                in_play += map(_KIND, s.kita)  # Norths are never red
            if reds:
                red += _red_kinds(s.hand)
                red += river_red
                red += meld_red
        in_play.sort()
        taken = self._taken_kinds(wall)
        red_taken: list[int] = []
        if reds:
            wall_tiles = wall.tiles
            rinshan = (wall_tiles[i] for i in wall.shape.rinshan[: wall.rinshan_taken])
            red_taken = _red_kinds([*wall_tiles[: wall.live_next], *rinshan])
            red.sort()
            red_taken.sort()
        if in_play == taken and red == red_taken:
            return []
        keys = wall.keys
        indices = wall.taken_indices()
        got = Counter(_tile(k) for s in seats for k in _keys_in_play(s))
        want = Counter(_tile(keys[i]) for i in indices)
        extra = {str(t): n for t, n in (got - want).items()}
        missing = {str(t): n for t, n in (want - got).items()}
        return [f"tiles not accounted for: extra {extra}, missing {missing}"]

    def _taken_kinds(self, wall: Wall) -> list[int]:
        """Sorted kinds of the tiles taken from the wall so far."""
        at = (wall.live_next, wall.rinshan_taken)
        if wall is self._wall and at != self._taken_at:
            # Usually one more draw (or rinshan draw) since the last look.
            last_next, last_rinshan = self._taken_at
            if last_next <= at[0] <= last_next + 1 and last_rinshan <= at[1] <= last_rinshan + 1:
                if at[0] > last_next:
                    insort(self._taken, wall.kinds[last_next])
                if at[1] > last_rinshan:
                    insort(self._taken, wall.kinds[wall.shape.rinshan[last_rinshan]])
                self._taken_at = at
        if wall is not self._wall or at != self._taken_at:
            kinds = wall.kinds
            taken = [*kinds[: at[0]], *(kinds[i] for i in wall.shape.rinshan[: at[1]])]
            taken.sort()
            self._wall, self._taken_at, self._taken = wall, at, taken
        return self._taken


def _game_end_rules(game: Game) -> list[str]:
    """The game-end rules of RULESETS.md §8.4: no hand is played once a score fell
    below zero (`bust`) or once someone reached the extension's target in the West
    round (`extension`) — unless the dealer kept the deal without being first
    (§8.1: every extension hand is an all-last) — and no stick stays on the table
    after the end where they go to the first place (`final_deposits`)."""
    r = game.ruleset
    out: list[str] = []
    if game.is_over:
        if r.final_deposits == "to_first" and game.sticks:
            out.append(f"{game.sticks} sticks left on the table; they go to the first place")
        return out
    start = game.hand_start_scores
    if r.bust == "below_zero" and min(start) < 0:
        out.append(f"a hand is played after a score fell below zero: {list(start)}")
    if (
        in_extension(r, game.round_wind)
        and max(start) >= extension_target(r)
        and not _dealer_kept_the_deal(game, start)
    ):
        out.append(
            f"an extension hand is played after {max(start)} reached the target"
            f" {extension_target(r)}"
        )
    return out


def _dealer_kept_the_deal(game: Game, start: tuple[int, ...]) -> bool:
    """Whether the hand in play repeats the last one's dealer (a win or a tenpai draw)
    whom the dealer's stop did not end the game for (`ending.dealer_stop_applies`: he
    was not first, or the rules do not stop on that kind of renchan, or it was an
    abortive draw): the only ways an extension hand is played once someone has the
    target. Read backwards from the end of the events: only the last hand's are seen."""
    abortive = False
    ended: HandEnded | None = None
    for event in reversed(game.events):
        if isinstance(event, HandEnded):
            ended = event
        elif ended is not None and isinstance(event, ExhaustiveDraw):
            abortive = event.kind not in ("exhaustive", "nagashi_mangan")
            break
        elif ended is not None:
            break
    if ended is None or not ended.renchan:
        return False
    stops = dealer_stop_applies(
        game.ruleset, "win" if ended.reason == "win" else "draw", abortive
    )
    return not (stops and dealer_first(start, game.dealer, game.ruleset))


def validate(game: Game) -> list[str]:
    """Every invariant that does not hold now (empty when all do)."""
    return Checker()(game)


def check(game: Game) -> None:
    problems = validate(game)
    if problems:
        raise InvariantViolation("; ".join(problems))


__all__ = ["Checker", "InvariantViolation", "check", "validate"]

"""Why a kind of action is not available to a seat now: the engine's reason, not words.

A client greys out a key whose kind of action is not among the legal ones and,
when it is pressed anyway, says why. The *why* is a rule, so it is decided
here, from the game's state and the ruleset's parameters, in the same order
the engine checks its rules (`engine.turns`, `engine.claims`, `engine.wins`);
the client only words the key (`not_your_turn`, `furiten`, `no_yaku`, ...)
and its fields (tiles in mpsz). One `Unavailable` per kind of action that has
no legal action now; a discard kind that is available still gets one entry
per tile of the hand that may not go (kind `discard_tile`, key `kuikae`,
`riichi_locked`, with a `tile` field), so a client can say why the tile under
its cursor does nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.tiles import NORTH, Tile, format_tiles, tile_key
from rules.waits import is_complete

from .aborts import nine_terminals_bar
from .actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from .seat_view import Unavailable
from .state import STICK

if TYPE_CHECKING:
    from rules.ruleset import Ruleset

    from .game import Game

# Every kind a client has a key for; `tenpai` is showing a tenpai hand at a draw.
KINDS = ("discard", "tsumo", "ron", "riichi", "chi", "pon", "kan", "pass", "tenpai",
         "nine_terminals")
# A ruleset with kita (三麻, RULESETS.md §9) has one more kind: setting a North aside.
KITA_KINDS = (*KINDS, "kita")


def kinds_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The kinds a client has a key for under `ruleset` (no kita key in a four-player game,
    so a four-player view keeps exactly the reasons it had)."""
    return KITA_KINDS if ruleset.kita else KINDS

# Every reason key, with its fields: the table side words each one (and can test
# that it words them all). Tiles are mpsz; counts and points decimal strings.
REASONS: dict[str, str] = {
    "game_over": "the game is over",
    "not_your_turn": "another seat is to act",
    "waiting_for_claims": "a claim window is open and this seat is not asked (tile)",
    "claim_open": "answer the claim window on the tile first (tile)",
    "already_answered": "this seat has answered the claim window (tile)",
    "own_discard": "one cannot call one's own discard (tile)",
    "declaring": "the hand is over: tenpai is being declared",
    "nothing_to_declare": "no declaration is asked now",
    "nothing_to_call": "no discard is on offer",
    "nothing_to_ron": "no discard or kan tile is on offer",
    "nothing_to_pass": "nothing is asked that could be declined",
    "cannot_discard": "this tile may not be discarded now (tile)",
    "kuikae": "kuikae: not right after the call that took its kind (tile)",
    "riichi_locked": "after riichi only the drawn tile may go (tile)",
    "tsumo_after_call": "no tsumo on a turn that began with a call",
    "no_tsumo": "the drawn tile does not complete the hand (tile)",
    "no_yaku": "the hand is complete but has no yaku (tile)",
    "no_ron": "the tile is not one of the waits (tile)",
    "furiten": "furiten (reason: discard | temporary | riichi; wait: the discarded one)",
    "no_kan": "no quad to declare or call now",
    "no_kan_last_tile": "no kan once the live wall is empty",
    "no_kan_max": "no kan beyond the ruleset's number (max)",
    "kan_tile_ron_only": "a kan tile may only be robbed (ron), not called (tile)",
    "no_call_in_riichi": "no chi, pon or kan call after riichi",
    "no_call_houtei": "the last discard cannot be called",
    "chi_only_from_kamicha": "chi takes only the previous seat's discard (tile)",
    "no_chi": "no two tiles make a run with it (tile)",
    "no_pon": "fewer than two of its kind in the hand (tile)",
    "riichi_not_in_ruleset": "the ruleset has no riichi",
    "riichi_already": "riichi is already declared",
    "riichi_needs_closed": "riichi needs a closed hand",
    "riichi_after_call": "no riichi on a turn that began with a call",
    "no_points": "fewer points than a riichi stick (score, need)",
    "riichi_last_tile": "no riichi with the last discard",
    "too_few_tiles": "too few draws left for a riichi (tiles_left)",
    "not_tenpai": "no discard leaves a tenpai hand riichi allows",
    "nine_terminals_off": "the ruleset has no nine-terminals abortive draw (count)",
    "nine_terminals_first_draw": "nine terminals only on one's first draw, nothing called "
                                 "before it (count)",
    "nine_terminals_too_few": "fewer than nine different terminals and honors (count)",
    "chi_not_in_ruleset": "the ruleset has no chi (three players, RULESETS.md §9)",
    "no_north": "no North in the hand to set aside",
    "kita_after_call": "no kita on a turn that began with a call",
    "no_kita_last_tile": "no kita once the live wall is empty",
    "kita_riichi_drawn": "after riichi only a North just drawn may be set aside",
}


_KIND_OF_TYPE: dict[type, str] = {
    Ankan: "kan", Kakan: "kan", Daiminkan: "kan", ShowTenpai: "tenpai",
    NineTerminals: "nine_terminals", Tsumo: "tsumo", Ron: "ron", Chi: "chi", Pon: "pon",
    Pass: "pass", Kita: "kita",
}


def action_kind(action: Action) -> str:
    """The key kind an action belongs to (a riichi discard is `riichi`)."""
    if isinstance(action, Discard):
        return "riichi" if action.riichi else "discard"
    if isinstance(action, Ankan | Kakan | Daiminkan):
        return "kan"
    if isinstance(action, ShowTenpai):
        return "tenpai"
    if isinstance(action, NineTerminals):
        return "nine_terminals"
    # A kita (three players) is its own key; it has no reason when absent (not in KINDS).
    return {
        Tsumo: "tsumo", Ron: "ron", Chi: "chi", Pon: "pon", Pass: "pass", Kita: "kita"
    }[type(action)]


def _kinds(legal: Sequence[Action]) -> set[str]:
    """`action_kind` of every action in `legal` (a view is built at every decision: by
    the action's exact type first, `action_kind` for anything else)."""
    have: set[str] = set()
    kind_of = _KIND_OF_TYPE
    for a in legal:
        if isinstance(a, Discard):
            have.add("riichi" if a.riichi else "discard")
        else:
            kind = kind_of.get(type(a))
            have.add(kind if kind is not None else action_kind(a))
    return have


# One shared `Unavailable` per value: a view is built at every decision and its
# reasons are mostly the same few values.
_REASONS: dict[tuple[str, str, tuple[tuple[str, str], ...]], Unavailable] = {}


def _unavailable(kind: str, key: str, fields: tuple[tuple[str, str], ...]) -> Unavailable:
    k = (kind, key, fields)
    out = _REASONS.get(k)
    if out is None:
        if len(_REASONS) >= 4096:
            _REASONS.clear()
        out = _REASONS[k] = Unavailable(kind, key, fields)
    return out


# What `_reason` says of these kinds outside a claim window and a declaration, whoever
# asks: nothing is on offer and nothing is asked (`_on_turn`'s first checks).
_OFF_TURN_FIXED = {
    kind: Unavailable(kind, key)
    for kind, key in (
        ("ron", "nothing_to_ron"), ("chi", "nothing_to_call"), ("pon", "nothing_to_call"),
        ("pass", "nothing_to_pass"), ("tenpai", "nothing_to_declare"),
    )
}


_NO_CHI = Unavailable("chi", "chi_not_in_ruleset")


def unavailable(game: Game, seat: int, legal: Sequence[Action]) -> tuple[Unavailable, ...]:
    """For each kind with no action in `legal`, the reason; then the per-tile discard bars.

    Equal to asking `_reason` for every kind (tests/test_availability_fast.py checks):
    the kinds whose reason does not depend on the state are taken as they stand."""
    have = _kinds(legal)
    phase = game.hand.phase
    fixed = (
        _OFF_TURN_FIXED
        if not game.is_over and phase != "claim" and phase != "declare"
        else {}
    )
    out = []
    no_chi = not game.ruleset.chi
    for kind in kinds_of(game.ruleset):
        if kind in have:
            continue
        known = _NO_CHI if no_chi and kind == "chi" else fixed.get(kind)
        out.append(known if known is not None else _unavailable(kind, *_reason(game, seat, kind)))
    if "discard" in have:
        out.extend(_barred_tiles(game, seat, legal))
    return tuple(out)


Reason = tuple[str, tuple[tuple[str, str], ...]]


def _reason(game: Game, seat: int, kind: str) -> Reason:
    if game.is_over:
        return "game_over", ()
    h = game.hand
    if kind == "nine_terminals":  # 九種九牌 (RULESETS.md §8.1): the rule's own conditions
        why, held = nine_terminals_bar(game.ruleset, h, seat)
        return why or "nine_terminals_too_few", (("count", str(held)),)
    if h.phase == "declare":
        if kind in ("tenpai", "pass"):
            return ("not_your_turn", ()) if seat in h.declare_queue else ("nothing_to_declare", ())
        return "declaring", ()
    if kind == "tenpai":
        return "nothing_to_declare", ()
    if kind == "chi" and not game.ruleset.chi:
        return "chi_not_in_ruleset", ()
    if h.phase == "claim":
        return _in_claim(game, seat, kind)
    return _on_turn(game, seat, kind)


_TILE_TEXT: dict[Tile | int, str] = {}


def _tile(tile: Tile | int) -> str:
    text = _TILE_TEXT.get(tile)
    if text is None:
        text = _TILE_TEXT[tile] = format_tiles([tile])
    return text


def _on_turn(game: Game, seat: int, kind: str) -> Reason:
    """Reasons while a seat is on its turn (its own, or another's)."""
    h = game.hand
    r = game.ruleset
    s = h.seats[seat]
    mine = h.turn == seat
    if kind in ("chi", "pon"):
        return "nothing_to_call", ()
    if kind == "ron":
        return "nothing_to_ron", ()
    if kind == "pass":
        return "nothing_to_pass", ()
    if kind == "riichi":
        if not r.riichi:
            return "riichi_not_in_ruleset", ()
        if s.riichi:
            return "riichi_already", ()
    if not mine:
        return "not_your_turn", ()
    after_call = h.turn_kind == "call"
    if kind == "discard":
        return "cannot_discard", ()
    if kind == "tsumo":
        if after_call or s.drawn is None:
            return "tsumo_after_call", ()
        chiitoitsu = r.seven_pairs
        if is_complete(s.counts, len(s.melds), chiitoitsu=chiitoitsu):
            return "no_yaku", (("tile", _tile(s.drawn)),)
        return "no_tsumo", (("tile", _tile(s.drawn)),)
    if kind == "kita":
        return _no_kita(game, seat)
    if kind == "kan":
        if h.wall.remaining == 0:
            return "no_kan_last_tile", ()
        if h.wall.kans >= r.max_kans:
            return "no_kan_max", (("max", str(r.max_kans)),)
        return "no_kan", ()
    # riichi
    if not s.closed:
        return "riichi_needs_closed", ()
    if after_call:
        return "riichi_after_call", ()
    if r.riichi_points != "any" and game.scores[seat] < STICK:
        return "no_points", (("score", str(game.scores[seat])), ("need", str(STICK)))
    remaining = h.wall.remaining
    if remaining == 0 and not r.riichi_last_tile:
        return "riichi_last_tile", ()
    if (remaining < 4 and not r.riichi_no_draw) or remaining < r.riichi_min_tiles:
        return "too_few_tiles", (("tiles_left", str(remaining)),)
    return "not_tenpai", ()


def _no_kita(game: Game, seat: int) -> Reason:
    """The first rule of `engine.kans.may_kita` that stops a kita on the seat's turn."""
    h = game.hand
    s = h.seats[seat]
    if h.turn_kind == "call":
        return "kita_after_call", ()
    if h.wall.remaining <= 0:
        return "no_kita_last_tile", ()
    if not s.counts[NORTH]:
        return "no_north", ()
    return "kita_riichi_drawn", ()


def _in_claim(game: Game, seat: int, kind: str) -> Reason:
    """Reasons while a claim window is open on a discard or a kan tile."""
    h = game.hand
    claim = h.claim
    assert claim is not None
    s = h.seats[seat]
    tile = claim.tile
    fields = (("tile", _tile(tile)),)
    asked = seat in claim.options and seat not in claim.responses
    if kind in ("discard", "tsumo", "riichi", "kita"):
        if claim.seat == seat or not asked:
            return "waiting_for_claims", fields
        return "claim_open", fields
    if claim.seat == seat:
        return ("nothing_to_pass", ()) if kind == "pass" else ("own_discard", fields)
    if seat in claim.responses:
        return "already_answered", fields
    if kind == "pass":
        return "nothing_to_pass", ()
    if kind == "ron":
        return _no_ron(game, seat, tile)
    if claim.source != "discard":
        return "kan_tile_ron_only", fields
    if s.riichi:
        return "no_call_in_riichi", ()
    if h.wall.remaining == 0:
        return "no_call_houtei", ()
    if kind == "chi":
        if claim.seat != (seat - 1) % game.ruleset.players:  # the seat before, of those in play
            return "chi_only_from_kamicha", fields
        return "no_chi", fields
    if kind == "pon":
        return "no_pon", fields
    return "no_kan", fields


def _no_ron(game: Game, seat: int, tile: Tile) -> Reason:
    """The first rule that stops this ron, in `WinRules._can_ron`'s order."""
    s = game.hand.seats[seat]
    kind = tile.kind
    fields = (("tile", _tile(tile)),)
    if kind not in s.wait_set:
        return "no_ron", fields
    if s.riichi_furiten:
        return "furiten", (("reason", "riichi"),)
    if s.temp_furiten:
        return "furiten", (("reason", "temporary"),)
    if game.ruleset.furiten_scope == "all_waits":
        hit = sorted(s.wait_set & s.discard_kinds)
        if hit:
            return "furiten", (("reason", "discard"), ("wait", _tile(hit[0])))
    elif kind in s.discard_kinds:
        return "furiten", (("reason", "discard"), ("wait", _tile(kind)))
    elif kind in s.temp_kinds:
        return "furiten", (("reason", "temporary"), ("wait", _tile(kind)))
    return "no_yaku", fields


def _barred_tiles(game: Game, seat: int, legal: Sequence[Action]) -> list[Unavailable]:
    """Tiles of the hand that may not be discarded although discarding is legal."""
    s = game.hand.seats[seat]
    allowed_keys = {tile_key(a.tile) for a in legal if isinstance(a, Discard) and not a.riichi}
    if allowed_keys.issuperset(map(tile_key, s.hand)):  # every tile may go: none to list
        return []
    allowed = {a.tile for a in legal if isinstance(a, Discard) and not a.riichi}
    out: list[Unavailable] = []
    seen: set[Tile] = set()
    for tile in sorted(s.hand, key=tile_key):
        if tile in allowed or tile in seen:
            continue
        seen.add(tile)
        if s.riichi:
            key = "riichi_locked"
        else:
            key = "kuikae" if tile.kind in s.kuikae else "cannot_discard"
        out.append(_unavailable("discard_tile", key, (("tile", _tile(tile)),)))
    return out

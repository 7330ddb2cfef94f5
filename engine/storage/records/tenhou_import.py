"""Real Tenhou games in: an mjlog (`engine.storage.records.mjlog`) replayed through the engine.

Why through mjai lines: the importer (`engine.storage.records.importer`) already rebuilds a
hand's wall from what a record shows and walks the engine through the record,
comparing the engine's own events (written as mjai by `engine.storage.records.mjai`)
with the record line by line. A Tenhou record says the same things in another
spelling, so it is turned into those lines here and handed to the same walk:

- `INIT` → start_kyoku (the deal in record order, so the engine deals the same
  order back; the first indicator; the points, honba and sticks);
- `T`-`W` draws → tsumo (a draw after a kan is the rinshan draw: the walk puts
  it at the rinshan position of our wall, `engine.wall.Shape.rinshan`);
- `D`-`G` discards → dahai (`tsumogiri` is left out: Tenhou tells copies of a
  tile apart, the engine does not, so a same-kind discard from the hand is not
  a difference);
- `N` calls → chi / pon / daiminkan / kakan / ankan with the tiles consumed;
- `REACH` step 1 → reach, step 2 → reach_accepted;
- `DORA`: the kan indicators, in order. Where Tenhou writes the tag is not when
  the rules turn it (an open kan's indicator is written before the kan player's
  discard, and after a second kan's call when he kans again), so the walk places
  them in the wall and checks that the engine turned the same indicators by the
  hand's end, not the line they stand on;
- each `AGARI` → hora with the record's deltas (so every payment is checked) and
  its ura indicators; `RYUUKYOKU` → ryukyoku with the record's tenpai hands and
  deltas; `BYE`/`UN` (disconnections) change nothing in play and are dropped.

Tenhou's own wall order (its dice, the break, where the dead wall lies) does not
need to be copied: what matters is which tile comes when, and the walk places
each shown tile at the index of our wall (`engine.wall`) that serves it at that
moment; the dice stay the record's (they only place the break on screen), and a
record without dice (`seed="0,0,0,,,114"`, written by simulators) leaves the break
unknown.

The rules are the `tenhou` preset with the variant the `GO type` flags give
(RULESETS.md §8.1, `rules.ruleset.tenhou_variant`); a caller's ruleset replaces
them. A 九種九牌 in the record is the `NineTerminals` action of the seat to play;
the other abortive draws and nagashi mangan the engine finds by itself, and the
walk checks that it ends the hand the same way (the ryukyoku reason and deltas).
"""

from __future__ import annotations

from typing import Any

from rules.ruleset import Ruleset, RulesetError, tenhou_variant
from rules.tiles import Tile, tile_key

from ...game import Game
from .importer import Kyoku, rebuild
from .mjai import pai
from .mjlog import (
    Call,
    Discard,
    Draw,
    MjlogGame,
    MjlogHand,
    NewDora,
    Riichi,
    Ryuukyoku,
    Win,
    parse_mjlog,
)

DRAW_REASONS = {  # RYUUKYOKU type → mjai ryukyoku reason
    "": "fanpai",
    "yao9": "kyushukyuhai",
    "kaze4": "sufonrenta",
    "reach4": "suchareach",
    "kan4": "sukaikan",
    "ron3": "sanchaho",
    "nm": "nagashimangan",
}


def ruleset_for(game: MjlogGame) -> Ruleset:
    """The rules the record names: `tenhou` with the variant its `GO type` flags give
    (RULESETS.md §8.1), its results rounded as Tenhou does unless the record's own
    `owari` shows tenths (the GO type does not say which; the results do)."""
    return tenhou_rules(
        game.go_type,
        rounded=all(float(v).is_integer() for v in game.final_results),
        source=f"the record's GO type {game.go_type}",
        chips=game.chips,
    )


def tenhou_rules(go_type: int, *, rounded: bool, source: str, chips: bool = False) -> Ruleset:
    """`rules.ruleset.tenhou_variant` (`tenhou3` for three players), its refusal as one
    ValueError line;
    `chips` for a chip lobby's record (its `sc` gives every seat's chips, §8.5)."""
    try:
        return tenhou_variant(go_type, rounded=rounded, chips=chips)
    except RulesetError as error:
        raise ValueError(f"{source}: {error}") from None


def tile_name(game: MjlogGame, tile_id: int) -> str:
    return pai(game.tile(tile_id))


def _names(game: MjlogGame, ids: Any) -> list[str]:
    return [tile_name(game, i) for i in ids]


def _sorted_names(game: MjlogGame, ids: Any) -> list[str]:
    tiles: list[Tile] = sorted((game.tile(i) for i in ids), key=tile_key)
    return [pai(t) for t in tiles]


def kyoku_of(game: MjlogGame, hand: MjlogHand) -> Kyoku:
    """One hand of the record as the mjai lines the walk compares with the engine's;
    a line's number is its place in the hand (0 = the INIT), so an error's "line n"
    is the n-th move of the hand."""
    start: dict[str, Any] = {
        "type": "start_kyoku",
        "bakaze": "ESWN"[hand.round_wind % 4],
        "kyoku": hand.hand_number + 1,
        "honba": hand.honba,
        "kyotaku": hand.sticks,
        "oya": hand.dealer,
        "dora_marker": tile_name(game, hand.dora_indicator),
        "scores": list(hand.scores),
        "tehais": [_names(game, deal) for deal in hand.deals],
    }
    kyoku = Kyoku(start, [start])
    lines = kyoku.lines
    for move in hand.moves:
        if isinstance(move, Draw):
            lines.append({"type": "tsumo", "actor": move.seat, "pai": tile_name(game, move.tile)})
        elif isinstance(move, Discard):
            lines.append({"type": "dahai", "actor": move.seat, "pai": tile_name(game, move.tile)})
        elif isinstance(move, Call):
            lines.append(_call_line(game, move))
        elif isinstance(move, Riichi):
            if move.step == 1:
                lines.append({"type": "reach", "actor": move.seat})
            else:
                lines.append({"type": "reach_accepted", "actor": move.seat})
                if move.scores is not None:
                    lines[-1]["scores"] = list(move.scores)
        elif isinstance(move, NewDora):
            kyoku.kan_indicators.append(tile_name(game, move.indicator))
    for end in hand.ends:
        if isinstance(end, Win):
            lines.append(
                {
                    "type": "hora",
                    "actor": end.seat,
                    "target": end.from_seat,
                    "pai": tile_name(game, end.win_tile),
                    "deltas": list(end.deltas),
                    "ura_markers": _names(game, end.ura_indicators),
                }
            )
            if end.chips is not None:  # compared with the chips the engine pays
                lines[-1]["chips"] = list(end.chips)
        else:
            lines.append(_draw_line(game, end))
    lines.append({"type": "end_kyoku"})
    kyoku.dora_lines = False
    kyoku.numbers = list(range(len(lines)))  # "line n": the n-th move of the hand
    return kyoku


def _call_line(game: MjlogGame, move: Call) -> dict[str, Any]:
    meld = move.meld
    if meld.kind == "kita":
        return {"type": "kita", "actor": meld.seat, "pai": tile_name(game, meld.tiles[0])}
    if meld.kind == "ankan":
        return {"type": "ankan", "actor": meld.seat, "consumed": _sorted_names(game, meld.tiles)}
    if meld.kind == "kakan":
        rest = [t for t in meld.tiles if t != meld.called]
        return {
            "type": "kakan",
            "actor": meld.seat,
            "pai": tile_name(game, meld.called),  # type: ignore[arg-type]
            "consumed": _sorted_names(game, rest),
        }
    rest = [t for t in meld.tiles if t != meld.called]
    return {
        "type": meld.kind,
        "actor": meld.seat,
        "target": meld.from_seat,
        "pai": tile_name(game, meld.called),  # type: ignore[arg-type]
        "consumed": _sorted_names(game, rest),
    }


def _draw_line(game: MjlogGame, end: Ryuukyoku) -> dict[str, Any]:
    line: dict[str, Any] = {"type": "ryukyoku", "reason": DRAW_REASONS.get(end.kind, end.kind)}
    line["deltas"] = list(end.deltas)
    if end.kind in ("", "nm"):
        line["tenpais"] = [shown is not None for shown in end.shown]
    return line


def game_from_mjlog(data: bytes, ruleset: Ruleset | None = None) -> Game:
    """The game a Tenhou mjlog (plain or gzip) records, replayed through the engine and
    checked step by step; `ruleset` replaces the record's own rules. Raises
    ValueError (an `MjlogError` for an unreadable record) with one line naming the
    hand and the first difference."""
    record = parse_mjlog(data)
    return game_from_record(record, ruleset)


def game_from_record(record: MjlogGame, ruleset: Ruleset | None = None) -> Game:
    rules = ruleset or ruleset_for(record)
    kyokus = [kyoku_of(record, hand) for hand in record.hands]
    # A hand without dice (the record does not say) gets no throw: its break is unknown.
    dice = [(hand.dice,) * rules.kaimen_dice if hand.dice else () for hand in record.hands]
    end = {"type": "end_game", "scores": list(record.final_scores)}
    return rebuild(rules, kyokus, end, seed=0, seating=None, dice=dice)


__all__ = ["game_from_mjlog", "game_from_record", "kyoku_of", "ruleset_for", "tenhou_rules"]

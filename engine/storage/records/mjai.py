"""mjai JSON lines: the event stream of the mjai protocol (Mortal, mjai-reviewer).

One object per line, in play order:

    start_game {names, kyoku_first, aka_flag, mahjong_tui: {ruleset, overrides, ...}}
    start_kyoku {bakaze, kyoku, honba, kyotaku, oya, dora_marker, scores, tehais}
    tsumo {actor, pai} / dahai {actor, pai, tsumogiri}
    reach {actor} before the declaration dahai; reach_accepted {actor, deltas, scores}
    chi / pon / daiminkan {actor, target, pai, consumed}; kakan {actor, pai, consumed};
    ankan {actor, consumed}; dora {dora_marker} where the kan dora was turned
    hora {actor, target, pai, deltas, ura_markers, ...} / ryukyoku {reason, deltas, ...}
    end_kyoku ... end_game {scores}

Tiles are "1m".."9m", "1p".., "1s".., "E S W N P F C" (haku hatsu chun) and
"5mr"/"5pr"/"5sr" for red fives. `kyoku` counts from 1 (= dealer seat + 1).
Besides the fields Mortal reads (`deltas`, `ura_markers`), hora and ryukyoku
carry the original protocol's details (`uradora_markers`, `hora_tehais`,
`yakus`, `fu`, `fan`, `hora_points`, `scores`; `tehais`, `tenpais`), `pao`
names a liable seat, and a noten hand at a draw is `null` in `tehais`.

Each event's shape is written in one place, `MjaiEvents`: the export writes a game's
own events with it, and the live adapter (`engine.mjai_adapter.ToMjai`) a seat's
redacted events, so what a bot is told at our table and what the export writes of
the same game are the same lines, the hidden tiles aside.

What this format cannot say is listed in `engine.storage.records` (module doc).
"""

from __future__ import annotations

import json
from typing import Any

from rules.hand import MeldKind
from rules.tiles import Tile, tile_key

from ...events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    ExhaustiveDraw,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    KanDeclared,
    KitaDeclared,
    RiichiAccepted,
    TenpaiDeclared,
    Won,
)
from ...state import STICK
from . import GameRecord, HandRecord

HONORS = "ESWNPFC"
HIDDEN = "?"  # a tile the reader may not see
WINDS = "ESWN"
EXTENSION = "mahjong_tui"  # start_game field: ruleset, overrides, seed, seating
YAKUMAN_FAN = 100  # how the mjai protocol counts a yakuman in `yakus`
# `ryukyoku` reasons as gimite/mjai spells them (lib/mjai/active_game.rb), by
# ExhaustiveDraw.kind; an exhaustive draw is "fanpai".
RYUKYOKU_REASONS = {
    "nine_terminals": "kyushukyuhai",
    "four_winds": "sufonrenta",
    "four_riichi": "suchareach",
    "four_kans": "sukaikan",
    "triple_ron": "sanchaho",
    "nagashi_mangan": "nagashimangan",
    "chombo": "error",  # mjai.app's arena: a bot's error ends the hand so (Game.apply)
}

# Our yaku ids -> the mjai protocol's names.
YAKU_NAMES = {
    "menzen_tsumo": "menzenchin_tsumoho",
    "riichi": "reach",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshan": "rinshankaiho",
    "haitei": "haiteiraoyue",
    "houtei": "hoteiraoyui",
    "pinfu": "pinfu",
    "tanyao": "tanyaochu",
    "iipeikou": "ipeko",
    "yakuhai_haku": "sangenpai",
    "yakuhai_hatsu": "sangenpai",
    "yakuhai_chun": "sangenpai",
    "yakuhai_seat_wind": "jikaze",
    "yakuhai_round_wind": "bakaze",
    "double_riichi": "double_reach",
    "chiitoitsu": "chitoitsu",
    "chanta": "honchantaiyao",
    "ittsu": "ikkitsukan",
    "sanshoku": "sanshokudojun",
    "sanshoku_doukou": "sanshokudoko",
    "sankantsu": "sankantsu",
    "toitoi": "toitoiho",
    "sanankou": "sananko",
    "shousangen": "shosangen",
    "honroutou": "honroto",
    "ryanpeikou": "ryanpeko",
    "junchan": "junchantaiyao",
    "honitsu": "honiso",
    "chinitsu": "chiniso",
    "renhou": "renho",
    "tenhou": "tenho",
    "chiihou": "chiho",
    "daisangen": "daisangen",
    "suuankou": "suanko",
    "tsuuiisou": "tsuiso",
    "ryuuiisou": "ryuiso",
    "chinroutou": "chinroto",
    "chuuren": "churenpoton",
    "kokushi": "kokushimuso",
    "daisuushii": "daisushi",
    "shousuushii": "shosushi",
    "suukantsu": "sukantsu",
}


def pai(tile: Tile) -> str:
    """The mjai name of a tile: "3m", "5pr" (red), "E", "P" (haku)."""
    if tile.kind >= 27:
        return HONORS[tile.kind - 27]
    name = f"{tile.kind % 9 + 1}{'mps'[tile.kind // 9]}"
    return name + "r" if tile.red else name



def dahai(event: Discarded) -> dict[str, Any]:
    """A discard as mjai's `dahai` (the export and the live adapter both say it so)."""
    return {"type": "dahai", "actor": event.seat, "pai": pai(event.tile),
            "tsumogiri": event.tsumogiri}


def reach_accepted(seat: int, scores: list[int]) -> dict[str, Any]:
    """mjai's `reach_accepted`: the stick put down, and every seat's score after it."""
    deltas = [0] * 4
    deltas[seat] = -STICK
    return {"type": "reach_accepted", "actor": seat, "deltas": deltas, "scores": list(scores)}


def _consumed(tiles: tuple[Tile, ...], taken: Tile | None) -> list[str]:
    rest = sorted(tiles, key=tile_key)
    if taken is not None:
        rest.remove(taken)
    return [pai(t) for t in rest]


def _call(event: Called) -> dict[str, Any]:
    meld = event.meld
    kind = {MeldKind.CHI: "chi", MeldKind.PON: "pon", MeldKind.MINKAN: "daiminkan"}[meld.kind]
    return {
        "type": kind,
        "actor": event.seat,
        "target": event.from_seat,
        "pai": pai(meld.called),  # type: ignore[arg-type]
        "consumed": _consumed(meld.tiles, meld.called),
    }


def _kan(event: KanDeclared) -> dict[str, Any]:
    meld = event.meld
    if meld.kind is MeldKind.ANKAN:
        return {"type": "ankan", "actor": event.seat, "consumed": _consumed(meld.tiles, None)}
    added = meld.tiles[3]
    return {
        "type": "kakan",
        "actor": event.seat,
        "pai": pai(added),
        "consumed": _consumed(meld.tiles[:3], None),
    }


def _yakus(won: Won) -> list[list[Any]]:
    r = won.result
    out: list[list[Any]] = []
    for y in r["yaku"]:
        name = YAKU_NAMES.get(y["id"], y["id"])
        fan = YAKUMAN_FAN if r.get("yakuman") else y["han"]
        if out and out[-1][0] == name == "sangenpai":
            out[-1][1] += fan
        else:
            out.append([name, fan])
    if not r.get("yakuman"):
        for key, name in (("dora", "dora"), ("ura", "uradora"), ("aka", "akadora")):
            if r["dora"][key]:
                out.append([name, r["dora"][key]])
    return out


def _hora(won: Won, scores: list[int]) -> dict[str, Any]:
    deltas = [0] * 4
    for p in won.payments:
        deltas[p.payee] += p.amount
        if p.payer >= 0:
            deltas[p.payer] -= p.amount
    for seat in range(4):
        scores[seat] += deltas[seat]
    r = won.result
    ura = [pai(t) for t in won.ura_indicators]
    hand = sorted((*won.concealed, won.win_tile), key=tile_key)
    out: dict[str, Any] = {
        "type": "hora",
        "actor": won.winner,
        "target": won.winner if won.from_seat is None else won.from_seat,
        "pai": pai(won.win_tile),
        "deltas": deltas,
        "ura_markers": ura,
        "uradora_markers": ura,
        "hora_tehais": [pai(t) for t in hand],
        "yakus": _yakus(won),
        "fu": r["fu"],
        "fan": YAKUMAN_FAN * r["yakuman"] if r.get("yakuman") else r["han"],
        "hora_points": r["points"]["total"],
        "scores": list(scores),
    }
    if won.liable is not None:
        out["pao"] = won.liable
    if won.chips:  # a ruleset with chips (RULESETS.md §8.5): each seat's chips moved
        out["chips"] = list(won.chips)
    return out


class MjaiEvents:
    """Our events as mjai events: the one place each mjai event shape is written, for the
    export (`kyoku_lines`: a game's own events, nothing hidden) and for a seat at an
    mjai table (`engine.mjai_adapter.ToMjai`: the events redacted for that seat, whose
    hidden tiles are None, written `?`). `start_kyoku` is written once the hand's
    first indicator is known (a ruleset without dora: at the first draw, `?`)."""

    def __init__(self, players: int = 4) -> None:
        self.players = players  # three (RULESETS.md §9): seat 3 sits out, its hand `[]`
        self._started: HandStarted | None = None
        self._dealt: Dealt | None = None
        self.scores: list[int] = [0] * 4
        self._shown: dict[int, list[str]] = {}
        self.reach_sent: set[int] = set()  # seats whose `reach` was written already

    def _start_kyoku(self, marker: Tile | None) -> dict[str, Any]:
        start, dealt = self._started, self._dealt
        assert start is not None and dealt is not None
        self._started = self._dealt = None
        return {
            "type": "start_kyoku",
            "bakaze": WINDS[start.round_wind],
            "kyoku": start.hand_number + 1,
            "honba": start.honba,
            "kyotaku": start.sticks,
            "oya": start.dealer,
            "dora_marker": pai(marker) if marker is not None else HIDDEN,
            "scores": list(start.scores),
            "tehais": [
                [pai(t) for t in hand] if hand or seat >= self.players else [HIDDEN] * 13
                for seat, hand in enumerate(dealt.hands)
            ],
        }

    def events(self, event: Event) -> list[dict[str, Any]]:
        """The mjai events of one of ours (none for a game's start: `start_game` says
        who reads it, which the caller knows)."""
        out: list[dict[str, Any]] = []
        if isinstance(event, GameStarted):
            self.scores = list(event.scores)
        elif isinstance(event, HandStarted):
            self._started = event
            self.scores = list(event.scores)
            self._shown = {}
        elif isinstance(event, Dealt):
            self._dealt = event
        elif isinstance(event, DoraRevealed):
            if self._started is not None and self._dealt is not None and not event.kan:
                out.append(self._start_kyoku(event.indicator))
            else:
                out.append({"type": "dora", "dora_marker": pai(event.indicator)})
        elif isinstance(event, Drew):
            if self._started is not None:  # a ruleset without dora: no indicator
                out.append(self._start_kyoku(None))
            tile = pai(event.tile) if event.tile is not None else HIDDEN
            out.append({"type": "tsumo", "actor": event.seat, "pai": tile})
        elif isinstance(event, Discarded):
            if event.riichi and event.seat not in self.reach_sent:
                out.append({"type": "reach", "actor": event.seat})
            self.reach_sent.discard(event.seat)
            out.append(dahai(event))
        elif isinstance(event, RiichiAccepted):
            self.scores[event.seat] = event.score
            out.append(reach_accepted(event.seat, self.scores))
        elif isinstance(event, Called):
            out.append(_call(event))
        elif isinstance(event, KanDeclared):
            out.append(_kan(event))
        elif isinstance(event, KitaDeclared):
            out.append({"type": "kita", "actor": event.seat, "pai": pai(event.tile)})
        elif isinstance(event, Won):
            if event.result:
                out.append(_hora(event, self.scores))
            else:  # a win whose settlement this reader was not told
                out.append({
                    "type": "hora",
                    "actor": event.winner,
                    "target": event.winner if event.from_seat is None else event.from_seat,
                    "pai": pai(event.win_tile),
                })
        elif isinstance(event, TenpaiDeclared):
            if event.tenpai:
                self._shown[event.seat] = [pai(t) for t in event.hand]
        elif isinstance(event, ExhaustiveDraw):
            out.append(self._ryukyoku(event))
        elif isinstance(event, HandEnded):
            self.scores = list(event.scores)
            out.append({"type": "end_kyoku"})
        elif isinstance(event, GameEnded):
            out.append(end_game(event.scores))
        return out

    def _ryukyoku(self, event: ExhaustiveDraw) -> dict[str, Any]:
        deltas = [0] * 4
        for p in event.payments:
            deltas[p.payee] += p.amount
            if p.payer >= 0:
                deltas[p.payer] -= p.amount
        for seat in range(4):
            self.scores[seat] += deltas[seat]
        return {
            "type": "ryukyoku",
            "reason": RYUKYOKU_REASONS.get(event.kind, "fanpai"),
            "tehais": [self._shown.get(seat) for seat in range(4)],
            "tenpais": list(event.tenpai),
            "deltas": deltas,
            "scores": list(self.scores),
        }


def start_game(
    names: list[str], aka: bool, *, seat: int | None = None,
    extension: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """mjai's `start_game`: the players' names and whether red fives are played, with
    the reader's own seat (`id`, a seat at an mjai table) or our extension (the
    export: what `engine.storage.records.importer` needs to rebuild the game, which mjai
    itself does not say; other readers ignore it)."""
    out: dict[str, Any] = {"type": "start_game"}
    if seat is not None:
        out["id"] = seat
    out.update({"names": names, "kyoku_first": 0, "aka_flag": aka})
    if extension is not None:
        out[EXTENSION] = extension
    return out


def end_game(scores: tuple[int, ...] | None) -> dict[str, Any]:
    """mjai's `end_game`, with the final scores when they are known."""
    out: dict[str, Any] = {"type": "end_game"}
    if scores is not None:
        out["scores"] = list(scores)
    return out


def kyoku_lines(hand: HandRecord, players: int = 4) -> list[dict[str, Any]]:
    """One hand of a record as mjai events (`MjaiEvents` over its own events)."""
    writer = MjaiEvents(players)
    events: list[Event] = [hand.start, Dealt(hand.dealt), DoraRevealed(hand.dora[0], False)]
    # (the game's end is the record's to write, once: `to_mjai`)
    events += [e for e in hand.events if not isinstance(e, GameEnded)]
    if hand.end is not None:
        events.append(hand.end)
    out = [line for event in events for line in writer.events(event)]
    if hand.end is None:
        out.append({"type": "end_kyoku"})
    return out


def to_mjai(record: GameRecord) -> list[dict[str, Any]]:
    """The game as mjai events."""
    game = record.game
    out = [start_game(
        [f"seat {s} (player {game.seating[s]})" for s in range(4)],
        record.ruleset.red_fives > 0,
        extension={
            "ruleset": record.ruleset.id,
            "overrides": dict(game.setup["overrides"]),
            "seed": game.seed,
            "seating": list(game.seating),
        },
    )]
    for hand in record.hands:
        out += kyoku_lines(hand, record.ruleset.players)
    out.append(end_game(None if record.ended is None else record.ended.scores))
    return out


def to_mjai_text(record: GameRecord) -> str:
    return "".join(
        json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
        for line in to_mjai(record)
    )


def masked_for(lines: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """A record's mjai events as a server sends them to `seat`: `start_game` names the
    seat (`id`), the other seats' `start_kyoku` hands and `tsumo` tiles are `?`."""
    out: list[dict[str, Any]] = []
    for line in lines:
        kind = line.get("type")
        if kind == "start_game":
            line = {**line, "id": seat}
        elif kind == "start_kyoku":
            line = {
                **line,
                "tehais": [
                    list(hand) if s == seat else ["?"] * len(hand)
                    for s, hand in enumerate(line["tehais"])
                ],
            }
        elif kind == "tsumo" and line.get("actor") != seat:
            line = {**line, "pai": "?"}
        out.append(line)
    return out

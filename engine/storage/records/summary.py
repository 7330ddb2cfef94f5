"""`replay --summary --json`: a played game as one JSON object per hand, then its end.

The form is the contract's (CONTRACT.md "`mahjong-tui replay LOG --summary
--json`"), the same for our own logs, saves and imported records, so a game
rebuilt from a Tenhou record can be compared hand by hand with what the record
itself says (`engine.storage.records.mjlog.record_summary`):

    {"hand": "E1-0", "end": "ron", "winners": [2], "deltas": [...], "scores": [...]}
    {"final_scores": [...], "results": [...]}

It is read from the game's events only (never from a ruleset branch): the hand's
label from `HandStarted`, the kind of end from the events that closed it (`Won`:
ron or tsumo; `ExhaustiveDraw`; an abortive draw or nagashi mangan as its
`HandEnded.reason` names it), `deltas`/`scores` from `HandEnded`, the final
scores and results from `GameEnded`; with chips (§8.5) a `chips` field per hand (the
wins' `Won.chips`) and at the end (`GameEnded.chips`).
"""

from __future__ import annotations

from typing import Any

from ...events import Event, ExhaustiveDraw, GameEnded, HandEnded, HandStarted, Won

WINDS = "ESWN"
# The contract's `end` values; a `HandEnded.reason` outside "win"/"draw" that is one of
# these (the rule modules' abortive draws) is reported as it is.
ENDS = (
    "ron",
    "tsumo",
    "exhaustive",
    "nine_terminals",
    "four_winds",
    "four_riichi",
    "four_kans",
    "triple_ron",
    "nagashi_mangan",
    "time_limit",
    "chombo",
)


def hand_summaries(events: list[Event], *, chips: bool = False) -> list[dict[str, Any]]:
    """One row per finished hand, then the game's end row if the game is over. With
    `chips` (a ruleset that pays them, RULESETS.md §8.5) each row also has `chips`:
    every seat's chips moved in the hand, and at the end over the game."""
    rows: list[dict[str, Any]] = []
    label = ""
    winners: list[int] = []
    end = ""
    moved = [0] * 4
    for event in events:
        if isinstance(event, HandStarted):
            label = f"{WINDS[event.round_wind % 4]}{event.hand_number + 1}-{event.honba}"
            winners, end = [], ""
            moved = [0] * 4
        elif isinstance(event, Won):
            winners.append(event.winner)
            for seat, d in enumerate(event.chips):
                moved[seat] += d
            end = "tsumo" if event.from_seat is None else "ron"
        elif isinstance(event, ExhaustiveDraw):
            end = _draw_end(event)
        elif isinstance(event, HandEnded):
            if event.reason not in ("win", "draw"):
                end = event.reason
            rows.append(
                {
                    "hand": label,
                    "end": end or event.reason,
                    "winners": list(winners),
                    "deltas": list(event.deltas),
                    "scores": list(event.scores),
                }
            )
            if chips:
                rows[-1]["chips"] = list(moved)
        elif isinstance(event, GameEnded):
            by_seat = sorted(event.results, key=lambda r: r["seat"])
            rows.append(
                {
                    "final_scores": list(event.scores),
                    "results": [row["result"] for row in by_seat],
                }
            )
            if chips:
                rows[-1]["chips"] = list(event.chips) or [0] * 4
    return rows


def _draw_end(event: ExhaustiveDraw) -> str:
    """The draw's CONTRACT.md `end` name, as the engine names it (`kind`)."""
    return event.kind


__all__ = ["ENDS", "hand_summaries"]

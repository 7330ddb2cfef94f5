"""The typed facts of a win: the situation it was scored in, and the score itself.

A `Won` event records the scorer's explanation as a JSON dict (the log's and
CONTRACT.md's form). A result screen needs more: the situational flags the
engine set (riichi, ippatsu, rinshan, chankan, haitei/houtei, tenhou/chiihou,
renhou, seat and round wind, the indicators) and the typed `ScoreResult`.

The engine decides those flags once, from its state, when it scores the win
(`engine.wins.win_input`), and settles the win with that very input and answer:
`facts_of` turns the scorer's `Win` into the `WinFacts` of the `Won` and
`win_input` turns them back, field by field under the same names
(`SITUATION`), so a flag can never be dropped between scoring a win, keeping
its facts and scoring it again. Both are derived values, left out of the log
(codec `NOT_ENCODED`); a save or a log is replayed through the engine, which
settles each win the same way.

`win_facts` works the facts out again from a hand's public events, for a `Won`
that has none (one decoded on its own, or a what-if under another ruleset);
the engine's invariants check that it agrees with the engine's own facts on
every win (`engine.invariants`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace

from rules.hand import Win
from rules.ruleset import Ruleset
from rules.scoring import ScoreResult, score

from .events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    HandStarted,
    KanDeclared,
    KitaDeclared,
    RiichiAccepted,
    WinFacts,
    Won,
)

__all__ = [
    "SITUATION",
    "WinFacts",
    "complete_wins",
    "completed",
    "facts_of",
    "win_facts",
    "win_input",
]

# The situational fields, the same names in `WinFacts` and in the scorer's `Win`.
SITUATION: tuple[str, ...] = tuple(f.name for f in fields(WinFacts))


def facts_of(win: Win) -> WinFacts:
    """The situation of the scorer's input `win`, as a `Won` keeps it."""
    return WinFacts(**{name: getattr(win, name) for name in SITUATION})


def _hand_before(history: Sequence[Event], won: Won) -> list[Event]:
    """The events of `won`'s hand before it (from its `HandStarted`)."""
    end = next(i for i, e in enumerate(history) if e is won)
    start = max(i for i in range(end) if isinstance(history[i], HandStarted))
    return [e for e in history[start:end] if not isinstance(e, Won)]


def win_facts(history: Sequence[Event], won: Won, ruleset: Ruleset) -> WinFacts:
    """The facts of `won`, an event of `history` (a game's events, in order)."""
    events = _hand_before(history, won)
    started = events[0]
    assert isinstance(started, HandStarted)
    seat = won.winner
    tsumo = won.from_seat is None
    sticks = started.sticks
    for e in events:
        if isinstance(e, RiichiAccepted):
            sticks = e.sticks
    moves = Drew | Discarded | KanDeclared | Called | KitaDeclared
    last_move = next((e for e in reversed(events) if isinstance(e, moves)), None)
    # A robbed kan never happened (000 第9条ロ): it neither made a call nor broke ippatsu.
    chankan = not tsumo and isinstance(last_move, KanDeclared)
    # A ronned kita stands (the North stays set aside); it is a call that ends every
    # ippatsu, the winner's too unless `kita_ron_ippatsu` (RULESETS.md §9).
    kita_ron = not tsumo and isinstance(last_move, KitaDeclared)
    calls = [
        i
        for i, e in enumerate(events)
        if isinstance(e, Called | KanDeclared | KitaDeclared)
        and not (chankan and e is last_move)
        and not (kita_ron and ruleset.kita_ron_ippatsu and e is last_move)
    ]
    own = [i for i, e in enumerate(events) if isinstance(e, Discarded) and e.seat == seat]
    declared = [i for i in own if events[i].riichi]  # type: ignore[union-attr]
    riichi = bool(declared) and any(
        isinstance(e, RiichiAccepted) and e.seat == seat for e in events
    )
    riichi_at = declared[0] if declared else -1
    double = (
        riichi
        and ruleset.double_riichi
        and own[0] == riichi_at
        and not any(i < riichi_at for i in calls)
    )
    ippatsu = (
        riichi
        and ruleset.ippatsu
        and not any(i > riichi_at for i in calls)
        and not any(i > riichi_at for i in own)
    )
    drew = last_move if isinstance(last_move, Drew) else None
    rinshan = tsumo and drew is not None and drew.rinshan
    if rinshan and not ruleset.kita_rinshan:
        before = events[: events.index(drew)]  # type: ignore[arg-type]
        replaced = next((e for e in reversed(before) if isinstance(e, KanDeclared | KitaDeclared
                                                                 | Called)), None)
        rinshan = not isinstance(replaced, KitaDeclared)
    first = tsumo and not calls and not own and not rinshan
    # 人和 (A18): a ron before one's own first draw, nothing called before it.
    renhou = (
        not tsumo
        and not calls
        and not own
        and seat != started.dealer
        and not any(isinstance(e, Drew) and e.seat == seat for e in events)
    )
    haitei = (
        tsumo
        and drew is not None
        and drew.remaining == 0
        and (not rinshan or ruleset.haitei_rinshan)
    )
    houtei = not tsumo and not chankan and isinstance(last_move, Discarded) and last_move.houtei
    return WinFacts(
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=bool(double),
        ippatsu=bool(ippatsu),
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=first and seat == started.dealer,
        chiihou=first and seat != started.dealer,
        renhou=renhou,
        seat_wind=27 + (seat - started.dealer) % ruleset.players,
        round_wind=27 + started.round_wind,
        dora_indicators=(
            tuple(e.indicator for e in events if isinstance(e, DoraRevealed))
            if ruleset.dora
            else ()
        ),
        ura_indicators=won.ura_indicators,
        honba=started.honba,
        riichi_sticks=sticks,
        kita=sum(1 for e in events if isinstance(e, KitaDeclared) and e.seat == seat),
    )


def win_input(won: Won, facts: WinFacts) -> Win:
    """The scorer's input for `won` in its situation (every field of `facts`)."""
    return Win(
        concealed=won.concealed,
        win_tile=won.win_tile,
        melds=won.melds,
        **{name: getattr(facts, name) for name in SITUATION},
    )


def completed(history: Sequence[Event], won: Won, ruleset: Ruleset) -> Won:
    """`won` with its facts and typed score (itself if it has them already)."""
    if won.facts is not None and won.score is not None:
        return won
    facts = win_facts(history, won, ruleset)
    result = score(win_input(won, facts), ruleset)
    if not isinstance(result, ScoreResult):  # pragma: no cover - the engine scored it
        raise ValueError(f"the win of seat {won.winner} does not score again: {result}")
    return replace(won, facts=facts, score=result)


def complete_wins(events: list[Event], ruleset: Ruleset, start: int = 0) -> None:
    """Complete every `Won` of `events[start:]` in place, with the facts of its hand."""
    for i in range(start, len(events)):
        event = events[i]
        if isinstance(event, Won) and (event.facts is None or event.score is None):
            events[i] = completed(events, event, ruleset)

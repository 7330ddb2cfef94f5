"""Discard questions from the player's own reviewed games: the positions where the
review (`ai.review.review_log`) found a discard worse in shanten or accepted tiles.

    keys, notes = find_mistakes(data_dir)          # ["mistake:20260101-1200:57", ...]
    question = mistake_question(keys[0], data_dir)

A key names the kept game (`games/<id>.jsonl`) and the action's index, so a missed
one can be asked again in a later session; a game file that is gone (or no longer
reads) makes `MistakeGone`, with a one-line note, and the drill skips it. The
question is rebuilt by replaying the log to that action: the hand and every tile
in sight (rivers, other players' calls, dora indicators) as they were; the answer
is `rules.analysis` on that position, like the seeded discard drill, and the
explanation adds what was played and what the AI suggested.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ai.review import review_log
from engine.log import replay
from engine.timeline import Timeline
from rules.analysis import analyse, shanten_state
from rules.tiles import Tile, format_tiles, kind_to_str, tile_key

from .drills import tile_label
from .question import Question, choices
from .texts import shanten_words, text

PREFIX = "mistake"
VERDICTS = ("shanten", "ukeire")  # the mistakes tile efficiency alone can show
LATEST_GAMES = 10  # the newest kept games are reviewed: a review takes a while


class MistakeGone(LookupError):
    """The game of a mistake key is gone or unreadable; the message is one line."""


def mistake_key(game_id: str, step: int) -> str:
    return f"{PREFIX}:{game_id}:{step}"


def is_mistake_key(key: str) -> bool:
    return key.startswith(PREFIX + ":")


def parse_mistake(key: str) -> tuple[str, int]:
    """`mistake:<game id>:<step>` -> (game id, step); ValueError otherwise."""
    prefix, _, rest = key.partition(":")
    game, _, step = rest.rpartition(":")
    if prefix != PREFIX or not game or not step.isdigit():
        raise ValueError(f"not a mistake key: {key!r}")
    return game, int(step)


def _games(data_dir: Path) -> list[Path]:
    folder = data_dir / "games"
    try:
        files = [p for p in folder.glob("*.jsonl") if not p.name.endswith(".pending.jsonl")]
    except OSError:
        return []
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


@cache
def _reviewed(path: Path, mtime: float) -> tuple[tuple[int, str], ...]:
    """(step, the AI's discard) of each discard the review found worse (cached by the
    file's time)."""
    from engine.actions import Discard

    found = review_log(path)
    return tuple((item.step, _tile_of(item.suggested)) for item in found.items
                 if item.verdict in VERDICTS and isinstance(item.played, Discard))


def _tile_of(action: object) -> str:
    """'5z' for a discard (or riichi) of 5z, '?' for anything else."""
    tile = getattr(action, "tile", None)
    return kind_to_str(tile.kind) if tile is not None else "?"


def find_mistakes(data_dir: Path, latest: int = LATEST_GAMES) -> tuple[list[str], list[str]]:
    """(the mistake keys of the newest kept games, newest game first; notes on the
    games that could not be reviewed)."""
    keys: list[str] = []
    notes: list[str] = []
    for path in _games(data_dir)[:latest]:
        try:
            steps = _reviewed(path, path.stat().st_mtime)
        except Exception as error:  # a log of an older version, cut short, edited
            notes.append(f"{path.name}: {str(error).splitlines()[0] if str(error) else error!r}")
            continue
        keys += [mistake_key(path.stem, step) for step, _ in steps]
    return keys, notes


def _record(path: Path, step: int) -> Timeline:
    """The game's record (`engine.timeline`), which has an action `step`."""
    timeline = Timeline.of(replay(path))
    if not 0 <= step < len(timeline.actions):
        raise MistakeGone(f"{path.name} has no action {step}")
    return timeline


def mistake_question(key: str, data_dir: Path, lang: str = "en") -> Question:
    """The discard question of a past mistake (`MistakeGone` if its game is gone)."""
    game_id, step = parse_mistake(key)
    path = data_dir / "games" / f"{game_id}.jsonl"
    try:
        timeline = _record(path, step)
        played = timeline.actions[step]
        # What the seat that played saw just before it (the engine's record rebuilds it).
        view, _ = timeline.decision(step)
    except MistakeGone:
        raise
    except Exception as error:
        raise MistakeGone(text("mistake.gone", lang).format(game=game_id, why=error)) from None
    seat = played.seat
    own = view.melds[seat]
    visible: list[Tile] = [r.tile for river in view.rivers for r in river if r.called_by is None]
    visible += [t for other, called in enumerate(view.melds) if other != seat
                for m in called for t in m.tiles]
    in_sight = sorted(visible, key=tile_key)
    seen = format_tiles(in_sight)
    melds = [f"{m.kind.value}:{format_tiles(m.tiles)}" for m in own]
    result = analyse(format_tiles(view.hand), view.ruleset, melds=melds,
                     visible=format_tiles(visible), dora=format_tiles(view.dora_indicators))
    best = result.best
    right = {o.discard for o in result.options
             if (o.shanten, o.accepted_count) == (best.shanten, best.accepted_count)}
    lines = [text("mistake.played", lang).format(tile=_tile_of(played))]
    suggested = dict(_reviewed(path, path.stat().st_mtime)).get(step)
    if suggested is not None:
        lines.append(text("mistake.suggested", lang).format(tile=suggested))
    if lang != "ja":
        lines.append(result.reason)  # rules.analysis writes it in English only
    for o in result.options:
        if o.discard is not None:
            state = shanten_state(o.shanten) if lang != "ja" else shanten_words(o.shanten, lang)
            lines.append(text("discard.option", lang).format(
                tile=kind_to_str(o.discard), state=state, accepted=o.accepted_count))
    hand_kinds = sorted({t.kind for t in view.hand})
    hand = sorted(view.hand, key=tile_key)
    return Question(
        kind="discard", key=key,
        prompt=text("mistake.prompt", lang),
        hand=format_tiles(hand),
        facts=(
            text("mistake.where", lang).format(game=game_id, turn=len(view.rivers[seat]) + 1),
            text("mistake.seen", lang).format(tiles=seen or "-"),
            text("mistake.dora", lang).format(tiles=format_tiles(view.dora_indicators)),
            *([text("mistake.melds", lang).format(melds=" ".join(melds))] if melds else []),
        ),
        choices=choices([(kind_to_str(k), tile_label(k, lang)) for k in hand_kinds]),
        answer=frozenset(kind_to_str(k) for k in right if k is not None),
        multi=False,
        explanation=tuple(lines),
    )

"""The learner's first real game, offered after lesson 9 (the last four-player one)
and from the lesson menu: the table under `wrc`, against `easy`, with the aids on.

Why `wrc`: lessons 1-9 check their answers under `wrc` (`Lesson.ruleset`; a test
keeps them equal; lesson 10, three-player, uses `tenhou3` and comes after the
offer), so the first game plays exactly the rules those lessons taught: open
tanyao allowed (lesson 6's kuitan), furiten on every wait (lesson 7), a 1000 point
riichi with ura dora, no red fives (a kind of dora the lessons never show),
kuikae forbidden, and a plain fixed uma with no oka to explain at the end (jpm
adds a 20,000 oka and a 25,000 start; renmei_classic has no riichi at all).

Why `easy`: its opponents play fast and rarely defend, so a learner who follows
the hint (`i`) often wins an early hand. The aids (shanten, waits and the hint's
reasons) are what the lessons used, so they stay on.

The lesson screens only ask for this game (`tui.navigation.PlayFirstGame`); the
app builds the table, as it does for any game.
"""

from __future__ import annotations

from dataclasses import replace

from ..settings import GameConfig

FIRST_GAME_PRESET = "wrc"
FIRST_GAME_AI = "easy"


def first_game_lesson() -> int:
    """The index in the course of the lesson whose end offers the first game: the last
    one taught under `FIRST_GAME_PRESET` (lesson 9; the three-player lesson after it
    plays `tenhou3`, not the first game's rules)."""
    from .course import COURSE

    return max(i for i, lesson in enumerate(COURSE) if lesson.ruleset == FIRST_GAME_PRESET)


def first_game_config(base: GameConfig, *, lang: str, tiles: str,
                      seed: int | None = None) -> GameConfig:
    """`base` (the app's or the launch screen's choices: its seed, its delay) made
    into the first game: the preset and level above, aids on, no house rules, in
    the lessons' language and tile style."""
    return replace(base, ruleset=FIRST_GAME_PRESET, ai=FIRST_GAME_AI, aids=True, rules=(),
                   lang=lang, tiles=tiles, seed=base.seed if seed is None else seed)

"""Script the UI in tests: start the app on a seeded game or a scripted position at
a given terminal size, press keys, and get the screen back.

The game's third use (after playing and learning) is scripting its UI, and this
is the public way to do it. Two ways to start:

- `seeded_app(seed)`: a whole game against the AI, as `mahjong-tui --seed N`.
- `position_app(Position(...))`: a scripted position. `Position.hands` deals the
  first hand (13 tiles per seat, mpsz, seat 0 is you and the dealer), `draws`
  fixes the live wall's first draws in draw order, and `moves` (engine actions:
  discards, calls, kans, riichi) are played in order before the app starts, each
  seat not named passing and discarding the tile it drew until the next move is
  legal (`engine.scripted`). The scores can be set; the opponents are then
  tsumogiri bots, so nothing you did not script happens.

Then either hand the app and `keys(...)` to pytest-textual-snapshot:

    assert snap_compare(app, terminal_size=(120, 40), run_before=keys("i"))

or read the screen as text: `screen_text(app, size=(80, 24), press=("i",))`.
Both wait until you are asked to decide (the engine runs in a worker) before the
first key and after each one. Every app gets a fresh data directory unless one
is given, so a test never reads or writes the player's history and settings.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.baseline import TsumogiriPlayer
from engine.actions import Action
from engine.table_host import TableHost, position_host

from .app import MahjongApp
from .screens.table import TableScreen

YOU = 0  # the seat the app's player sits in


@dataclass(frozen=True, slots=True)
class Position:
    """A scripted position: the deal, the wall's first draws, the moves played.

    `hands`: four 13-tile hands in mpsz by absolute seat (0 = you, the dealer).
    `draws`: the live wall's first tiles in draw order (whoever draws them).
    `moves`: engine actions played in order; other seats pass and discard what
    they draw until each move is legal. `rinshan`, `indicators`: the dead wall's
    replacement tiles and dora indicators. `scores`: the four scores at the start
    (the ruleset's start score by default). The position is what you see when you
    are next asked to decide."""

    hands: tuple[str, str, str, str]
    draws: str = ""
    moves: tuple[Action, ...] = ()
    rinshan: str = ""
    indicators: str = ""
    scores: tuple[int, int, int, int] | None = None
    ruleset: str = "wrc"

    def host(self) -> TableHost:
        """The engine's host of the game at this position (the moves played): what
        the app is handed (`engine.table_host.position_host`)."""
        return position_host(self.ruleset, self.hands, self.draws, self.moves,
                             rinshan=self.rinshan, indicators=self.indicators,
                             scores=self.scores, you=YOU)


def _data_dir(data_dir: str | Path | None) -> Path:
    return Path(data_dir) if data_dir is not None else Path(tempfile.mkdtemp(prefix="mjtui-"))


def seeded_app(
    seed: int,
    *,
    ruleset: str = "wrc",
    ai: str = "greedy",
    tiles: str = "text",
    lang: str = "en",
    data_dir: str | Path | None = None,
) -> MahjongApp:
    """The app on a whole game from `seed`, as `mahjong-tui --seed N` (no launch screen)."""
    return MahjongApp(
        ruleset_id=ruleset,
        ai=ai,
        seed=seed,
        tiles=tiles,
        lang=lang,
        delay=0,
        data_dir=_data_dir(data_dir),
    )


def position_app(
    position: Position,
    *,
    tiles: str = "text",
    lang: str = "en",
    data_dir: str | Path | None = None,
) -> MahjongApp:
    """The app at a scripted position, the opponents tsumogiri bots."""
    return MahjongApp(
        host=position.host(),
        opponents=[TsumogiriPlayer(seat) for seat in (1, 2, 3)],
        tiles=tiles,
        lang=lang,
        delay=0,
        data_dir=_data_dir(data_dir),
    )


async def wait_for_turn(pilot: Any, timeout: float = 20.0) -> None:
    """Wait until you are asked to decide, or another screen (a result) is on top."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        screen = app.screen
        if isinstance(screen, TableScreen):
            if screen.decision is not None and not screen._render_pending:
                await pilot.pause()
                return
        elif any(isinstance(s, TableScreen) for s in app.screen_stack):
            await pilot.pause()
            return
        await asyncio.sleep(0.002)
    raise TimeoutError(f"nothing to decide after {timeout}s (top: {type(app.screen).__name__})")


def keys(*sequence: str) -> Callable[[Any], Awaitable[None]]:
    """A `run_before` for `snap_compare`: wait for your turn, then press each key
    (Textual key names: "i", "enter", "left", "question_mark"), waiting after each."""

    async def run(pilot: Any) -> None:
        await wait_for_turn(pilot)
        for key in sequence:
            await pilot.press(key)
            await wait_for_turn(pilot)

    return run


def screen_text(
    app: MahjongApp, *, size: tuple[int, int] = (120, 40), press: Sequence[str] = ()
) -> str:
    """Run `app` headless at `size`, press `press` (as `keys`), and return the
    screen as plain text, one line per row."""

    async def run() -> str:
        async with app.run_test(size=size) as pilot:
            await keys(*press)(pilot)
            strips = app.screen._compositor.render_strips()
            return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)

    return asyncio.run(run())


__all__ = [
    "Position",
    "keys",
    "position_app",
    "screen_text",
    "seeded_app",
    "wait_for_turn",
]

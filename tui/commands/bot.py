"""`mahjong-tui bot`: our AI as an mjai bot on standard input and output (CONTRACT.md).

mjai.app's dialect by default: each input line is a JSON array of the events since
the last answer, and each gets exactly one answer line (`{"type":"none"}` when the
bot has nothing to do). `--stream`, Mortal's dialect: one event a line, and a line
out only when the event lets the bot act. An event it cannot follow, or a line it
cannot read, is one line on standard error and `none`: the bot never exits
mid-game; it ends at the end of its input. Never imports Textual.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from .guard import guarded

LEVEL_CHOICES = ("easy", "normal", "hard")


def add_parser(sub: Any) -> None:
    bot = sub.add_parser("bot", help="our AI as an mjai bot on standard input and output")
    bot.add_argument("--level", required=True, choices=LEVEL_CHOICES, help="the AI level")
    bot.add_argument("--stream", action="store_true",
                     help="Mortal's dialect: one event a line, an answer only when it can act")
    bot.add_argument("--ruleset", default="tenhou", metavar="ID",
                     help="preset id (default: tenhou)")


def run_bot(
    args: Any, stdin: TextIO, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    return guarded(lambda: _bot(args, stdin, stdout, stderr, fail), stderr, "bot")


def _bot(
    args: Any, stdin: TextIO, stdout: TextIO, stderr: TextIO, fail: Callable[[str], None]
) -> int:
    from rules.ruleset import RulesetError, resolve

    try:
        ruleset = resolve(args.ruleset, [])
    except RulesetError as error:
        fail(str(error))
        return 2
    from ai import LEVELS
    from engine.mjai_bot import NONE, MjaiBot

    bot = MjaiBot(LEVELS[args.level], ruleset)

    def say(answer: dict[str, Any]) -> None:
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()

    def warn(text: str) -> None:
        stderr.write(f"mahjong-tui bot: {' '.join(text.split())[:300]}\n")
        stderr.flush()

    def step(event: object) -> dict[str, Any] | None:
        """Fold one event; the answer to it, or None."""
        if not isinstance(event, dict):
            warn(f"an event is a JSON object, not {str(event)[:60]}")
            return None
        try:
            bot.feed(event)
            return bot.act(event)
        except Exception as error:  # one bad event must not end the game
            warn(f"cannot follow {event.get('type')!r}: {type(error).__name__}: {error}")
            return None

    try:
        for line in stdin:
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except ValueError:
                warn(f"not JSON: {line.strip()[:60]}")
                if not args.stream:
                    say(NONE)
                continue
            events = data if isinstance(data, list) else [data]
            answer = None
            for event in events:
                answer = step(event)
            if args.stream:
                if answer is not None:
                    say(answer)
            else:
                say(answer if answer is not None else NONE)
    finally:
        bot.close()
    return 0

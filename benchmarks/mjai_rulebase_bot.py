"""The `mjai` package's rule-based bot (`mjai.bot.rulebase.RulebaseBot`) on stdin/stdout,
in mjai.app's dialect, so `mahjong-tui arena --opponents mjai:"..."` can seat it.

`mjai` pins `mahjong~=1.2`, so it never goes in the project's venv: run this with the
Python of a venv of its own (`benchmarks/strength.py --mjai-venv` or by hand):

    python3 -m venv /tmp/mjai-venv && /tmp/mjai-venv/bin/pip install mjai
    mahjong-tui arena --ruleset tenhou --challenger hard \\
        --opponents 'mjai:/tmp/mjai-venv/bin/python benchmarks/mjai_rulebase_bot.py'

Each line in is a JSON array of the events since the last answer; each line out is
one answer (`{"type":"none"}` to pass). The bot learns its seat from `start_game`'s
`id` (mjai.app hands a container its seat on the command line instead), and a new
`start_game` seats a new bot. The bot's own `Bot.react` does the rest. Its logger
is silenced: stderr is for errors.

`--fresh-each-hand`: mjai 0.2.1's `Bot` keeps the game's call, discard and dora
events from `start_game` on and never clears them at `start_kyoku`, so after the
bot's first call of a game its hand string carries that meld in every later hand,
its shanten is wrong, `find_improving_tiles` finds nothing and it discards what it
drew for the rest of the game (it also declares a riichi it then cannot discard
for). With the flag this wrapper clears those lists at each `start_kyoku`, the bot
the package meant; without it, the bot as published.
"""

from __future__ import annotations

import json
import sys

_PER_HAND = ("_Bot__call_events", "_Bot__discard_events", "_Bot__dora_indicators")


def react(bot: object, events: list[object], fresh_each_hand: bool) -> str:
    """The bot's answer to one line of events; with `fresh_each_hand` the events
    before a `start_kyoku` are told first, then the bot's game-long lists cleared."""
    if fresh_each_hand:
        for i, event in enumerate(events):
            if isinstance(event, dict) and event.get("type") == "start_kyoku":
                if i:
                    bot.react(json.dumps(events[:i]))  # type: ignore[attr-defined]
                for name in _PER_HAND:
                    setattr(bot, name, [])
                events = events[i:]
                break
    return bot.react(json.dumps(events))  # type: ignore[attr-defined,no-any-return]


def main() -> int:
    fresh_each_hand = "--fresh-each-hand" in sys.argv[1:]
    try:
        from loguru import logger
        from mjai.bot.rulebase import RulebaseBot
    except ImportError as error:
        print(f"mjai_rulebase_bot: {error} (pip install mjai in a venv of its own)",
              file=sys.stderr)
        return 2
    logger.remove()
    bot: RulebaseBot | None = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            events = json.loads(line)
        except ValueError:
            print(f"mjai_rulebase_bot: unreadable line {line[:80]!r}", file=sys.stderr)
            events = []
        for event in events if isinstance(events, list) else []:
            if isinstance(event, dict) and event.get("type") == "start_game":
                bot = RulebaseBot(player_id=int(event.get("id", 0)))
        answer = (
            react(bot, events, fresh_each_hand) if bot is not None and events
            else '{"type":"none"}'
        )
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

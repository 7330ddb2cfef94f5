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
"""

from __future__ import annotations

import json
import sys


def main() -> int:
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
        answer = bot.react(line) if bot is not None and events else '{"type":"none"}'
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

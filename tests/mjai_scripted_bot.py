"""A scripted mjai bot for the tests (mjai.app's dialect): it discards what it draws.

Each input line is a JSON array of events; it answers each line with one line: on its
own `tsumo`, the drawn tile straight out (`dahai`, tsumogiri), else `none`. Modes
(argv[1]): `illegal` answers its turns with a tile it does not hold; `late` answers
its first turn only after sleeping longer than the seat's deadline.
"""

import json
import sys
import time


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    me = None
    slept = False
    for line in sys.stdin:
        events = json.loads(line)
        answer = {"type": "none"}
        for event in events:
            if event.get("type") == "start_game":
                me = event["id"]
        last = events[-1] if events else {}
        if last.get("type") == "tsumo" and last.get("actor") == me:
            tile = last["pai"]
            if mode == "illegal":
                tile = "C" if tile != "C" else "E"
                answer = {"type": "dahai", "actor": me, "pai": tile, "tsumogiri": False}
            else:
                answer = {"type": "dahai", "actor": me, "pai": tile, "tsumogiri": True}
            if mode == "late" and not slept:
                slept = True
                time.sleep(1.0)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

"""A scripted mjai bot for the tests (mjai.app's dialect): it discards what it draws.

Each input line is a JSON array of events; it answers each line with one line: on its
own `tsumo`, the drawn tile straight out (`dahai`, tsumogiri), else `none`. Modes
(argv[1]): `illegal` answers its turns with a tile it does not hold; `illegal-once`
answers its first turn of the game with a tile it surely does not hold (none of its
dealt hand and draw), then plays as without a mode; `late` answers
its first turn only after sleeping longer than the seat's deadline; `kita` and
`nukidora` (three players) set a North drawn aside under that name while a live tile
is left (the live wall: 55 draws with three seats dealt, 70 with four; each `tsumo`,
replacement draws included, takes one).
"""

import json
import sys
import time

TILES = [*"ESWNPFC", *(f"{n}{suit}" for suit in "mps" for n in range(1, 10))]


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    me = None
    slept = False
    erred = False
    hand: list[str] = []
    left = 0
    for line in sys.stdin:
        events = json.loads(line)
        answer = {"type": "none"}
        for event in events:
            if event.get("type") == "start_game":
                me = event["id"]
            elif event.get("type") == "start_kyoku":
                seats = sum(1 for tiles in event["tehais"] if tiles)
                hand = [t.removesuffix("r") for t in event["tehais"][me]]
                left = 108 - 14 - 39 if seats == 3 else 136 - 14 - 52
            elif event.get("type") == "tsumo":
                left -= 1
        last = events[-1] if events else {}
        if last.get("type") == "tsumo" and last.get("actor") == me:
            tile = last["pai"]
            if mode in ("kita", "nukidora") and tile == "N" and left > 0:
                answer = {"type": mode, "actor": me, "pai": "N"}
            elif mode == "illegal-once" and not erred:
                erred = True
                held = {*hand, tile.removesuffix("r")}
                answer = {"type": "dahai", "actor": me, "tsumogiri": False,
                          "pai": next(t for t in TILES if t not in held)}
            elif mode == "illegal":
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

"""The drill kinds and their titles: a module with no imports, so the command line
can name them without loading the rules code (`mahjong-tui score` stays lean)."""

from __future__ import annotations

DRILL_TITLES = {
    "discard": "What to discard (何切る)",
    "waits": "Name the waits (待ち)",
    "fu": "Count the fu (符計算)",
    "points": "From han and fu to the payment (点数)",
    "yaku": "Name the yaku (役)",
    "defence": "The safest tile against a riichi (守備)",
    "alllast": "All-last: the cheapest win that moves you up (オーラス)",
}
DRILLS = tuple(DRILL_TITLES)

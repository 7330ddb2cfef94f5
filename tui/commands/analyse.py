"""`mahjong-tui analyse HAND`: each discard's shanten, acceptance and value (CONTRACT.md).

The analysis itself is `rules.analysis` (pure); this module only reads the flags,
turns bad input into one line on standard error with exit status 2, and writes
either a learner's table (one line per discard, best first, then why) or one
JSON object for scripts.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # imported lazily at run time: `--help` stays quick
    from rules.analysis import Analysis, KeptHand

MELD_HELP = (
    "a meld already called, TYPE:TILES[:FROM] with TYPE chi, pon, minkan (open kan), "
    "ankan (closed kan) or kakan (added kan), e.g. pon:555z, chi:123m, ankan:9999p, "
    "minkan:2222s:shimocha; FROM defaults to kamicha for chi, toimen otherwise. Repeatable; "
    "each meld takes three tiles off HAND"
)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register `analyse` on the subcommand table of `tui.cli`."""
    parser = sub.add_parser(
        "analyse",
        help="each discard's shanten, accepted tiles and value, and the best one (explained)",
        description=(
            "Analyse a hand in mpsz: 14 tiles (13 + the drawn one) gives one line per "
            "discard, best first; 13 tiles gives the hand's own shanten and accepted tiles. "
            "Melds take three tiles each off HAND (e.g. 11 or 10 tiles with one meld)."
        ),
        allow_abbrev=False,
    )
    parser.add_argument("hand", metavar="HAND", help="the concealed tiles, e.g. 1234566m35p234s66s")
    parser.add_argument(
        "--visible", default="", metavar="TILES",
        help="other tiles already seen (rivers, others' melds), counted as gone",
    )
    parser.add_argument(
        "--dora", default="", metavar="TILES",
        help="the dora indicators: seen, and counted in the waits' values",
    )
    parser.add_argument("--meld", action="append", default=[], metavar="TYPE:TILES", help=MELD_HELP)
    parser.add_argument("--ruleset", default="wrc", metavar="ID", help="preset id (default: wrc)")
    parser.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE",
        help="override one ruleset parameter (TOML value), repeatable",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object for scripts")
    return parser


def run_analyse(args: argparse.Namespace, stdout: TextIO, fail: Callable[[str], None]) -> int:
    from rules.analysis import AnalysisError, analyse
    from rules.ruleset import RulesetError, resolve

    try:
        ruleset = resolve(args.ruleset, args.rule)
        result = analyse(
            args.hand, ruleset, melds=args.meld, visible=args.visible, dora=args.dora
        )
    except (AnalysisError, RulesetError) as error:
        fail(str(error))
        return 2
    if args.json:
        stdout.write(json.dumps(to_json(result, args.visible, args.dora), ensure_ascii=False))
        stdout.write("\n")
    else:
        stdout.write(to_text(result))
    return 0


# --- JSON -------------------------------------------------------------------------------


def to_json(result: Analysis, visible: str = "", dora: str = "") -> dict[str, Any]:
    """CONTRACT.md's object (`hand`, `shanten`, `discards`, `best`) plus explanations."""
    from rules.analysis import ASSUMPTIONS, describe_melds
    from rules.tiles import kind_to_str

    out: dict[str, Any] = {
        "hand": result.hand,
        "shanten": result.shanten,
        "tiles": result.tiles,
        "melds": describe_melds(result.melds).split(),
        "visible": visible,
        "dora_indicators": dora,
        "ruleset": result.ruleset_id,
    }
    if result.discarding:
        out["discards"] = [_option_json(option) for option in result.options]
        best = result.best.discard
        assert best is not None  # every option of a hand with a tile too many is a discard
        out["best"] = kind_to_str(best)
    else:
        out.update(_option_json(result.best))
        del out["discard"]
        out["discards"] = []
        out["best"] = None
    out["reason"] = result.reason
    out["assumptions"] = ASSUMPTIONS
    return out


def _option_json(option: KeptHand) -> dict[str, Any]:
    from rules.tiles import kind_to_str

    entry: dict[str, Any] = {
        "discard": None if option.discard is None else kind_to_str(option.discard),
        "shanten": option.shanten,
        "accepted": [kind_to_str(k) for k, _ in option.accepted],
        "accepted_count": option.accepted_count,
        "accepted_left": {kind_to_str(k): left for k, left in option.accepted},
        "improving": [kind_to_str(k) for k, _ in option.improving],
        "improving_count": option.improving_count,
    }
    if option.shanten == 0:
        entry["waits"] = [
            {
                "tile": kind_to_str(w.kind),
                "left": w.left,
                "ron": w.ron,
                "tsumo": w.tsumo,
                "han": w.han,
                "fu": w.fu,
                "yaku": list(w.yaku),
                "limit": w.limit,
            }
            for w in option.waits
        ]
        entry["furiten"] = option.furiten
        entry["expected_value"] = round(option.expected_value or 0.0, 1)
    return entry


# --- text -------------------------------------------------------------------------------


def to_text(result: Analysis) -> str:
    """A learner's table: one line per discard, best first, then why the best is best."""
    from rules.analysis import ASSUMPTIONS, describe_melds, shanten_state
    from rules.tiles import kind_to_str

    melds = describe_melds(result.melds)
    head = result.hand + (f" + {melds}" if melds else "")
    lines = []
    if result.discarding:
        state = (
            "complete (a winning hand)" if result.shanten < 0
            else f"{shanten_state(result.shanten)} after the best discard"
        )
        lines.append(f"{head}: {state} ({result.ruleset_id} rules)")
        lines.append("discard  leaves      accepted tiles (copies unseen)")
        for option in result.options:
            # `discarding` means every option names its discard; "-" only narrows the type.
            discard = "-" if option.discard is None else kind_to_str(option.discard)
            lines.append(
                f"  {discard:<5}  {shanten_state(option.shanten):<10}  "
                + _details(option)
            )
    else:
        lines.append(f"{head}: {shanten_state(result.shanten)} ({result.ruleset_id} rules)")
        lines.append("  " + _details(result.best))
    lines.append(result.reason)
    if any(option.shanten == 0 for option in result.options):
        lines.append(f"({ASSUMPTIONS[0].upper()}{ASSUMPTIONS[1:]}.)")
    return "\n".join(lines) + "\n"


def _details(option: KeptHand) -> str:
    from rules.tiles import kind_to_str

    if option.shanten == 0:
        waits = " ".join(
            f"{kind_to_str(w.kind)}={_points(w.ron if not option.furiten else w.tsumo)}"
            for w in option.waits
        )
        value = "tsumo only (furiten)" if option.furiten else "by ron"
        text = (
            f"{option.accepted_count:>3} waits: {waits}; "
            f"{option.expected_value:,.0f} on average {value}"
        )
    else:
        kinds = " ".join(kind_to_str(k) for k, _ in option.accepted)
        text = f"{option.accepted_count:>3}: {kinds}"
    if option.improving_count:
        text += f"; {option.improving_count} more widen it"
    return text


def _points(value: int | None) -> str:
    return "no yaku" if value is None else f"{value:,}"

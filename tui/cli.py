"""`mahjong-tui` and its subcommands (CONTRACT.md).

Only the game itself imports Textual, and only when it starts: `score`,
`sim` and `rulesets` stay lean so scripts can call them thousands of times.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


class _OneLineParser(argparse.ArgumentParser):
    """Bad flags are one line on stderr and exit status 2 (no usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def _fail(message: str) -> None:
    sys.stderr.write(f"mahjong-tui: error: {message}\n")
    raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="mahjong-tui",
        description="Japanese mahjong in the terminal, under six real rulebooks.",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_OneLineParser)

    rulesets = sub.add_parser("rulesets", help="list the presets with one-line summaries")
    rulesets.add_argument("--json", action="store_true", help="machine-readable output")

    score = sub.add_parser("score", help="hand calculator: JSON lines in, JSON lines out")
    score.add_argument("--ruleset", default="wrc", help="preset id (default: wrc)")
    score.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override one ruleset parameter (TOML value), repeatable",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "score":
        from .commands.score import run_score

        return run_score(args.ruleset, args.rule, sys.stdin, sys.stdout, _fail)
    if args.command == "rulesets":
        from .commands.rulesets import run_rulesets

        return run_rulesets(sys.stdout, as_json=args.json)
    _fail("the game screen is not built yet; try 'mahjong-tui score' or 'mahjong-tui rulesets'")
    return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

"""Hypothesis fuzzers of the command line (`score` lines, `--rule` values).

Bounded for the default run; `MAHJONG_FUZZ_EXAMPLES=N` runs every one of them
with N examples instead (README.md here).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

ENV = "MAHJONG_FUZZ_EXAMPLES"


def fuzz_settings(default: int) -> settings:
    """`default` examples (a few seconds), or `$MAHJONG_FUZZ_EXAMPLES` for a long run."""
    wanted = os.environ.get(ENV, "").strip()
    examples = int(wanted) if wanted.isdigit() and int(wanted) > 0 else default
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,  # the default run is the same every time; failures print their example
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much],
    )

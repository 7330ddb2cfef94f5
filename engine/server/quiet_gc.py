"""Keep the cyclic garbage collector's full collections off the table server's latency.

A server holding many tables holds a few hundred thousand long-lived container
objects (games, hosts, streams, their logs). CPython's generation-2 collection scans
every one of them, and it runs whenever the long-lived objects have grown by a
quarter: at 200 tables (`benchmarks/bench_server.py 200 45 --think 1`) that was
one every few seconds, each stopping the event loop for 110-350 ms, and those
pauses were the whole of the 99th percentile of answer latency (p50 2.7 ms, p99
290 ms).

`QuietCollector` freezes what survives each full collection (`gc.freeze`: moved to
the permanent generation, never scanned again), so the next full collection scans
only what was made since. Reference counting still frees frozen objects that are
not in a cycle; frozen objects that end as cyclic garbage wait for `sweep_every`
seconds, when everything is unfrozen and collected once (one full pause per
period, instead of one every few seconds). Process-wide, so the `serve` command
installs it, never the library's `TableServer` itself (tests share a process; a
`host`'s own server holds one table). With it, the same run: p99 41 ms, max 126 ms.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

log = logging.getLogger("mahjong_tui.server")

SWEEP_EVERY = 300.0  # seconds between full collections of everything, frozen included


class QuietCollector:
    """Installed on a running event loop; `close` undoes it."""

    def __init__(self, sweep_every: float = SWEEP_EVERY) -> None:
        self.sweep_every = sweep_every
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sweeper: asyncio.TimerHandle | None = None
        self.freezes = 0  # full collections followed by a freeze (for tests and logs)
        self.sweeps = 0

    def install(self) -> None:
        self.loop = asyncio.get_running_loop()
        gc.collect()
        gc.freeze()  # what start-up made (modules, rulesets, lexicon) lives as long
        gc.callbacks.append(self._collected)
        self.sweeper = self.loop.call_later(self.sweep_every, self.sweep)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        """After a full collection, freeze its survivors (soon: not inside the
        collector's own callback)."""
        if phase == "stop" and info.get("generation") == 2 and self.loop is not None:
            self.loop.call_soon_threadsafe(self._freeze)

    def _freeze(self) -> None:
        gc.freeze()
        self.freezes += 1

    def sweep(self) -> None:
        """Collect everything once, frozen objects included, then freeze again."""
        began = time.perf_counter()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        self.sweeps += 1
        log.info("gc sweep %d: %d objects freed in %.0f ms; %d freezes since start",
                 self.sweeps, freed, (time.perf_counter() - began) * 1000, self.freezes)
        if self.loop is not None and not self.loop.is_closed():
            self.sweeper = self.loop.call_later(self.sweep_every, self.sweep)

    def close(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self.sweeper is not None:
            self.sweeper.cancel()
        gc.unfreeze()

"""`engine.server.quiet_gc`: the table server's full collections scan only what is new,
and cyclic garbage that was frozen is still reclaimed at the next sweep."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from engine.server.quiet_gc import QuietCollector


class Node:
    """A container in a reference cycle (only the cyclic collector frees it)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def restored_gc():
    """The suite's conftest freezes what collection made; leave it frozen again after."""
    yield
    gc.collect()
    gc.freeze()


async def _turn() -> None:
    await asyncio.sleep(0)
    await asyncio.sleep(0)


async def test_a_full_collection_freezes_its_survivors(restored_gc) -> None:
    collector = QuietCollector(sweep_every=3600)
    collector.install()
    try:
        frozen = gc.get_freeze_count()
        kept = [Node() for _ in range(1000)]  # long-lived: they survive the collection
        gc.collect()
        await _turn()  # the freeze is scheduled on the loop, not run inside the collector
        assert collector.freezes == 1
        assert gc.get_freeze_count() >= frozen + len(kept)
        gc.collect(1)  # a younger collection freezes nothing
        await _turn()
        assert collector.freezes == 1
    finally:
        collector.close()
    assert gc.get_freeze_count() == 0  # closed: nothing left frozen by it
    assert collector._collected not in gc.callbacks


async def test_frozen_cyclic_garbage_is_reclaimed_at_the_sweep(restored_gc) -> None:
    collector = QuietCollector(sweep_every=3600)
    collector.install()
    try:
        node = Node()
        alive = weakref.ref(node)
        gc.collect()
        await _turn()  # node survived a full collection: frozen now
        del node
        gc.collect()
        await _turn()
        assert alive() is not None  # a frozen cycle is not scanned: still there
        collector.sweep()
        assert alive() is None  # the sweep unfreezes and collects everything once
        assert collector.sweeps == 1
    finally:
        collector.close()


async def test_the_sweep_comes_round_on_its_own(restored_gc) -> None:
    collector = QuietCollector(sweep_every=0.05)
    collector.install()
    try:
        for _ in range(200):
            if collector.sweeps >= 2:
                break
            await asyncio.sleep(0.01)
        assert collector.sweeps >= 2
    finally:
        collector.close()

"""The survivors of a full garbage-collector pass are frozen, and thawed again every renewal so
a reference cycle among them is still freed (bot/gc_passes.py)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.gc_passes import FrozenSurvivors


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> _Clock:
    return _Clock()


@pytest.fixture
def passes(clock: _Clock) -> Iterator[FrozenSurvivors]:
    frozen = FrozenSurvivors(renew_every=600.0, clock=clock)
    frozen.install()
    try:
        yield frozen
    finally:
        frozen.uninstall()
        gc.unfreeze()  # the other tests' objects are collected as usual


def _cycle() -> _Node:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return a


def test_a_full_pass_freezes_its_survivors(passes: FrozenSurvivors) -> None:
    gc.unfreeze()
    kept = [_Node() for _ in range(100)]
    gc.collect()
    assert passes.freezes == 1
    assert gc.get_freeze_count() >= len(kept)
    gc.collect(0)  # a young pass leaves the frozen alone
    assert passes.freezes == 1


def test_a_renewal_thaws_them_so_an_old_cycle_is_freed(passes: FrozenSurvivors,
                                                      clock: _Clock) -> None:
    node: _Node | None = _cycle()
    cycle = weakref.ref(node)
    gc.collect()  # the cycle is alive here: it survives, frozen
    assert gc.get_freeze_count() > 0
    node = None
    # Now garbage, but frozen: a full pass before the renewal leaves it.
    gc.collect()
    assert cycle() is not None
    clock.now = 600.0
    gc.collect()  # the renewal: everything thawed
    assert passes.renewals == 1 and gc.get_freeze_count() == 0
    gc.collect()  # the next full pass walks everything and frees the cycle
    assert cycle() is None
    assert gc.get_freeze_count() > 0  # and freezes the survivors again


def test_uninstalled_it_freezes_nothing(clock: _Clock) -> None:
    frozen = FrozenSurvivors(clock=clock)
    frozen.install()
    frozen.uninstall()
    gc.unfreeze()
    gc.collect()
    assert frozen.freezes == 0 and gc.get_freeze_count() == 0

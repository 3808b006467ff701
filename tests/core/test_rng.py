"""The seeded generator: reproducible, uniform enough, copyable."""

from collections import Counter

import pytest

from topsecret.core import Rng


def test_same_seed_same_sequence_and_known_first_values():
    assert [Rng(1).next_u64() for _ in range(2)] == [Rng(1).next_u64()] * 2
    # SplitMix64 reference value for seed 0 keeps replays stable across Python versions.
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


def test_below_is_in_range_and_roughly_uniform():
    rng = Rng(3)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


def test_shuffle_is_a_permutation_and_clone_continues_identically():
    rng = Rng(9)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    copy = rng.clone()
    assert [rng.random() for _ in range(5)] == [copy.random() for _ in range(5)]


def test_bad_bounds_are_refused():
    with pytest.raises(ValueError):
        Rng(1).below(0)
    with pytest.raises(ValueError):
        Rng(1).choice([])

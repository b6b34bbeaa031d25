"""The rule that sizes the kernel pools from the machine's cores and memory."""

from __future__ import annotations

from calculators.server.sizing import KERNEL_MB, configured_size, pool_sizes

PAGES = [
    "00_index.ipynb",
    "dracula.ipynb",
    "rules_reference.ipynb",
    "vtes_combat.ipynb",
    "vtes_damage.ipynb",
    "vtes_table.ipynb",
    "vtm_dice.ipynb",
]


def test_two_cores_with_plenty_of_memory_keep_thirty_one_kernels() -> None:
    sizes = pool_sizes(PAGES, cores=2, available_mb=16_000)
    assert sum(sizes.values()) == 7 + 12 * 2
    assert sizes["00_index.ipynb"] == 5 and sizes["rules_reference.ipynb"] == 4
    assert all(size >= 1 for size in sizes.values())


def test_more_cores_keep_more_kernels_and_pages_share_them_evenly() -> None:
    sizes = pool_sizes(PAGES, cores=8, available_mb=64_000)
    assert sum(sizes.values()) == 7 + 12 * 8
    assert max(sizes.values()) - min(sizes.values()) == 1


def test_memory_caps_the_pools_at_a_quarter_of_what_is_available() -> None:
    sizes = pool_sizes(PAGES, cores=8, available_mb=1_000)
    assert sum(sizes.values()) == 1_000 // 4 // KERNEL_MB == 6
    assert sizes["00_index.ipynb"] == 1  # the landing page first
    assert sizes["rules_reference.ipynb"] == 0  # and the reference last
    assert pool_sizes(PAGES, cores=2, available_mb=100) == dict.fromkeys(PAGES, 0)
    assert pool_sizes([], cores=2, available_mb=16_000) == {}


def test_a_size_in_the_configuration_wins() -> None:
    config = {"default": {"pool_size": 1}, "vtm_dice.ipynb": {"pool_size": 4}}
    assert configured_size(config, "vtm_dice.ipynb") == 4
    assert configured_size(config, "dracula.ipynb") == 1
    assert configured_size({"dracula.ipynb": {}}, "dracula.ipynb") is None
    assert configured_size({}, "dracula.ipynb") is None

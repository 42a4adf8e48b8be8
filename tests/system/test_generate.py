"""Given the benchmarks' generated campaign (benchmarks/generate.py), when it runs long — the
harness's ten files of 100 sessions — then it never asks an item save of an item that may be
destroyed: a destroyed item cannot save until it is mended (docs/log-language.md#item-saves), and
such a save would stop the harness's 200,000-event store from building ("Heavy wooden shield 1 is
destroyed: nothing is left to save")."""

import itertools
import re

from benchmarks.generate import Campaign


def test_an_item_with_hit_points_is_exposed_to_one_item_save_at_most():
    campaign = Campaign(7)
    text = "".join(campaign.log(100, 200) for _ in range(10))  # the harness's ten files
    with_hp = set(re.findall(r'^character item (\S+) ("[^"]+"|\S+) --slot shield --hardness 5 --hp',
                             text, re.MULTILINE))  # fmt: skip
    saved: set[tuple[str, str]] = set()
    lines = text.splitlines()
    exposures = 0
    for line, following in itertools.pairwise(lines):
        exposed = re.match(r"save (\S+) .* --item (\"[^\"]+\"|\S+)$", line)
        if exposed and following.startswith(f"item-save {exposed.group(1)} "):
            exposures += 1
            item = (exposed.group(1), exposed.group(2))
            assert item not in saved, f"{item} exposed again after an item save: {line}"
            if item in with_hp:
                saved.add(item)
    assert exposures > 20 and saved  # the campaign does expose items, some with hit points

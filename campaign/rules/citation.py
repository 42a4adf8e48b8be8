"""Where a rule comes from: the seed file and the rule's name in it, so an auditor can find the
sentence in the source text (docs/rules.md#the-sources). The audit's ``rule`` key is exactly
``{seed, name}``."""

from __future__ import annotations

from dataclasses import dataclass

SEED_MORALE = "000_c90193fcbc2699d0.txt"
SEED_SAVES = "001_234ac4e90ca60dc4.txt"
SEED_D6HARMONIE = "002_2aa5301732bfc4fe.txt"


@dataclass(frozen=True, slots=True)
class Citation:
    """One rule sentence: its seed file, its name there, the French text and the English digest."""

    seed: str
    name: str
    text_fr: str
    digest: str

    def as_json(self) -> dict[str, str]:
        return {"seed": self.seed, "name": self.name}

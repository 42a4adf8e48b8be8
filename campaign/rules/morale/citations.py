"""The sentences of seed 000 that the morale, mercenary and retainer rules cite
(docs/rules.md#ose-morale-mercenaries-and-retainers)."""

from __future__ import annotations

from campaign.rules.citation import SEED_MORALE, Citation

SCORE_2 = Citation(
    SEED_MORALE,
    "Score de moral (2)",
    "Un score de 2 signifie que le monstre ne se bat jamais (à moins d’y être acculé).",
    "A score of 2: the monster will not fight (unless cornered); no morale check is made.",
)
SCORE_12 = Citation(
    SEED_MORALE,
    "Score de moral (12)",
    "Un score de 12 indique que le monstre se bat jusqu’à la mort.",
    "A score of 12: the monster fights to the death, never checking morale.",
)
TEST = Citation(
    SEED_MORALE,
    "Test de moral",
    "Jet inférieur ou égal au moral : Le monstre continue de se battre. Jet supérieur au moral : "
    "Le monstre se rend ou essaie de s’enfuir.",
    "Roll 2d6: at most the morale, the monster fights on; above it, it surrenders or flees.",
)
DOUBLE_SUCCESS = Citation(
    SEED_MORALE,
    "Double succès",
    "Si le monstre réussit deux tests de moral au cours d’une rencontre, il se bat jusqu’à la "
    "mort sans que d’autres jets de moral soient nécessaires.",
    "Two successful checks in an encounter: it fights to the death, with no further checks.",
)
FIRST_DEATH_RULE = Citation(
    SEED_MORALE,
    "Premier mort de leur côté",
    "La première fois qu'un des leurs est tué au combat.",
    "A check the first time one of their number is killed.",
)
HALF_OUT_RULE = Citation(
    SEED_MORALE,
    "La moitié hors combat",
    "Lorsque la moitié des monstres a été tuée ou ne peut plus se battre.",
    "A check when half of them are killed or can no longer fight (2 × out ≥ starting count).",
)
ADJUSTMENTS = Citation(
    SEED_MORALE,
    "Ajustements au moral",
    "Selon les circonstances, l’arbitre peut attribuer des bonus ou des malus au moral, dans une "
    "fourchette de +2 à –2.",
    "The referee may adjust morale by −2…+2 for the situation (the sum is not clamped, "
    "docs/rules.md#d-1).",
)
ADJUSTMENTS_2_12 = Citation(
    SEED_MORALE,
    "Valeur de 2 ou 12",
    "Les ajustements ne concernent jamais les monstres ayant un moral de 2 ou 12.",
    "Adjustments never apply to monsters with a morale of 2 or 12.",
)
MERCENARIES = Citation(
    SEED_MORALE,
    "Moral des mercenaires",
    "Celui-ci est déterminé uniquement par le type de la troupe (voir ci-dessous). Le CHA du "
    "personnage d'embauche n'a aucune influence sur celui-ci.",
    "A company's morale comes solely from its troop type; the hiring character's CHA never "
    "enters. The referee may modify it for working conditions.",
)
RETAINERS = Citation(
    SEED_MORALE,
    "Moral des suivants",
    "Ils n’effectuent pas de tests de moral en combat, mais un test de loyauté peut être requis "
    "face à des périls extraordinaires (voir Suivants).",
    "Retainers never check morale; they check loyalty (2d6 ≤ loyalty), whose rating comes from "
    "the employer's CHA (OSE Retainers), +1 on a hiring reaction of 12 or more.",
)

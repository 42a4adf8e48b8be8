#!/usr/bin/env bash
# The rules calculator on the ford at Greywater (the README's example session), one call per rule.
# Run from the repository root after installing: examples/rules-tour.sh [path/to/campaign]
set -euo pipefail
campaign=${1:-campaign}

echo "# The goblins lose their first member; the GM rolls 3,5 for their morale (rating 7)"
"$campaign" rules morale --morale 7 --roll 3,5
echo "# The Red Lances: trained, mounted, +1 for sharing the dragon hoard"
"$campaign" rules company-morale --troop trained --mounted --modifier +1
echo "# Cedric, hired by Brynn (CHA 16), tested in peril with 4,6"
"$campaign" rules loyalty --cha 16 --roll 4,6 --peril
echo "# Brynn (Reflex +1) against a fireball: DC 10 + 3 + 4, natural 1"
"$campaign" rules dc --spell-level 3 --ability-mod 4
"$campaign" rules save --bonus 1 --dc 17 --roll 1 --effect half --damage 24
echo "# Which of Brynn's things the fireball may reach"
"$campaign" rules item-candidates --item "Tower shield:shield" --item "Ring of protection +1:jewelry:magic" --item "Axe:held"
echo "# The tower shield (hardness 5, 20 hp) fails its save against 24 fire damage"
"$campaign" rules object-damage --damage 24 --energy --hardness 5 --hp 20
echo "# Brynn's mild phobia of spiders: MORAL 6 against NORMALE (9)"
"$campaign" rules trait phobia-mild --result 6
echo "# Mémoire déficiente + Allergie grave: the flaw budget"
"$campaign" rules budget --flaw poor-memory --flaw allergie-grave --advantage nerfs-d-acier

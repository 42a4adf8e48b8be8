#!/usr/bin/env bash
# Replay the bundled example campaign (examples/campaign/*.log, in order) into a store, then show
# where things stand. Idempotent: a second run skips the sessions already recorded.
#
# Usage: examples/play.sh CAMPAIGN_BIN [DB]
#   CAMPAIGN_BIN  the campaign command, e.g. .venv/bin/campaign
#   DB            the store: a SQLite path or a SQLAlchemy URL (default ./campaign.db)
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 CAMPAIGN_BIN [DB]" >&2
    exit 2
fi
campaign=$1
db=${2:-./campaign.db}

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# The session logs in byte order (01-…, 02-…, 03-…) whatever the caller's locale.
mapfile -d '' -t logs < <(
    LC_ALL=C
    shopt -s nullglob
    for log in "$here"/campaign/*.log; do printf '%s\0' "$log"; done
)
if [[ ${#logs[@]} -eq 0 ]]; then
    echo "$0: no session logs in $here/campaign" >&2
    exit 1
fi

"$campaign" --db "$db" replay "${logs[@]}"
"$campaign" --db "$db" status --all

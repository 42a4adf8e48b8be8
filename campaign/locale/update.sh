#!/usr/bin/env bash
# The French catalogue, from the code (docs/translating.md): extract every message into a
# template, merge it into campaign.po (new messages empty, changed ones fuzzy, gone ones
# dropped), compile the .mo the package ships. Run with the dev extra installed: Babel runs here
# only, never when the tracker runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${PYBABEL:-.venv/bin/pybabel}
pot=$(mktemp --suffix=.pot)
kept=$(mktemp --suffix=.po)
trap 'rm -f "$pot" "$kept"' EXIT
quiet() { "$@" 2>&1 | { grep -vE '^(extracting messages from|writing PO|updating catalog)' || true; }; }
quiet "$bin" extract -F babel.cfg -o "$pot" --no-location --sort-output --no-wrap \
    --project campaign-ledger --copyright-holder "Campaign Ledger" .
po=campaign/locale/fr/LC_MESSAGES/campaign.po
cp "$po" "$kept"
quiet "$bin" update -i "$pot" -d campaign/locale -D campaign -l fr --no-wrap --ignore-obsolete
# no message changed: the catalogue stays as it was, its header's extraction date included
undated() { grep -v '^"POT-Creation-Date: ' "$1"; }
if cmp -s <(undated "$kept") <(undated "$po"); then cp "$kept" "$po"; fi
"$bin" compile -d campaign/locale -D campaign -l fr --statistics

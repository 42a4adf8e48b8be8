"""The screenshot of the example campaign's report in docs/ (docs/cli.md#report): the GM's page
of examples/campaign/, as headless Chromium draws it in a 1200×1800 window (tests/browser.py),
its session replay (when the page has one) moved to session 1's fourth command from the end.

    .venv/bin/python -m tests.system.screenshot docs/report.png
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests import browser
from tests.paths import ROOT


def campaign_command() -> str:
    """The ``campaign`` installed beside this Python (the virtualenv's), else the one on PATH."""
    beside = Path(sys.executable).with_name("campaign")
    found = str(beside) if beside.exists() else shutil.which("campaign")
    if not found:
        sys.exit("no campaign command: pip install -e '.[dev]' first")
    return found


def _slide(page) -> None:
    """Move the replay's slider as a reader would, by keys: a board with something on it."""
    slider = page.locator("#replay-slider")
    if not slider.count():
        return
    slider.focus()
    for key in ("End", "ArrowLeft", "ArrowLeft", "ArrowLeft"):
        page.keyboard.press(key)
    slider.blur()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the PNG to write")
    args = parser.parse_args(argv)
    reason = browser.missing()
    if reason:
        sys.exit(reason)
    logs = sorted(str(p) for p in (ROOT / "examples" / "campaign").glob("*.log"))
    with tempfile.TemporaryDirectory() as work:
        db, page_file = str(Path(work) / "campaign.db"), Path(work) / "report.html"
        command = campaign_command()
        subprocess.run([command, "--db", db, "replay", *logs], check=True, capture_output=True)
        subprocess.run(
            [command, "--db", db, "report", "-o", str(page_file)], check=True, capture_output=True
        )
        with browser.chromium() as chromium, browser.open_page(chromium, page_file) as page:
            _slide(page)
            browser.screenshot(page, args.out, full_page=False)
            problems = browser.problems(page)
    if problems:
        sys.exit("\n".join(problems))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

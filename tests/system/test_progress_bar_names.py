"""The replay's progress bar (at a terminal, for a log of 200 lines or more) names the file as
it is, never read as Rich markup: else a file under a directory named `x[` (`x[/]s.log`) would
end the replay with a traceback (MarkupError), `[bold]` vanish into a style, and `:fire:` become
🔥. Without a terminal there is no bar, so these tests run the replay at one."""

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))


@pytest.mark.parametrize("name", ["x[/]s.log", "y[bold]s.log", "s:fire:.log"])
def test_a_file_name_in_the_progress_bar_is_text(tmp_path, name):
    log = tmp_path / name
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("session 1\n" + "".join(f"note n{number}\n" for number in range(400)))
    terminal, line = pty.openpty()
    process = subprocess.Popen(
        [CAMPAIGN, "--db", str(tmp_path / "c.db"), "replay", name], cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=line, env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    os.close(line)
    shown = b""
    while True:  # the terminal's side, read until the process closes it
        ready, _, _ = select.select([terminal], [], [], 60)
        assert ready, shown
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # EIO: the process is gone
            break
        if not chunk:
            break
        shown += chunk
    os.close(terminal)
    out = process.stdout.read().decode()
    assert process.wait(60) == 0, shown.decode(errors="replace")
    assert "recorded 403 events" in out
    said = shown.decode(errors="replace")
    assert "Traceback" not in said
    assert name in said  # the bar was drawn, the name as it is
    assert "🔥" not in said

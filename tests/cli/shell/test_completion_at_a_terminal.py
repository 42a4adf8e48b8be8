"""`campaign shell` at a terminal, as a GM types: Tab completes commands, options and the
handles the store knows, and the completed line is the command recorded.

Given the shell on a pseudo-terminal (its input and output both, so that readline edits the
line), when the GM types words cut short and presses Tab, then readline completes each — a
command, a subcommand, an option, an encounter, a group of that encounter — with the space
after it, and the line run records what the whole words say.
"""

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

CAMPAIGN = str(Path(sys.executable).with_name("campaign"))
PROMPT = b"campaign> "


class Terminal:
    """The shell with a pseudo-terminal for its input, output and errors."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, line = pty.openpty()
        self.process = subprocess.Popen(args, env=env, stdin=line, stdout=line, stderr=line)
        os.close(line)
        self.said = b""

    def prompts(self, count: int, timeout: float = 60) -> None:
        """Wait until the shell has prompted ``count`` times."""
        deadline = time.monotonic() + timeout
        while self.said.count(PROMPT) < count:
            assert time.monotonic() < deadline, self.said
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.said += os.read(self.master, 4096)
                except OSError:  # the shell has gone: the terminal is closed
                    raise AssertionError(self.said) from None

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


@pytest.mark.slow
@pytest.mark.subprocess
def test_tab_completes_at_the_prompt_as_a_gm_types(tmp_path):
    db = str(tmp_path / "campaign.db")
    kept = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAIGN_")}
    env = {**kept, "CAMPAIGN_SHELL_HISTORY": str(tmp_path / "history"),
           "INPUTRC": os.devnull, "TERM": "dumb"}  # fmt: skip
    shell = Terminal([CAMPAIGN, "--db", db, "shell"], env)
    typed = [
        "sess\t1",  # session 1
        "encounter st\tford",  # encounter start ford
        "enc\tgr\tf\tgoblins --cou\t12 --mor\t7",  # encounter group ford goblins --count 12 …
        "casualty f\tgo\t2",  # casualty ford goblins 2
        "adjust f\tgob\t-1 --rea\tdusk",  # adjust ford goblins -1 --reason dusk
    ]
    try:
        for number, line in enumerate(typed, start=1):
            shell.prompts(number)
            shell.type(line + "\r")
        shell.prompts(len(typed) + 1)
        shell.type("exit\r")
        assert shell.process.wait(60) == 0, shell.said.decode(errors="replace")
    finally:
        shell.close()
    status = subprocess.run(
        [CAMPAIGN, "--db", db, "status", "--json"],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert status.returncode == 0, status.stderr
    (ford,) = json.loads(status.stdout)["encounters"]
    (goblins,) = ford["groups"]
    assert (ford["handle"], goblins["handle"], goblins["count"], goblins["morale"]) == (
        "ford", "goblins", 12, 7,
    )  # fmt: skip
    assert (goblins["killed"], goblins["adjustment"]) == (2, -1)

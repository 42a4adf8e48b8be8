"""`campaign shell` as a GM has it: its input a terminal (a pseudo-terminal, so the shell
prompts), its output and errors pipes read as they come. The prompt tells that a typed line
has run and the shell waits for the next."""

import os
import pty
import subprocess
import termios
import threading
import time

PROMPT = "campaign> "


class Console:
    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        terminal, line = pty.openpty()
        attributes = termios.tcgetattr(line)
        attributes[3] &= ~termios.ECHO  # what is typed is not echoed back: nobody reads it
        termios.tcsetattr(line, termios.TCSANOW, attributes)
        self.process = subprocess.Popen(
            args, env=env, text=True, bufsize=0,
            stdin=line, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        os.close(line)
        self._terminal = terminal
        self.out: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while chunk := self.process.stdout.read(1):
            self.out.append(chunk)

    @property
    def said(self) -> str:
        return "".join(self.out)

    def prompts(self, count: int, timeout: float = 60) -> None:
        """Wait until the shell has prompted ``count`` times."""
        deadline = time.monotonic() + timeout
        while self.said.count(PROMPT) < count:
            assert self.process.poll() is None, self.process.stderr.read()
            assert time.monotonic() < deadline, self.said
            time.sleep(0.005)

    def send(self, text: str) -> None:
        """Type ``text`` (lines ending in a newline), without waiting."""
        os.write(self._terminal, text.encode())

    def end(self, timeout: float = 60) -> int:
        """Ctrl-D at the prompt (the end of input): the shell's exit status."""
        self.send("\x04")
        return self.wait(timeout)

    def wait(self, timeout: float = 60) -> int:
        status = self.process.wait(timeout)
        self._reader.join(10)
        self.close()
        return status

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self._terminal >= 0:
            os.close(self._terminal)
            self._terminal = -1

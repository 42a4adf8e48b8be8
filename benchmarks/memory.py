"""B5, memory: a command's peak resident set size on a big store against a small one."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks.harness import Harness
from benchmarks.measure import CAMPAIGN, ROOT, BenchError, Row, medians
from benchmarks.stores import positions

# A peak RSS read with ``wait4`` counts what the process held before its ``exec``: a command
# forked from this harness would start as a copy of it, grown by the in-process benchmarks (B2,
# B4). The commands whose memory is measured are forked by a small helper process instead,
# whose own size (an interpreter that has imported json and subprocess) is below any command's.
_SPAWNER = """
import json, os, subprocess, sys
for line in sys.stdin:
    job = json.loads(line)
    with open(job["err"], "wb") as err:
        child = subprocess.Popen(job["cmd"], cwd=job["cwd"], env=job["env"],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
    print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss]), flush=True)
"""
_spawner: subprocess.Popen[str] | None = None


def peak_rss(cmd: list[str], env: dict[str, str]) -> float:
    """Run ``cmd`` (stdout discarded); its own peak resident set size in KB (``wait4``, in the
    small helper process that forks it)."""
    global _spawner
    if _spawner is None or _spawner.poll() is not None:
        _spawner = subprocess.Popen(
            [sys.executable, "-c", _SPAWNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
    assert _spawner.stdin is not None and _spawner.stdout is not None
    with tempfile.NamedTemporaryFile() as err:
        job = {"cmd": cmd, "cwd": str(ROOT), "env": env, "err": err.name}
        _spawner.stdin.write(json.dumps(job) + "\n")
        _spawner.stdin.flush()
        answer = _spawner.stdout.readline()
        if not answer:
            raise BenchError("the process that measures peak memory stopped")
        returncode, maxrss = json.loads(answer)
        if returncode != 0:
            tail = Path(err.name).read_text(errors="replace").strip().splitlines()[-3:]
            raise BenchError(f"`{' '.join(cmd[:6])}…` exited {returncode}: {tail}")
    return float(maxrss)  # KB on Linux


def b5(h: Harness) -> list[Row]:
    """B5, memory: peak RSS of `export` and `history --json`, a big store against a small one."""
    small = h.stores.series(1)
    big = h.stores.series(h.sizes.big_files)
    n_small, n_big = positions(small), positions(big)
    rows = []
    for words in (["export"], ["history", "--json"]):

        def rss(db: Path, words: list[str] = words) -> Callable[[], float]:
            return lambda: peak_rss([CAMPAIGN, "--db", str(db), *words], h.env)

        m_big, m_small = medians(h.sizes.memory_repeats, rss(big), rss(small))
        rows.append(
            Row("B5 memory", f"peak RSS `campaign {' '.join(words)}`, {n_big:,} events",
                m_big, m_small, "KB", 1.5, f"the same, {n_small:,} events")
        )  # fmt: skip
    return rows

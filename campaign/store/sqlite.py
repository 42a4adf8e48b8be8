"""A SQLite store: its file (created 0600, its identity, its WAL files), the library's settings
for it, and its writer lock, a ``flock`` on a lock file beside it."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.core.errors import ImpossibleInput, Phrase
from campaign.core.i18n import N_
from campaign.store.errors import StoreBusy, StoreError

if TYPE_CHECKING:
    from campaign.store.url import StoreURL

SQLITE_LOCK_TIMEOUT_SECONDS = 15  # the library's busy timeout, for a lock held by another program


def library_env(path: Path) -> dict[str, str]:
    """The eventsourcing settings of a SQLite store at ``path`` (the cipher's are the URL's)."""
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(path),
        "SQLITE_LOCK_TIMEOUT": str(SQLITE_LOCK_TIMEOUT_SECONDS),
    }


def prepare(path: Path) -> bool:
    """Create the store's file, 0600 (docs/RELIABILITY.md#security-at-rest), before the library
    connects — in a directory that is there (:func:`check_directory`). True when this call
    created the file (a failed first command removes only that)."""
    if path.is_dir():
        raise a_directory(path)
    check_directory(path)
    try:
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600))
        except FileExistsError:
            check_file(path, os.stat(path).st_mode)  # SQLite would wait on a FIFO forever
            return False
    except OSError as error:
        raise StoreError(
            N_("cannot create the store {path}: {why}"), {"path": path, "why": error.strerror}
        ) from error
    return True


def check_directory(path: Path) -> None:
    """A new store's directory must be there: a missing one is a typo in ``--db``, not a new
    campaign (docs/cli.md#stores) — bad input, said before anything is made."""
    parent = path.parent
    if parent.is_dir():
        return
    missing = parent
    while not missing.parent.is_dir() and missing.parent != missing:
        missing = missing.parent  # the first directory of the path that is not there
    if missing.exists():
        words = N_("{missing} is not a directory; nothing was created")
    elif missing != parent:
        words = N_(
            "the directory {parent} does not exist ({missing} is not there); nothing was created"
        )
    else:
        words = N_("the directory {parent} does not exist; nothing was created")
    raise ImpossibleInput(
        words,
        field="db",
        value=str(path),
        expected=N_(
            "a store in a directory that is there (a new store's file is created, never its "
            "directory: make it first, with mkdir)"
        ),
        values={"missing": repr(str(missing)), "parent": repr(str(parent))},
    )


def check_file(path: Path, mode: int) -> None:
    """Refuse a ``--db`` whose ``mode`` (``os.stat``'s) is not a regular file's: a directory, a
    named pipe (which SQLite, and any reader, would wait on for a writer forever), a device, a
    socket — bad input, said before anything is opened or made beside it."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise a_directory(path)
    kind = next((said for test, said in _KINDS if test(mode)), Phrase(N_("no regular file")))
    raise ImpossibleInput(
        N_("{path} is {kind}, not a file; nothing was read or written there"),
        field="db",
        value=str(path),
        expected=N_(
            "a SQLite file, or a path where there is none yet (a logging command or "
            "`campaign init` creates the store there)"
        ),
        values={"path": repr(str(path)), "kind": kind},
    )


_KINDS = (
    (stat.S_ISFIFO, Phrase(N_("a named pipe (FIFO)"))),
    (stat.S_ISCHR, Phrase(N_("a character device"))),
    (stat.S_ISBLK, Phrase(N_("a block device"))),
    (stat.S_ISSOCK, Phrase(N_("a socket"))),
)


def a_directory(path: Path) -> ImpossibleInput:
    """``--db`` names a directory, not a file: bad input, with the file it may have meant."""
    return ImpossibleInput(
        N_("{path} is a directory"),
        field="db",
        value=str(path),
        expected=N_("a SQLite file, e.g. {example}"),
        values={"path": repr(str(path)), "example": path / "campaign.db"},
    )


def lock_path(path: Path) -> Path:
    """The store's lock file (``flock``), beside it."""
    return path.with_name(path.name + ".lock")


def identity(path: Path) -> tuple[int, int] | None:
    """The file's device and inode (None: not there)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def files(path: Path) -> list[Path]:
    """The store's own files: the database and its WAL files, not its lock."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "")]


@contextmanager
def writer_lock(store: StoreURL) -> Iterator[None]:
    """Hold the lock file's ``flock`` for one command, waiting up to ``store.lock_timeout``."""
    assert store.path is not None
    fd = os.open(lock_path(store.path), os.O_CREAT | os.O_RDWR, 0o600)
    try:
        _flock(fd, store)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _flock(fd: int, store: StoreURL) -> None:
    """``flock`` with a deadline: poll without blocking, backing off from 1 ms to 50 ms."""
    deadline = time.monotonic() + store.lock_timeout
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise StoreBusy(store.redacted, store.lock_timeout) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)


def scrub(path: Path) -> None:
    """Overwrite what the store's file and its WAL still hold of dropped tables and deleted rows
    (docs/RELIABILITY.md#security-at-rest): ``secure_delete`` on, the WAL checkpointed into the
    file and truncated, the file rebuilt by ``VACUUM`` (no free page left in it), the WAL
    truncated again. Under the writer lock; a WAL another process holds open is a StoreError."""
    try:
        connection = sqlite3.connect(
            path, isolation_level=None, timeout=SQLITE_LOCK_TIMEOUT_SECONDS
        )
        try:
            connection.execute("PRAGMA secure_delete = ON")
            _truncate_wal(connection, path)
            connection.execute("VACUUM")
            _truncate_wal(connection, path)
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise StoreError(
            N_("cannot scrub the store {path}: {error}"), {"path": path, "error": str(error)}
        ) from None


def _truncate_wal(connection: sqlite3.Connection, path: Path) -> None:
    busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy:
        raise StoreError(
            N_(
                "the store {path} is open in another process (`campaign shell`, `campaign "
                "projections run`?), which holds its WAL: what the read models held may still "
                "be in it; stop that process and run `campaign projections drop --scrub` again"
            ),
            {"path": path},
        )

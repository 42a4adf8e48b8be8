"""Encryption at rest (docs/cli.md#encryption-at-rest): ``CAMPAIGN_KEY`` and the store it opens.

The events' state is encrypted with the eventsourcing library's AES-GCM cipher when a key is
given (``StoreURL.library_env`` switches it on; nothing in the environment can). Topics, ids
and versions stay in clear, and so do the read models (``view_*`` tables: names and notes),
which can be dropped and rebuilt from the events.

A store is encrypted from its first event or never. :func:`check_store_key` looks at the first
stored event when a store is opened, so that a wrong key, a missing key, or a key given for a
plaintext store is a clear :class:`~campaign.store.StoreError` (exit 1) before anything is read
or written — never undecodable bytes or a traceback; a damaged event (one the key does not open
while it opens others, one stored in clear among encrypted ones) is not a key's fault: it is met
where it is read, pointing at ``campaign verify``, which names its position.
"""

from __future__ import annotations

import base64
import secrets
from typing import Any

from campaign.core.errors import DamagedHistory
from campaign.core.i18n import N_
from campaign.store import KEY_SIZES, StoreError, StoreURL

KEY_BYTES = 32  # AES-256
SCAN_BATCH = 500  # events read at a time looking for one a key opens


def generate_key() -> str:
    """A new random key, as ``CAMPAIGN_KEY`` takes it: 32 bytes in base64 (``AESCipher``'s
    own format, the same as ``AESCipher.create_key(32)``)."""
    assert KEY_BYTES in KEY_SIZES
    return base64.b64encode(secrets.token_bytes(KEY_BYTES)).decode("ascii")


def check_store_key(app: Any, store: StoreURL) -> None:
    """Refuse a key that does not fit the store: a wrong or missing key on an encrypted store,
    or a key on a plaintext one. An empty store takes whatever it is given.

    The first event decides, as a store is encrypted from its first event or never (the last
    one when the first cannot be read at all). A key that does not open it is a wrong key only
    when it opens no event of the store: when it opens another, the first was damaged, which
    ``campaign verify`` names (as it names any other damaged event, first or last)."""
    recorder = app.recorder
    last = recorder.max_notification_id()
    if not last:
        return
    state = _first_readable(recorder, last)
    if state is None:
        return  # neither end can be read: verify names where (campaign/store/sqliterecorder.py)
    plain = _is_plaintext(app.mapper, state)
    if store.key is None or app.mapper.cipher is None:
        if not plain:
            raise StoreError(
                N_(
                    "the store {store} is encrypted: set CAMPAIGN_KEY to its key (the one it was "
                    "created with) to read or write it"
                ),
                {"store": store.redacted},
            )
        return
    if plain:
        raise StoreError(
            N_(
                "the store {store} is not encrypted, but CAMPAIGN_KEY is set: a store is "
                "encrypted from its first event or never — unset CAMPAIGN_KEY to use it"
            ),
            {"store": store.redacted},
        )
    if not _opens(app.mapper.cipher, state) and not _opens_any(recorder, app.mapper.cipher):
        raise StoreError(
            N_(
                "CAMPAIGN_KEY does not open the store {store}: it was encrypted with another "
                "key; nothing was read or written"
            ),
            {"store": store.redacted},
        )


def _first_readable(recorder: Any, last: int) -> bytes | None:
    """The state of the first stored event, or of the last when the first's cannot be read."""
    for start in (1, last):
        try:
            found = recorder.select_notifications(start=start, limit=1)
        except DamagedHistory:  # a column SQLite holds as text that is not UTF-8
            continue
        if found:
            return found[0].state
    return None


def _opens(cipher: Any, state: bytes) -> bool:
    try:
        cipher.decrypt(state)
    except ValueError:  # AES-GCM's tag does not match: another key, or bytes changed
        return False
    return True


def _opens_any(recorder: Any, cipher: Any) -> bool:
    """Whether the key opens any stored event: only a wrong key opens none (the whole store is
    read, only then)."""
    after = 0
    while True:
        try:
            batch = recorder.select_notifications(start=after + 1, limit=SCAN_BATCH)
        except DamagedHistory:  # one of them cannot be read: the next ids
            after += SCAN_BATCH
            if after > recorder.max_notification_id():
                return False
            continue
        if not batch:
            return False
        if any(_opens(cipher, notification.state) for notification in batch):
            return True
        after = batch[-1].id


def _is_plaintext(mapper: Any, state: bytes) -> bool:
    """Whether ``state`` is the transcoder's own output (JSON), not ciphertext."""
    try:
        return isinstance(mapper.transcoder.decode(state), dict)
    except Exception:  # ciphertext is not UTF-8 JSON: which error depends on its bytes
        return False

"""Encryption at rest (docs/cli.md#encryption-at-rest): ``CAMPAIGN_KEY`` and the store it opens.

The events' state is encrypted with the eventsourcing library's AES-GCM cipher when a key is
given (``StoreURL.library_env`` switches it on; nothing in the environment can). Topics, ids
and versions stay in clear, and so do the read models (``view_*`` tables: names and notes),
which can be dropped and rebuilt from the events.

A store is encrypted from its first event or never. :func:`check_store_key` looks at the first
and the last stored event when a store is opened, so that a wrong key, a missing key, or a key
given for a plaintext store is a clear :class:`~campaign.store.StoreError` (exit 1) before
anything is read or written — never undecodable bytes or a traceback.
"""

from __future__ import annotations

import base64
import secrets
from typing import Any

from campaign.store import KEY_SIZES, StoreError, StoreURL

KEY_BYTES = 32  # AES-256


def generate_key() -> str:
    """A new random key, as ``CAMPAIGN_KEY`` takes it: 32 bytes in base64 (``AESCipher``'s
    own format, the same as ``AESCipher.create_key(32)``)."""
    assert KEY_BYTES in KEY_SIZES
    return base64.b64encode(secrets.token_bytes(KEY_BYTES)).decode("ascii")


def check_store_key(app: Any, store: StoreURL) -> None:
    """Refuse a key that does not fit the store: a wrong or missing key on an encrypted store,
    or a key on a plaintext one. An empty store takes whatever it is given."""
    recorder = app.recorder
    last = recorder.max_notification_id()
    if not last:
        return
    probes = recorder.select_notifications(start=1, limit=1)
    probes += recorder.select_notifications(start=last, limit=1)
    for notification in probes:
        _check(app.mapper, notification.state, store)


def _check(mapper: Any, state: bytes, store: StoreURL) -> None:
    plain = _is_plaintext(mapper, state)
    if store.key is None or mapper.cipher is None:
        if not plain:
            raise StoreError(
                f"the store {store.redacted} is encrypted: set CAMPAIGN_KEY to its key "
                "(the one it was created with) to read or write it"
            )
        return
    if plain:
        raise StoreError(
            f"the store {store.redacted} is not encrypted, but CAMPAIGN_KEY is set: a store is "
            "encrypted from its first event or never — unset CAMPAIGN_KEY to use it"
        )
    try:
        mapper.cipher.decrypt(state)
    except ValueError:  # AES-GCM's tag does not match: another key
        raise StoreError(
            f"CAMPAIGN_KEY does not open the store {store.redacted}: it was encrypted with "
            "another key; nothing was read or written"
        ) from None


def _is_plaintext(mapper: Any, state: bytes) -> bool:
    """Whether ``state`` is the transcoder's own output (JSON), not ciphertext."""
    try:
        return isinstance(mapper.transcoder.decode(state), dict)
    except Exception:  # ciphertext is not UTF-8 JSON: which error depends on its bytes
        return False

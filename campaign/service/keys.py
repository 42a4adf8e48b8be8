"""Keys for encryption at rest (``CAMPAIGN_KEY``, docs/cli.md#encryption-at-rest)."""

from __future__ import annotations

from campaign.store.keys import generate_key


def new_key() -> str:
    """A new random key, as ``CAMPAIGN_KEY`` takes it (AES-256, base64)."""
    return generate_key()

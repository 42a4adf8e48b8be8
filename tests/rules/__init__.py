"""The rules tier: the rules and the log language as pure functions over plain values."""

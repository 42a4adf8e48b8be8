"""The CLI tier: each command as a user types it, in-process; its output and exit code exactly."""

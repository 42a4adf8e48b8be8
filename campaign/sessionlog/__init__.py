"""The session-log language both ways: reading log lines, writing them back."""

"""The shell tier: `campaign shell` in-process, and as a real process at a terminal or piped."""

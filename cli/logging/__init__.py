"""The logging commands of SPEC §4: each is a live ``campaign`` command and a log line."""

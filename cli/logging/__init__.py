"""The logging commands (docs/log-language.md): each is a live ``campaign`` command and a log
line."""

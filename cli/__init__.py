"""The ``campaign`` command line: thin Typer commands that parse, call, and render."""

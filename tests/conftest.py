"""Shared fixtures: the CLI as a user invokes it."""

import json

import pytest
from typer.testing import CliRunner

from cli.main import app


@pytest.fixture
def campaign():
    """Run ``campaign ARGS…`` in-process; returns the result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, list(args))

    return run


@pytest.fixture
def campaign_json(campaign):
    """Run a read command with ``--json``; assert it succeeded and return the parsed object."""

    def run(*args: str):
        result = campaign(*args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    return run

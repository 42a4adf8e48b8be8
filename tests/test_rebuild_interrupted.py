"""Given ``campaign projections rebuild`` interrupted by Ctrl-C, then it exits 130 and says what
became of the read models: as they were when the Ctrl-C fell inside the rebuild's one
transaction, rebuilt when it fell after (it used to exit 130 saying nothing)."""

from __future__ import annotations

from tests.test_damaged_store import read_models, recorded  # noqa: F401  # the fixture
from tests.test_verify import cli


def test_a_ctrl_c_inside_the_rebuild_leaves_the_read_models_as_they_were(
    recorded,  # noqa: F811
    monkeypatch,
):
    import projections.readmodel

    before = read_models(recorded)
    original = projections.readmodel.ReadModel._fold
    folds = []

    def fold(self, *args, **kwargs):
        original(self, *args, **kwargs)  # what was dropped and folded again so far: rolled back
        folds.append(1)
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(projections.readmodel.ReadModel, "_fold", fold)
        result = cli("--db", recorded, "projections", "rebuild")
    assert folds == [1]
    assert result.exit_code == 130, result.output
    assert result.stderr == (
        "interrupted: the read models are as they were (the rebuild is one transaction)\n"
    )
    assert "read models rebuilt" not in result.stdout
    assert read_models(recorded) == before


def test_a_ctrl_c_after_the_rebuild_says_it_was_rebuilt(recorded, monkeypatch):  # noqa: F811
    from campaign.application import Ledger

    def last_position(self):
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(Ledger, "last_position", last_position)
        result = cli("--db", recorded, "projections", "rebuild")
    assert result.exit_code == 130, result.output
    assert result.stderr.startswith("interrupted: the read models were rebuilt (30 events folded)")

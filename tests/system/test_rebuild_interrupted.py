"""Given ``campaign projections rebuild`` interrupted by Ctrl-C, then it exits 130 and says what
became of the read models: rebuilt when the rebuild had returned; otherwise where they stand, read
back — the rebuild's one transaction may have committed just as the Ctrl-C fell, and read models of
another version are dropped before the rebuild begins, so "as they were" would not always be
true."""

from __future__ import annotations

from tests.service.test_verify import cli
from tests.system.test_damaged_store import read_models, recorded  # noqa: F401  # the fixture


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
        "interrupted: the read models stand at position 30 of 30; `campaign projections "
        "rebuild` rebuilds them, and any read catches them up\n"
    )
    assert "read models rebuilt" not in result.stdout
    assert read_models(recorded) == before


def test_a_ctrl_c_after_the_rebuild_says_it_was_rebuilt(recorded, monkeypatch):  # noqa: F811
    from campaign.service.ledger import Ledger

    def last_position(self):
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(Ledger, "last_position", last_position)
        result = cli("--db", recorded, "projections", "rebuild")
    assert result.exit_code == 130, result.output
    assert result.stderr.startswith("interrupted: the read models were rebuilt (30 events folded)")


def test_a_ctrl_c_as_the_rebuild_commits_says_where_the_read_models_stand(
    recorded,  # noqa: F811
    monkeypatch,
):
    import projections.readmodel

    original = projections.readmodel.ReadModel.rebuild

    def rebuild(self, *args, **kwargs):
        original(self, *args, **kwargs)  # committed: the call never returns
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(projections.readmodel.ReadModel, "rebuild", rebuild)
        result = cli("--db", recorded, "projections", "rebuild")
    assert result.exit_code == 130, result.output
    assert result.stderr.startswith("interrupted: the read models stand at position 30 of 30;")


def test_read_models_of_another_version_interrupted_say_they_stand_at_0(
    recorded,  # noqa: F811
    monkeypatch,
):
    import projections.readmodel
    from projections import tables

    with monkeypatch.context() as patched:  # read models built by another version
        patched.setattr(tables, "READ_MODEL_VERSION", tables.READ_MODEL_VERSION - 1)
        assert cli("--db", recorded, "projections", "rebuild").exit_code == 0

    def fold(self, *args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(projections.readmodel.ReadModel, "_fold", fold)
        result = cli("--db", recorded, "projections", "rebuild")
    assert result.exit_code == 130, result.output
    # dropped for the new version before the rebuild began: empty, and caught up by any read
    assert result.stderr.startswith("interrupted: the read models stand at position 0 of 30;")
    assert read_models(recorded)["positions"]["projections"][0]["position"] == 30

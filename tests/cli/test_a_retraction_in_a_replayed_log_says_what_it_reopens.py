"""`replay --verbose` says what a retraction re-opens as the live answer does
(docs/audit.md#at-the-table): an item save withdrawn after its session ended leaves SAV003 final
at once, flagged under the `retract` line; withdrawn in its session, the exposure waits again,
and the session's end flags it — whether the item save was recorded by the same file or before."""

ITEM_SAVED = """\
session 1
character create isolde --name "Isolde Varga"
character saves isolde --fortitude 6 --reflex 2 --will 1
character item isolde "Heavy wooden shield" --slot shield --hardness 5 --hp 15
save isolde --vs Fireball --type reflex --dc 16 --effect half --damage 24 --energy --objects \\
    --roll 1 --item "Heavy wooden shield"
item-save isolde "Heavy wooden shield" --roll 9
"""
FLAG = "⚑ SAV003 isolde/Heavy wooden shield: exposed at event 7"


def _replayed(in_store, tmp_path, *texts):
    said = ""
    for number, text in enumerate(texts, start=1):
        log = tmp_path / f"{number}.log"
        log.write_text(text, encoding="utf-8")
        said = in_store("--verbose", "replay", str(log))
    return said.splitlines()


def _under(lines, words):
    """The lines said under the replayed line that holds ``words``."""
    start = next(i for i, line in enumerate(lines) if words in line)
    rest = lines[start + 1 :]
    end = next((i for i, line in enumerate(rest) if not line.startswith("    ")), len(rest))
    return rest[:end]


def test_withdrawn_in_its_session_the_session_end_flags_it(in_store, tmp_path):
    lines = _replayed(in_store, tmp_path, ITEM_SAVED + "retract last\nsession end\n")
    assert [line for line in _under(lines, "session 1 ended") if FLAG in line], lines
    assert not [line for line in _under(lines, "retracted") if "⚑" in line]


def test_withdrawn_after_its_session_in_the_same_file(in_store, tmp_path):
    text = ITEM_SAVED + "session 2\nretract event:8\nsession end\n"
    lines = _replayed(in_store, tmp_path, text)
    (flag,) = _under(lines, "retracted")
    assert FLAG in flag and "before session 1 ended" in flag
    assert not [line for line in lines if "session 2 ended" in line and "⚑" in line]


def test_withdrawn_after_its_session_by_a_later_file(in_store, tmp_path):
    lines = _replayed(in_store, tmp_path, ITEM_SAVED, "session 2\nretract event:8\n")
    (flag,) = _under(lines, "retracted")
    assert FLAG in flag and "before session 1 ended" in flag

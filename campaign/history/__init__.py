"""The history as a whole: export, import, verify, the recap."""

"""Leaf modules: errors, the in-game clock, handles, the hash chain. Imports nothing of ours."""

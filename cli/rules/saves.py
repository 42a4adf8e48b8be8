"""Calculator calls for saves (placeholder until written)."""

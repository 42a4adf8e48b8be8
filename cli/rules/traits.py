"""Calculator calls for traits (placeholder until written)."""

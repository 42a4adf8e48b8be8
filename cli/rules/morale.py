"""Calculator calls for seed 000 (placeholder)."""

"""The system tier, all slow: real processes, PostgreSQL, concurrency, crashes, fuzzing and
README.md."""

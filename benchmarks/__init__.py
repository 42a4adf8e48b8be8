"""Benchmarks for Campaign Ledger: a synthetic-campaign generator and a harness that
prints ratios against baselines measured in the same run. Not part of the unit tests.

    .venv/bin/python -m benchmarks.run [--quick] [--only B1,B3]
    .venv/bin/python -m benchmarks.generate --sessions 10 --events 200 --seed 7 > big.log
"""

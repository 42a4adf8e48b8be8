"""The suite in tiers: rules, aggregates, service, cli (and cli/shell), system; see each tier."""

"""The aggregates tier: each aggregate's commands, guards and events, driven without the service."""

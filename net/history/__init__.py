"""Finished games kept as verifiable files."""

"""Tests of the bots."""

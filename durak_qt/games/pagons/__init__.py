"""Durak with pagons: its table view and its words."""

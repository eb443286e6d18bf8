"""Joker rummy: its table view and its words."""

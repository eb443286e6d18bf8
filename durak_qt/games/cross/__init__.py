"""Cross fool: its table view and its words."""

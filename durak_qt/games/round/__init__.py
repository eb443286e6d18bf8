"""Round fool: its table view and its words."""

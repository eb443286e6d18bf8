"""Road fool: its table view and its words."""

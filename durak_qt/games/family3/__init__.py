"""What the family-3 games share: which kinds have a view, local and LAN games, page, game over."""

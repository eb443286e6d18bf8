"""Family 3: Durak with pagons of text B (a team game that ends by hanging shoulder straps)."""

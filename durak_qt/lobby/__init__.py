"""Finding and joining tables: the lobby, mDNS discovery, joining by address, and a game at a LAN table."""

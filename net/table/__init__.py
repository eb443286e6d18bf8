"""The table protocol: one agreed, signed, hash-chained log of moves among peers, with fair dealing."""

"""The client's half of game history (issue 29): the History page and the replay viewer.

`net.history` keeps, verifies and replays game files; this package shows them. `frames` turns a
replayed game into what a table draws (every hand face up, or one seat's view) and its log;
`viewer` is the replay viewer (the live table's own views, read-only, with step, slider, bout
jumps and play at three speeds); `page` is the History page (the list, the search, the player's
records, damaged files); `opening` reads, verifies and replays one file for them.
"""

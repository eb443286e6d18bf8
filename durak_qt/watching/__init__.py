"""Watching a running LAN table as a spectator: the session that runs the watch off the GUI
thread (`session`), what the table shows a spectator (`seen`) and the watching page (`page`)."""

"""The client's dialogs: creating a table, settings, joining by address, about, rules help, trump choice."""

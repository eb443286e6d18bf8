"""Discovery, transport, the table protocol and fair dealing: sans-I/O cores with thin asyncio shells."""

"""Watch the tables of the lab: `python -m tests.lan.table_watch ADDRESS SECONDS` prints one JSON
line per discovery event (kind, table name, host fingerprint, port, time since start)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time

from net.discovery import TableAppeared, TableBrowser, TableUpdated, make_zeroconf


async def watch(address: str, seconds: float) -> None:
    """Browse `_durak._tcp` on `address` for `seconds`, printing every event."""
    zeroconf = make_zeroconf(address)
    started = time.monotonic()
    try:
        async with TableBrowser(zeroconf) as browser:
            print(json.dumps({"kind": "started"}), flush=True)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):
                    async for event in browser:
                        kind = (
                            "appeared"
                            if isinstance(event, TableAppeared)
                            else "updated"
                            if isinstance(event, TableUpdated)
                            else "vanished"
                        )
                        table = event.table
                        line = {
                            "kind": kind,
                            "name": table.name,
                            "fp": table.host_fingerprint,
                            "port": table.port,
                            "at": round(time.monotonic() - started, 2),
                        }
                        print(json.dumps(line), flush=True)
    finally:
        await zeroconf.async_close()


if __name__ == "__main__":
    asyncio.run(watch(sys.argv[1], float(sys.argv[2])))

"""`durak-peer`: a headless peer that hosts or joins a table (by name over mDNS, or by address)
and plays with a bot.

    durak-peer --name North --host "Kitchen" --variant throw-in --seats 3 --bot heuristic \\
        --port 4000 --result result.json
    durak-peer --name East --join "Kitchen" --bot random --result result.json
    durak-peer --name West --connect 192.168.1.20:4000 --result result.json
    durak-peer --name South --join "Kitchen" --host-key 3b6a27bc...(64 hex digits)
    durak-peer --name South --connect "durak://192.168.1.20:4000/Kitchen#O2onvM62pC..."
    durak-peer --name Guest --watch "Kitchen" --result seen.json
    durak-peer --name Guest --watch 192.168.1.20:4000 --result seen.json

`--watch TABLE` (a name, or HOST:PORT) watches the table as a spectator instead of playing
(`net.watcher`): its result JSON holds what it saw (each game's log hash and result, whether the
audit showed it every hand, and how the watch ended); exit status 0 when it watched to the match's end.

Exit status: 0 when every game finished with a clean audit, 1 when a game ended otherwise
(cheat, abandoned, forfeit, audit problems), 2 for bad arguments or a peer that cannot run,
3 when --timeout ran out.

The result JSON names why a peer stopped early in `error`; a join that failed adds its kind as
`join_failure`, and a host's start this member refused adds `host_fault` (`host_fault_json`):
the host, the game, the differing fields and the host's signed start (bytes as hex digits).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import tempfile
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from engine.bots import BOTS
from engine.games import all_ids
from net.absence import RESUME_WINDOW
from net.identity import (
    IdentityError,
    check_public_key,
    decode_public_key,
    load_or_create_identity,
)
from net.invitation import SCHEME, parse_invitation
from net.journal import JournalError
from net.lobby import MOVE_TIMERS, check_port, check_rules, parse_host_port
from net.peer import Peer, PeerError, PeerSettings, default_data_dir
from net.peer_events import JOIN_TIMEOUT, HostFault, JoinError
from net.version import add_version_argument, startup_line
from net.watch_events import (
    DEFAULT_SPECTATOR_CAP,
    GameStarted,
    SpectatorPolicy,
    TableShown,
    WatchEvent,
    WatchRequest,
)
from net.watcher import Watcher

EXIT_OK, EXIT_UNCLEAN, EXIT_ERROR, EXIT_TIMEOUT = 0, 1, 2, 3


def parse_option(text: str) -> tuple[str, Any]:
    """`name=value` with value read as JSON when it parses (numbers, true/false, null), else text."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"--option wants name=value, not {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def checked_address(text: str) -> str:
    """A --connect value: HOST:PORT or a durak:// invitation (checked, kept as typed)."""
    try:
        if text.strip().lower().startswith(f"{SCHEME}://"):
            parse_invitation(text)
        else:
            parse_host_port(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def host_key_argument(text: str) -> bytes:
    """A --host-key value: the host's Ed25519 public key in hex (64 digits) or base64url (43
    characters, as invitations and mDNS write it)."""
    text = text.strip()
    try:
        key = bytes.fromhex(text) if len(text) == 64 else decode_public_key(text)
        check_public_key(key)
    except (ValueError, IdentityError):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a host key (64 hex digits or 43 base64url characters)"
        ) from None
    return key


def join_target(
    connect: str | None, host_key: bytes | None, join: str | None
) -> tuple[str | None, bytes | None, str | None]:
    """(HOST:PORT, host key, table name) from --connect, --host-key and --join: an invitation
    in --connect gives all three; a --host-key that contradicts it is a PeerError."""
    if connect is None or not connect.strip().lower().startswith(f"{SCHEME}://"):
        return connect, host_key, join
    invitation = parse_invitation(connect)
    if host_key is not None and host_key != invitation.host_key:
        raise PeerError("--host-key names another host than the invitation in --connect")
    host = f"[{invitation.host}]" if ":" in invitation.host else invitation.host
    return f"{host}:{invitation.port}", invitation.host_key, invitation.table_name or join


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="durak-peer",
        description="A headless Durak peer: hosts or joins a table on the LAN and plays with a bot.",
    )
    add_version_argument(parser)
    parser.add_argument("--name", required=True, help="player name shown at the table")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--host", metavar="TABLE", help="host (and announce) a table with this name")
    where.add_argument("--join", metavar="TABLE", help="find the table with this name and join it")
    where.add_argument(
        "--watch",
        metavar="TABLE",
        help="watch a running table as a spectator (its name, or HOST:PORT) and write what it "
        "saw (log hashes, results) to --result",
    )
    where.add_argument(
        "--connect",
        metavar="HOST:PORT",
        type=checked_address,
        help="join the table whose host listens at HOST:PORT, or at a durak:// invitation's "
        "address with its host key (no mDNS needed)",
    )
    parser.add_argument(
        "--host-key",
        type=host_key_argument,
        default=None,
        metavar="KEY",
        help="join only the host with this identity key (64 hex digits or base64url): --join "
        "picks the table it announces, --connect fails if another computer answers",
    )
    parser.add_argument(
        "--port", type=int, default=0, help="port to listen on (default: any free port)"
    )
    parser.add_argument(
        "--resume-window",
        type=float,
        default=RESUME_WINDOW,
        metavar="SECONDS",
        help="how long the table waits for a silent player (default %(default)g)",
    )
    parser.add_argument(
        "--join-timeout",
        type=float,
        default=JOIN_TIMEOUT,
        metavar="SECONDS",
        help="how long joining may take to find the table and get in (default %(default)g)",
    )
    parser.add_argument(
        "--variant",
        default="throw-in",
        choices=all_ids(),
        help="(host) rules: a Durak variant or a family-3 game the table deals",
    )
    parser.add_argument("--seats", type=int, default=3, help="(host) number of seats")
    parser.add_argument(
        "--option",
        dest="options",
        action="append",
        type=parse_option,
        default=[],
        metavar="NAME=VALUE",
        help="(host) a rule option, e.g. attack_cap=5 (repeatable)",
    )
    parser.add_argument(
        "--move-timer",
        type=int,
        default=None,
        choices=MOVE_TIMERS,
        help="(host) seconds per move for every seat (default 0: no timer); joiners follow "
        "the host's",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=DEFAULT_SPECTATOR_CAP,
        metavar="N",
        help="(host) how many spectators may watch (0: none; default %(default)d)",
    )
    parser.add_argument(
        "--no-spectator-chat",
        action="store_true",
        help="(host) spectators may watch but not chat",
    )
    parser.add_argument("--bot", default="heuristic", choices=sorted(BOTS), help="who plays")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games in the match (host default 1; joiners follow)",
    )
    parser.add_argument("--interface", default="all", help='"all", an address or an interface name')
    parser.add_argument("--password", default=None, help="table password")
    parser.add_argument("--data-dir", type=Path, default=None, help="identity and journals")
    parser.add_argument("--result", type=Path, default=None, help="write the result JSON here")
    parser.add_argument("--timeout", type=float, default=None, help="give up after SECONDS")
    parser.add_argument(
        "--resume", action="store_true", help="resume the unfinished game of this table"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the bot (default random)")
    parser.add_argument(
        "--trace", type=Path, default=None, help="append timing events (JSON lines)"
    )
    parser.add_argument(
        "--log-level", default="info", choices=["debug", "info", "warning", "error"]
    )
    return parser


def spectator_policy(cap: int, chat: bool) -> SpectatorPolicy:
    """The host's spectator setting from --spectators N (0 or less: none) and the chat flag."""
    return SpectatorPolicy.from_cap(cap, chat)


def json_safe(value: Any) -> Any:
    """Wire data made fit for JSON: bytes become hex digits, tuples lists, map keys text."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, dict):
        return {str(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(item) for item in value]
    return value


def host_fault_json(fault: HostFault) -> dict[str, Any]:
    """A refused start's evidence for the result JSON: who hosted, which game, what departs
    from the game the member finished, and the host's signed `start` message as received (its
    `sig` over `start_signed_bytes(config)` lets anyone check the host sent that config)."""
    return {
        "host": fault.host,
        "game": fault.game,
        "differences": list(fault.differences),
        "start": json_safe(fault.evidence),
    }


def write_result(path: Path | None, result: dict[str, Any]) -> None:
    """Write the result JSON atomically (or print it when no path was given)."""
    text = json.dumps(result, indent=2, sort_keys=True) + "\n"
    if path is None:
        sys.stdout.write(text)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".result-", dir=path.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)


async def run_peer(settings: PeerSettings, timeout: float | None) -> tuple[int, dict[str, Any]]:
    """Run one peer; the exit status and the result JSON."""
    data_dir = settings.data_dir
    identity = load_or_create_identity(data_dir / "identity.key")
    peer = Peer(settings, identity)
    try:
        result = await asyncio.wait_for(peer.run(), timeout)
    except TimeoutError:
        result = peer.result()
        result["error"] = f"timed out after {timeout:g} s"
        logging.getLogger("net.peer").error("timed out after %g s", timeout)
        return EXIT_TIMEOUT, result
    except PeerError as error:
        result = peer.result()
        result["error"] = str(error)
        if isinstance(error, JoinError):
            result["join_failure"] = error.kind
        if isinstance(error, HostFault):
            result["host_fault"] = host_fault_json(error)
        logging.getLogger("net.peer").error("%s", error)
        return EXIT_ERROR if not peer.results else EXIT_UNCLEAN, result
    return (EXIT_OK if result["ok"] else EXIT_UNCLEAN), result


async def run_watch(
    request: WatchRequest,
    data_dir: Path,
    interface: str,
    join_timeout: float,
    host_key: bytes | None,
    timeout: float | None,
) -> tuple[int, dict[str, Any]]:
    """Watch one table headless (its events logged); the exit status and the result JSON."""
    identity = load_or_create_identity(data_dir / "identity.key")
    log = logging.getLogger("net.watcher")

    def sink(event: WatchEvent) -> None:
        if isinstance(event, GameStarted):
            log.info("GameStarted: game %d, %d moves in its log", event.game_no, event.caught_up)
        elif isinstance(event, TableShown) and event.audit:
            log.info("TableShown: game %d, the audit opened every hand", event.game_no)
        else:
            log.info("%s", event if not hasattr(event, "observation") else type(event).__name__)

    watcher = Watcher(request, identity, sink, interface, join_timeout, host_key)
    try:
        await asyncio.wait_for(watcher.run(), timeout)
    except TimeoutError:
        result = watcher.result()
        result["error"] = f"timed out after {timeout:g} s"
        return EXIT_TIMEOUT, result
    result = watcher.result()
    return (EXIT_OK if result["ok"] else EXIT_UNCLEAN), result


KEY_OPTIONS = ("--host-key",)
"""Options whose value is a key, which may begin with "-" (base64url): argparse would take such a
value for an option of its own unless it is joined to its option (`with_keys_joined`)."""


def with_keys_joined(argv: list[str]) -> list[str]:
    """`argv` with each key option's value joined to it ("--host-key", "-abc..." becomes
    "--host-key=-abc..."), so a key beginning with "-" is read as the key it is."""
    joined: list[str] = []
    words = iter(argv)
    for word in words:
        value = next(words, None) if word in KEY_OPTIONS else None
        joined.append(word if value is None else f"{word}={value}")
    return joined


def main(argv: list[str] | None = None) -> int:
    """The `durak-peer` entry point."""
    args = build_parser().parse_args(with_keys_joined(sys.argv[1:] if argv is None else argv))
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()),
        format=f"%(asctime)s {args.name} %(name)s %(levelname)s %(message)s",
    )
    logging.getLogger("net.peer").info("%s", startup_line("durak-peer"))
    if args.games is not None and args.games < 1:
        print("durak-peer: --games must be at least 1", file=sys.stderr)
        return EXIT_ERROR
    if args.port != 0:
        try:
            check_port(args.port)
        except ValueError as error:
            print(f"durak-peer: --port: {error}", file=sys.stderr)
            return EXIT_ERROR
    if args.resume_window <= 0 or args.join_timeout <= 0:
        print("durak-peer: --resume-window and --join-timeout must be positive", file=sys.stderr)
        return EXIT_ERROR
    if args.watch is not None:
        request = WatchRequest(args.watch, args.name, args.password or "")
        watch = run_watch(
            request,
            args.data_dir or default_data_dir(),
            args.interface,
            args.join_timeout,
            args.host_key,
            args.timeout,
        )
        return run_and_record(watch, args.result)
    if args.host is not None:
        try:
            check_rules(args.variant, dict(args.options), args.seats)
        except ValueError as error:
            print(f"durak-peer: {error}", file=sys.stderr)
            return EXIT_ERROR
    if args.host is None and args.move_timer is not None:
        print("durak-peer: --move-timer is for hosting; joiners follow the host's", file=sys.stderr)
        return EXIT_ERROR
    if args.host is not None and args.host_key is not None:
        print("durak-peer: --host-key is for joining, not hosting", file=sys.stderr)
        return EXIT_ERROR
    try:
        connect, host_key, join = join_target(args.connect, args.host_key, args.join)
    except (PeerError, ValueError) as error:
        print(f"durak-peer: {error}", file=sys.stderr)
        return EXIT_ERROR
    settings = PeerSettings(
        name=args.name,
        data_dir=args.data_dir or default_data_dir(),
        host_table=args.host,
        join_table=join,
        connect=connect,
        host_key=host_key,
        port=args.port,
        resume_window=args.resume_window,
        join_timeout=args.join_timeout,
        variant=args.variant,
        seats=args.seats,
        options=dict(args.options),
        bot=args.bot,
        games=args.games,
        move_timer=args.move_timer or 0,
        spectators=spectator_policy(args.spectators, not args.no_spectator_chat),
        interface=args.interface,
        password=args.password,
        resume=args.resume,
        trace=args.trace,
        bot_seed=args.seed,
    )
    return run_and_record(run_peer(settings, args.timeout), args.result)


def run_and_record(
    run: Coroutine[Any, Any, tuple[int, dict[str, Any]]], result_path: Path | None
) -> int:
    """Run a peer's or a spectator's coroutine to its end, write what it saw to `result_path`
    (an error in words when it could not run) and return the exit status."""
    try:
        status, result = asyncio.run(run)
    except (IdentityError, JournalError, PeerError, OSError, ValueError) as error:
        print(f"durak-peer: {error}", file=sys.stderr)
        write_result(result_path, {"error": str(error), "games": [], "ok": False})
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    write_result(result_path, result)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""The lobby side of one peer: hosting (the lobby, the announcement) or joining (finding the
table, dialling its host), lobby messages both ways, taking a seat and saying ready, and the
host's deadlines outside a game."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from net.handshake import PROTOCOL_VERSION
from net.identity import fingerprint
from net.lobby import (
    ChatReceived,
    GameStart,
    Kicked,
    LobbyChanged,
    LobbyClient,
    LobbyError,
    LobbyHost,
    LobbyOut,
    LobbyState,
    Refused,
    SeatAddress,
    SeatLeft,
    Send,
    bye_message,
    check_bye,
    error_message,
    join_message,
    parse_bye,
    parse_host_port,
    ready_message,
    seat_message,
    sign_start,
    start_message,
)
from net.mesh import link_local, monotonic
from net.peer_base import PeerBase
from net.peer_events import HostMalformed, HostStalled, JoinError, PeerError, SeatLeftMatch
from net.peer_starts import SHOWN, ShownStartError
from net.table.config import TableConfig
from net.table_finder import find_host, find_named_table, first_contact, refusal, version_detail
from net.transport import Connection

logger = logging.getLogger("net.peer")

REDISCOVER_AFTER = 3.0
"""Seconds the host may be unreachable outside a game before it is looked for again by mDNS."""
LOBBY_WAITS = {
    "join": "no lobby state yet, since the join began: the join timeout (JoinError vanished, or "
    "refused when the host's link is up)",
    "host-away": "the host unreachable outside a game: the join timeout, the resume window while "
    "a finished game still closes (JoinError vanished)",
    "start": "no start while the host's state says every seat is taken and ready: the join "
    "timeout (HostStalled)",
    "game-runs": "no game here while the host's state says a game with this member seated runs: "
    "the resume window and the join timeout (HostStalled)",
    "bye": "this leaving member's goodbye not answered by the host (relayed, or refused as the "
    "next game's start crossed it): the join timeout, or the host's link down (the peer stops)",
}
"""A member's waits on the host outside a game (`LobbySide._check_lobby_waits`), each with its
deadline and the words it ends in."""


class LobbySide(PeerBase):
    """This peer in the table's lobby, as its host or as a member."""

    async def _host(self) -> None:
        """Host the table: open the lobby with this peer seated, and announce it."""
        settings = self.settings
        assert self.my_address is not None
        self.table_id = f"{settings.table_name[:24]}-{secrets.token_hex(6)}"
        try:
            self.lobby_host = LobbyHost(
                settings.table_name,
                self.table_id,
                self.key,
                settings.variant,
                dict(settings.options),
                settings.seats,
                settings.games or 1,
                move_timer=settings.move_timer,
                spectators=settings.spectators,
            )
        except ValueError as error:
            raise PeerError(f"cannot host: {error}") from None
        self.games_total = settings.games or 1
        self._host_outs(
            self.lobby_host.receive(
                self.key, join_message(settings.name, settings.bot, self.my_address)
            )
        )
        await self._publish()

    async def _publish(self) -> None:
        """Announce the table over mDNS (or update its announcement)."""
        assert self.lobby_host is not None and self.mesh.listener is not None
        await self.announcer.publish(
            self.settings.table_name,
            self.lobby_host.state(),
            self.key,
            self.settings.name,
            self.settings.password is not None,
            self.mesh.listener.port,
        )

    async def _join(self) -> None:
        """Find the table (by address, host key or name) and dial its host."""
        settings = self.settings
        self.join_began = monotonic()
        if settings.connect is not None:
            await self._join_by_address(settings.connect)
            return
        name = settings.table_name
        if settings.host_key is not None:
            logger.info("looking for table %r of host %s", name, fingerprint(settings.host_key))
            found = await find_host(settings.interface, settings.host_key, settings.join_timeout)
            if found is None:
                detail = (
                    f"host {fingerprint(settings.host_key)}, looked for {settings.join_timeout:g} s"
                )
                raise JoinError("not-found", name, detail)
            table = found
        else:
            logger.info("looking for table %r", name)
            table = await find_named_table(settings.interface, name, settings.join_timeout)
        logger.info(
            "found table %r hosted by %s (%s) at %s port %d",
            table.name,
            table.host_name,
            table.host_fingerprint,
            ", ".join(table.addresses),
            table.port,
        )
        if table.protocol_version != PROTOCOL_VERSION:  # found by its host key
            raise JoinError("version", table.name, version_detail(table))
        if table.password and settings.password is None:
            raise JoinError("wrong-password", table.name, "this table needs a password")
        self.host_key = table.host_key
        self.host_address = SeatAddress(tuple(table.addresses[:8]), table.port)
        self.lobby_client = LobbyClient(self.key, table.host_key)
        self.mesh.want_link(table.host_key, self.host_address)

    async def _join_by_address(self, text: str) -> None:
        """Join the table whose host listens at HOST:PORT, without mDNS: the first connection
        demands the host key when the settings name one (an invitation does), else tells us the
        host's identity; from then on it is dialled like a host found by name."""
        settings = self.settings
        connection = await first_contact(
            text, self.identity, settings.password, settings.join_timeout, settings.host_key
        )
        port = parse_host_port(text)[1]
        seen = connection.peer_address[0] if connection.peer_address else "127.0.0.1"
        self.host_key = connection.peer_key
        self.host_address = SeatAddress((str(seen).removeprefix("::ffff:"),), port)
        self.mesh.dial_targets[self.host_key] = self.host_address
        self.lobby_client = LobbyClient(self.key, self.host_key)
        logger.info("joined by address %s: host %s", text, fingerprint(self.host_key))
        self.mesh.attach(connection)
        self._send_join()
        self._spawn(self.mesh.read(connection))
        self.mesh.want_link(self.host_key, self.host_address)

    def _send_join(self) -> None:
        """Send `join` (name, bot, addresses) to the host."""
        assert self.host_key is not None and self.my_address is not None
        self._send(
            self.host_key, join_message(self.settings.name, self.settings.bot, self.my_address)
        )

    def _to_host(self, message: dict[str, Any]) -> None:
        """A lobby message from this peer to the host (itself, when hosting)."""
        if self.lobby_host is not None:
            try:
                outs = self.lobby_host.receive(self.key, message)
            except LobbyError as error:
                logger.warning("lobby refused our own %s: %s", message.get("k"), error)
                return
            self._host_outs(outs)
        elif self.host_key is not None:
            self._send(self.host_key, message)

    def _lobby_message(self, connection: Connection, message: dict[str, Any]) -> None:
        """A lobby message: to the host's lobby, or from the host to our lobby client."""
        key = connection.peer_key
        if message.get("k") == SHOWN:
            self._start_shown(connection, message)
            return
        if self.lobby_host is not None:
            if message.get("k") == "join":
                message = _with_seen_address(message, connection)
            try:
                outs = self.lobby_host.receive(key, message)
            except LobbyError as error:
                logger.warning("lobby: %s", error)
                self._send(key, error_message(str(error), error.why))
                if error.why == "spectator":  # a spectator may only watch, chat and leave
                    self._host_outs(self.lobby_host.disconnected(key))
                    self.mesh.drop(connection, f"spectator: {error.reason}")
                return
            self._host_outs(outs)
        elif self.lobby_client is not None and key == self.host_key:
            try:
                events = self.lobby_client.receive(message)
            except LobbyError as error:
                self._host_broke_rule(message, error)
                return
            self._client_events(events)
        else:
            self.mesh.drop(connection, "sent a lobby message, but it is not the host")

    def _host_broke_rule(self, message: Any, error: LobbyError) -> None:
        """A malformed message from the host (its authenticated link): stop at once, naming
        the host, instead of dropping the link and meeting the same message at every redial."""
        kind = message.get("k") if isinstance(message, dict) else None
        reason = error.reason.removeprefix(f"bad {kind!r}: ")
        evidence = message if isinstance(message, dict) else {"message": repr(message)[:200]}
        fault = HostMalformed(self.host_words(), str(kind), reason, evidence)
        logger.error("%s", fault)
        self._fail_with(fault)

    def _start_shown(self, connection: Connection, message: dict[str, Any]) -> None:
        """Another member showed the host's signed start it got (`net.peer_starts`): the host
        is named when it signed another for this member; the sender when what it showed is not
        the host's signed start (logged and ignored). The host itself has nothing to compare."""
        key = connection.peer_key
        if self.hosting or self.host_key is None or key == self.host_key:
            return
        try:
            two = self.witness.shown(key, message, self.host_key)
        except ShownStartError as error:
            logger.warning(
                "%s showed a start the host did not send: %s", self.seat_words(key), error
            )
            return
        if two is not None:
            self._host_equivocated(two)

    def _host_outs(self, outs: list[LobbyOut]) -> None:
        """Act on the host lobby's outputs, then start the next game when it can."""
        assert self.lobby_host is not None
        for item in outs:
            if isinstance(item, Send):
                message = item.message
                if message.get("k") == "start":  # signed: a member shows it when it refuses
                    message = sign_start(message, self.identity.sign)
                if item.to is None:
                    for member in [*self.lobby_host.members, *self.lobby_host.watchers]:
                        if member != self.key:
                            self._send(member, message)
                elif item.to != self.key:
                    self._send(item.to, message)
            elif isinstance(item, GameStart):
                self._trace("start", game=item.config.game_no)
                self._start_game(item)
            elif isinstance(item, Kicked):
                link = self.mesh.links.get(item.key)
                if link is not None:
                    self._spawn(link.close("kicked"))
            elif isinstance(item, LobbyChanged):
                self.lobby_state = item.state
                self._spawn(self.announcer.follow(item.state))
            elif isinstance(item, ChatReceived):
                logger.info("chat from %s: %s", item.name, item.text)
            elif isinstance(item, SeatLeft):  # checked by the host's lobby
                self._record_departure(item)
        self._lobby_policy()
        host = self.lobby_host
        total = self.games_total or 1
        if host.can_start and host.game < total and not self.stopping:
            self._host_outs(host.receive(self.key, start_message(host.next_first)))

    def _client_events(self, events: list[LobbyOut]) -> None:
        """Act on what the host told our lobby client."""
        for item in events:
            if isinstance(item, LobbyChanged):
                self.lobby_state = item.state
                if self.games_total is None:
                    self.games_total = item.state.games
                self._lobby_policy()
            elif isinstance(item, GameStart):
                self._start_game(item)
            elif isinstance(item, Kicked):
                self._fail_with(JoinError("kicked", self.table_label(), item.reason))
            elif isinstance(item, Refused):
                logger.warning("the host refused: %s", item.reason)
                if self.leaving:  # its goodbye crossed the next game's start, which came first
                    self.bye_sent = None
                if self.lobby_state is None:  # our join itself was refused
                    kind = item.why or "refused"  # "name-taken", "full"
                    self._fail_with(JoinError(kind, self.table_label(), item.reason))
            elif isinstance(item, ChatReceived):
                logger.info("chat from %s: %s", item.name, item.text)
            elif isinstance(item, SeatLeft):
                self._seat_left(item)

    def _say_goodbye(self) -> None:
        """This seat leaves the match (`Peer.request_leave`): its goodbye, signed for the last
        game it played or is forfeiting, goes to the host, whose lobby relays it to every
        member (a hosting seat's own lobby takes it), so nobody waits for this seat's ready."""
        config = self._latest_config()
        if config is None:
            return
        message = bye_message(self.key, config, self.identity.sign)
        self._record_departure(parse_bye(message))
        self._to_host(message)
        if not self.hosting and self.host_key is not None and self._host_link_up():
            self.bye_sent = monotonic()  # the peer stays for the host's answer (LOBBY_WAITS)
        logger.warning("this seat leaves the match after game %d", config.game_no + 1)

    def _host_link_up(self) -> bool:
        """This member's link to the host is up."""
        assert self.host_key is not None
        link = self.mesh.links.get(self.host_key)
        return link is not None and not link.closed

    def _configs_played(self) -> list[TableConfig]:
        """The configs of the games this seat plays or played (runs here, and the last one)."""
        configs = [run.start.config for run in self.games.values()]
        if self.last_config is not None:
            configs.append(self.last_config)
        return configs

    def _latest_config(self) -> TableConfig | None:
        """The config of the latest game this seat played (or plays): None before the first."""
        return max(self._configs_played(), key=lambda config: config.game_no, default=None)

    def _seat_left(self, left: SeatLeft) -> None:
        """The host relayed a seat's goodbye: checked against this member's own config of that
        game (the seat's signature, its seat), the match ends here once no game runs; a relay
        the seat did not sign names the host. A goodbye for a game this member holds no config
        of is logged and ignored (it cannot be checked; the host's state still shows the seat
        gone)."""
        known = self._configs_played() + [start.config for start in self.witness.mine.values()]
        config = next((c for c in known if c.game_no == left.game), None)
        if left.key == self.key:  # the host's answer to this seat's own goodbye
            self.bye_sent = None
            return
        if config is None:
            logger.warning(
                "%s said goodbye after game %d, which this seat did not play",
                self.seat_words(left.key),
                left.game + 1,
            )
            return
        try:
            check_bye(left, config)
        except ValueError as error:
            self._host_broke_rule(left.as_wire(), LobbyError(self.host_words(), str(error)))
            return
        self._record_departure(left)

    def _record_departure(self, left: SeatLeft) -> None:
        """A seat's checked goodbye: recorded (the result lists it), and when it is another
        seat's, the match ends here once no game runs (`GameRoutes._tick`)."""
        earlier = [known for known in self.departures if known.key == left.key]
        if any(known.game >= left.game for known in earlier):
            return
        self.departures = [known for known in self.departures if known.key != left.key]
        self.departures.append(left)  # (a later game's: its goodbye crossed that game's start)
        if left.key == self.key:
            return
        ending = SeatLeftMatch(self.seat_words(left.key), left.game)
        logger.warning("%s", ending)
        self.match_end = self.match_end or ending

    def _lobby_policy(self) -> None:
        """A headless player takes any free seat, and says ready for the next game when its
        previous games are over and the match wants more."""
        state = self.lobby_state
        if state is None or self.leaving or self.match_end is not None:
            return  # a seat left the match: no other game of it starts
        me = next((m for m in state.members if m.get("key") == self.key), None)
        if me is None:
            return
        if me.get("seat") is None:
            if state.playing and not self.games:
                self._fail_with(JoinError("full", state.table, "the game started without us"))
                return
            if not state.playing and -1 not in self.readied:
                self.readied.add(-1)
                self._to_host(seat_message(None))
            return
        self.readied.discard(-1)
        wanted = state.game + 1 if state.playing else state.game
        total = self.games_total or state.games
        if wanted >= total or wanted in self.readied or me.get("ready"):
            return
        if any(run.summary is None for run in self.games.values()):
            return  # still playing
        if self.results and not self.results[-1]["clean"]:
            return  # the match stops after a game that went wrong
        self.readied.add(wanted)
        self._to_host(ready_message(wanted))

    async def _host_unreachable(self, error: Exception, for_seconds: float) -> bool:
        """The host cannot be reached outside a game: stop with a JoinError when it refused us;
        look for it again by its identity over mDNS (a host restarted in the lobby listens on a
        new port). How long the host may stay away is `_check_lobby_waits`' deadline, checked on
        every tick whatever the dialling waits on. True when the peer stops."""
        table = self.table_label()
        refused = refusal(error, table)
        if refused is not None and not self.games:
            self._fail_with(refused)
            return True
        if for_seconds > REDISCOVER_AFTER and self.host_key is not None:
            found = await find_host(self.settings.interface, self.host_key, REDISCOVER_AFTER)
            if found is not None:
                address = SeatAddress(tuple(found.addresses[:8]), found.port)
                if address != self.mesh.dial_targets.get(self.host_key):
                    logger.info("found the host again at %s port %d", found.addresses, found.port)
                    self.host_address = address
                    self.mesh.dial_targets[self.host_key] = address
        return False

    def _check_lobby_waits(self) -> None:
        """A member's waits on the host outside a game, checked every tick, each ending in
        words when its deadline (LOBBY_WAITS) passes: no lobby yet since the join began (the
        join timeout), the host unreachable (the join timeout; the resume window while a game
        of ours is still closing), no start while the host's own state says every seat is taken
        and ready (the join timeout), and no game here while the host's state says one runs
        with this member seated (the resume window, as the host's own end of the game this
        member finished may come that much later, and the join timeout)."""
        if self.hosting or self.host_key is None or self.lobby_client is None:
            return
        if self.bye_sent is not None:
            unanswered = monotonic() - self.bye_sent
            if not self._host_link_up() or unanswered > self.settings.join_timeout:
                logger.warning("the host did not answer this seat's goodbye; it stops")
                self.bye_sent = None
            return
        if self.stopping or self.failure is not None or self._playing() or self._played_all():
            self.waits.clear()
            return
        now, settings, table = monotonic(), self.settings, self.table_label()
        link = self.mesh.links.get(self.host_key)
        up = link is not None and not link.closed
        state = self.lobby_state
        if state is None:
            waited = now - (self.join_began if self.join_began is not None else now)
            if waited > settings.join_timeout:
                detail = "the host answered our join with nothing" if up else "no answer"
                kind = "refused" if up else "vanished"
                self._fail_with(JoinError(kind, table, f"{detail} for {waited:.0f} s"))
            return
        away = self._waited("host-away", not up, now)
        deadline = settings.resume_window if self.games else settings.join_timeout
        if away > deadline:
            self._fail_with(JoinError("vanished", table, f"no answer for {away:.0f} s"))
            return
        total = self.games_total or state.games
        stalled = self._waited("start", up and _everyone_ready(state, total), now)
        if stalled > settings.join_timeout:
            self._fail_with(HostStalled(self.host_words(), state.game, stalled))
            return
        unplayed = self._waited("game-runs", up and _runs_with_seat_of(state, self.key), now)
        if unplayed > settings.resume_window + settings.join_timeout:
            self._fail_with(HostStalled(self.host_words(), state.game, unplayed, running=True))

    def _waited(self, wait: str, waiting: bool, now: float) -> float:
        """Seconds the member has been in this wait (0 when it is not waiting: the wait ends)."""
        if not waiting:
            self.waits.pop(wait, None)
            return 0.0
        return now - self.waits.setdefault(wait, now)

    def _host_ended_match(self) -> None:
        """The host closed our link because its match ended: between games that ends ours."""
        if not self._playing() and not self._played_all() and not self.stopping:
            config = self._latest_config()
            gone = self._seats_away(config)
            if gone and config is not None:  # seen here: its link is down too
                names = " and ".join(gone)
                self._fail_with(SeatLeftMatch(names, config.game_no, vanished=True))
                return
            table = self.table_label()
            self._fail_with(JoinError("vanished", table, "the host ended the match"))

    def _seats_away(self, config: TableConfig | None) -> list[str]:
        """The names of the other seats of this member's last game (`config`; the host aside)
        whose every link here has been down for half the resume window or more (a member that
        stopped as the host ended the match has been away for a moment only)."""
        if config is None:
            return []
        since = monotonic() - self.settings.resume_window / 2
        return [
            seat.name
            for seat in config.seats
            if seat.key not in (self.key, self.host_key)
            and self.mesh.away_since.get(seat.key, since + 1) <= since
        ]

    def _check_between_games(self) -> None:
        """The host, between games of a match: a seated member away for longer than the resume
        window will not say ready, so the match ends (the others are told as the host closes)."""
        host = self.lobby_host
        if host is None or self._playing() or not self.results or self._played_all():
            return
        window = self.settings.resume_window
        gone = [
            member.name
            for member in host.seated()
            if member.key != self.key
            and monotonic() - self.mesh.away_since.get(member.key, 1e18) > window
        ]
        if gone:
            game = int(self.results[-1]["game"])
            self._fail_with(SeatLeftMatch(" and ".join(gone), game, vanished=True))

    def table_label(self) -> str:
        """The table's name for messages (its address when joined by address)."""
        if self.lobby_state is not None:
            return self.lobby_state.table
        return self.settings.host_table or self.settings.join_table or self.settings.connect or ""


def _everyone_ready(state: LobbyState, total: int) -> bool:
    """The host's state says no game runs, the match wants another, every seat is taken and
    every seated player is ready: an honest host starts the game at once."""
    seated = [m for m in state.members if m.get("seat") is not None]
    return (
        not state.playing
        and state.game < total
        and len(seated) == state.seats
        and all(m.get("ready") for m in seated)
    )


def _runs_with_seat_of(state: LobbyState, key: bytes) -> bool:
    """The host's state says a game runs in which `key` is seated: a member that plays no game
    (its own over, or none started here) waits on the host to end it or to start it here."""
    return state.playing and any(
        m.get("key") == key and m.get("seat") is not None for m in state.members
    )


def _with_seen_address(message: dict[str, Any], connection: Connection) -> dict[str, Any]:
    """A join message with the address the host sees the member at put first (it is reachable
    from the host at least, whatever the member thinks its addresses are)."""
    seen = connection.peer_address[0] if connection.peer_address else None
    addresses = message.get("addresses")
    if not isinstance(seen, str) or not isinstance(addresses, list) or link_local(seen):
        return message
    if seen.startswith("::ffff:"):
        seen = seen.removeprefix("::ffff:")
    return {**message, "addresses": [seen, *(a for a in addresses if a != seen)][:8]}

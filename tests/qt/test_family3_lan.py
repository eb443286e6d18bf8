"""The LAN controller of the family-3 page (`durak_qt.games.family3.lan_game`) over a simulated peer: a
czech match played in memory by the engine, bots in the other seats, reported to the controller
through the same signals and items a real peer's thread sends."""

from __future__ import annotations

import hashlib
import random
from types import SimpleNamespace
from typing import Any

import pytest

from durak_qt.games.family3.lan_game import (
    Ended,
    Family3LanGame,
    Family3LanPage,
    Moved,
    Seen,
    open_family3_lan,
)
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.czech.match import CzechMatch
from engine.czech.rules import get_czech_rules
from engine.games import kind_of
from net.game_run import summarize
from net.identity import Identity
from net.lobby import table_problem
from net.peer import PeerSettings
from net.table.config import SeatInfo, TableConfig
from net.table.core import GameOver
from tests.qt.driver import answer_leave_box, deadline_ms


def key(n: int) -> bytes:
    return Identity.from_seed(hashlib.sha256(b"f3-lan-%d" % n).digest()).public_key


class SimulatedPeer:
    """What `Family3GuiPeer` does for the controller, in memory: a czech match at a table of
    `players` with you at seat 0 and the kind's bots elsewhere, dealt on `want_next`."""

    def __init__(self, game: Family3LanGame, variant: str, players: int = 3) -> None:
        self.signals = game.signals
        self.variant, self.players = variant, players
        self.key = key(0)
        self.match = CzechMatch(get_czech_rules(variant), players)
        self.rng = random.Random(4)
        kind = kind_of(variant)
        assert kind is not None
        self.bots = {seat: kind.make_bot("heuristic", seat) for seat in range(1, players)}
        self.summaries: list[dict[str, Any]] = []
        self.played: list[Any] = []
        self.said: list[str] = []
        self.left = False
        self.engine: Any = None
        self.config: TableConfig | None = None

    def deal(self) -> None:
        """The next game of the match starts at the table."""
        number = len(self.match.games)
        self.engine = self.match.new_game(self.rng)
        seats = tuple(
            SeatInfo("Anna" if s == 0 else f"Bot {s}", key(s), bot="" if s == 0 else "heuristic")
            for s in range(self.players)
        )
        first = self.match.leaders[-1]
        self.config = TableConfig("t-1", number, self.variant, (), seats, first)
        self.signals.game_started.emit(self.config, False)
        self._report([Seen(self.engine.observation(0))])
        self._bots()

    def play(self, game_no: int, action: Any) -> None:
        """Your move reaches the table: applied, then the bots move until you are asked."""
        assert self.config is not None and game_no == self.config.game_no
        if action not in self.engine.legal_actions(0):
            self.signals.refused.emit(f"{action} is not legal")
            return
        self._apply(action)
        self._bots()

    def want_next(self) -> None:
        self.deal()

    def say(self, text: str) -> None:
        self.said.append(text)
        self.signals.chat.emit("Anna", text)

    def leave_table(self) -> None:
        self.left = True

    def announce_invitation(self) -> None:
        """No invitation: this table is in memory."""

    def _bots(self) -> None:
        while not self.engine.over and self.engine.to_act[0] != 0:
            seat = self.engine.to_act[0]
            self._apply(self.bots[seat].choose(self.engine, seat))

    def _apply(self, action: Any) -> None:
        events = self.engine.apply(action)
        index = len(self.engine.log) - 1
        self._report([Moved(index, tuple(events)), Seen(self.engine.observation(0))])
        if self.engine.over:
            self.match.record(self.engine)
            self.played.append(self.engine)
            core = SimpleNamespace(game=self.engine, seat=0, entries=list(self.engine.log))
            run = SimpleNamespace(start=SimpleNamespace(config=self.config), core=core)
            verdict = SimpleNamespace(ok=True, cheaters={}, forfeits=[], problems=[])
            over = GameOver(dict(self.engine.result), verdict, "ab" * 32)  # type: ignore[arg-type]
            summary = summarize(run, over, self.summaries)  # type: ignore[arg-type]
            self.summaries.append(summary)
            self._report([Ended(summary)])

    def _report(self, items: list[Any]) -> None:
        assert self.config is not None
        self.signals.items.emit(self.config.game_no, items)


class AtOnce:
    """The peer's thread, in memory: a call runs at once."""

    def call(self, function: Any, *args: Any) -> None:
        function(*args)

    def stop(self, wait_ms: int = 0) -> None:
        """Nothing runs."""


def simulated(game: Family3LanGame, variant: str, players: int = 3) -> SimulatedPeer:
    """Give `game` a simulated peer instead of opening a table on the network."""
    peer = SimulatedPeer(game, variant, players)
    game._peer = peer  # type: ignore[assignment]
    game._thread = AtOnce()  # type: ignore[assignment]
    game.running = True
    return peer


@pytest.fixture
def window(qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """A main window whose family-3 LAN games get a simulated peer when they open."""

    def open_in_memory(game: Family3LanGame) -> None:
        game._opened = True
        peer = simulated(game, game.variant)
        peer.deal()

    monkeypatch.setattr(Family3LanGame, "open", open_in_memory)
    main = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(main)
    return main


def lan_settings(tmp_path: Any, variant: str = "czech") -> PeerSettings:
    return PeerSettings("Anna", tmp_path, host_table="Kitchen", variant=variant, seats=3)


def play_out(game: Family3LanGame, peer: SimulatedPeer) -> None:
    """You play your first legal move each turn until the game ends."""
    for _ in range(3000):
        shown = game.observation()
        if shown.over:
            return
        assert game.submit(shown.legal[0])
    raise AssertionError("the game did not end")


def test_a_family3_table_opens_the_family3_page_and_plays_a_match(
    window: MainWindow, tmp_path: Any, qtbot: Any
) -> None:
    page = open_family3_lan(window, lan_settings(tmp_path, "czech-6"), "czech-6", bots=2)
    assert isinstance(page, Family3LanPage) and window.stack.currentWidget() is page
    game = page.lan_game
    peer: SimulatedPeer = game._peer  # type: ignore[assignment]
    assert game.names == ["Anna", "Bot 1", "Bot 2"] and game.human_seat == 0
    assert game.bot_hosts() == {1: "its own peer", 2: "its own peer"}
    assert game.observation() is not None and game.leader() == peer.match.leaders[0]
    assert page.side.log.count() >= 1  # "Game 1 of the match: … leads."
    with qtbot.waitSignal(game.game_finished, timeout=deadline_ms(10_000)):
        play_out(game, peer)
    first = peer.played[0]
    assert game.winners() == first.winners() and game.fool() == first.fool
    assert [line.game for line in game.game_points()] == list(first.points)
    assert game.match_points() == list(first.points) and game.games_played() == 1
    assert not page.over.isHidden()  # the game-over points over the table
    lines = [page.side.log.item(i).text() for i in range(page.side.log.count())]
    assert len(lines) > 3 and any("Bot 1" in line for line in lines)
    page.next_game()  # "next game": ready again; the winner of the first leads the second
    assert len(peer.match.games) == 1 and game.game_no == 2
    assert game.leader() == peer.match.leaders[1] and page.over.isHidden()
    with qtbot.waitSignal(game.game_finished, timeout=deadline_ms(10_000)):
        play_out(game, peer)
    assert game.match_points() == peer.match.points and game.games_played() == 2


def test_your_intents_go_to_the_table_and_an_illegal_one_is_refused_in_words(
    qtbot: Any, tmp_path: Any
) -> None:
    game = Family3LanGame(lan_settings(tmp_path), "czech", bots=2)
    peer = simulated(game, "czech")
    notices: list[Any] = []
    game.error.connect(notices.append)
    assert not game.submit(None)  # nothing dealt yet
    peer.deal()
    while game.observation().to_act[0] != 0:
        peer._bots()
    shown = game.observation()
    moves = len(peer.engine.log)
    impossible = next(
        (a for a in peer.engine.legal_actions(0) if a not in shown.legal), "0 order X"
    )
    assert not game.submit(impossible)
    assert len(peer.engine.log) == moves  # nothing reached the table
    assert "not allowed" in notices[-1].render(lambda seat: "?")
    assert game.submit(shown.legal[0]) and peer.engine.log[moves] == shown.legal[0]
    peer.signals.refused.emit("a move of yours is already on its way")
    assert "a move of yours is already on its way" in notices[-1].render(lambda seat: "?")


def test_leaving_asks_with_its_cost_and_forfeits_at_the_table(
    window: MainWindow, tmp_path: Any
) -> None:
    page = open_family3_lan(window, lan_settings(tmp_path), "czech", bots=2)
    assert page is not None
    peer: SimulatedPeer = page.lan_game._peer  # type: ignore[assignment]
    assert "forfeit" in page.leave_cost() and "Kitchen" in page.leave_cost()
    assert window.leave_cost() == page.leave_cost()
    page._chat("good luck")
    assert peer.said == ["good luck"]
    assert page.side.chat.count() == 1  # the table sent it back to everyone
    seen: list[str] = []
    answer_leave_box("Stay and play", seen)
    window.leave_table()  # the window asks with the page's words
    assert seen == [page.leave_cost()] and not peer.left and window.game is page.lan_game
    answer_leave_box("Leave")
    window.leave_table()
    assert peer.left and window.game is None and window.stack.currentWidget() is window.lobby


def test_a_durak_variant_keeps_the_durak_table(window: MainWindow, tmp_path: Any) -> None:
    """Durak's entry names the window's table page; the family-3 page refuses its presets."""
    from durak_qt.games.family3.pages import FAMILY3_PAGES
    from durak_qt.games.pages import pages_of
    from durak_qt.main_window import TABLE_PAGES

    assert pages_of("throw-in") is TABLE_PAGES and pages_of("czech") is FAMILY3_PAGES
    with pytest.raises(ValueError, match="no family-3 game"):
        open_family3_lan(window, lan_settings(tmp_path, "throw-in"), "throw-in")
    assert window.game is None and window.stack.currentWidget() is window.lobby


def test_the_window_chooses_the_family3_page_by_the_tables_variant(
    window: MainWindow, tmp_path: Any
) -> None:
    window.lan = True
    options = SimpleNamespace(
        name="Kitchen", variant="czech-3", seats=3, rules=(), password="", bots=2,
        bot="heuristic", move_timer=0, spectators=8, spectator_chat=True,
    )  # fmt: skip
    window.host_lan_table(options)
    assert isinstance(window.game, Family3LanGame) and window.game.variant == "czech-3"
    assert isinstance(window.stack.currentWidget(), Family3LanPage)
    listing = SimpleNamespace(name="Attic", host_key=key(9), password=False, variant="czech")
    window.join_lan_table(listing)
    assert isinstance(window.game, Family3LanGame) and window.game.variant == "czech"
    assert not window.game.hosting


def unfinished_journal(tmp_path: Any, variant: str) -> PeerSettings:
    """A data folder whose identity has an unfinished game of `variant` at "Kitchen"."""
    from net.identity import load_or_create_identity
    from net.journal import Journal, journal_path

    settings = PeerSettings("Anna", tmp_path, host_table="Kitchen", resume=True)
    me = load_or_create_identity(tmp_path / "identity.key").public_key
    seats = [SeatInfo("Anna", me).as_wire(), SeatInfo("Bot 1", key(1), bot="random").as_wire()]
    config = {"table": "t-9", "game": 0, "variant": variant, "options": {}, "seats": seats}
    header = {
        "config": config,
        "addresses": [{"addresses": ["127.0.0.1"], "port": 4000 + n} for n in range(2)],
        "seat": 0,
        "key": me,
        "table_name": "Kitchen",
        "host_key": me,
    }
    Journal.create(journal_path(settings.journal_dir, "t-9", 0, me), header).close()
    return settings


def test_resuming_reads_the_tables_game_from_the_journal(tmp_path: Any) -> None:
    from durak_qt.games.pages import resumed_variant

    assert resumed_variant(unfinished_journal(tmp_path / "durak", "throw-in")) == "throw-in"
    empty = PeerSettings("Anna", tmp_path / "none", host_table="Kitchen", resume=True)
    assert resumed_variant(empty) is None  # no identity, no journal: nothing to say
    if table_problem("czech", {}, 2) is None:  # the table deals czech: its journal is read
        assert resumed_variant(unfinished_journal(tmp_path / "czech", "czech")) == "czech"


def test_the_tables_progress_is_written_in_the_log_until_the_deal(
    window: MainWindow, tmp_path: Any
) -> None:
    game = Family3LanGame(lan_settings(tmp_path), "czech", bots=2, parent=window)
    peer = simulated(game, "czech")
    page = Family3LanPage(window, game)
    game.signals.lobby.emit(SimpleNamespace(playing=False, seats_taken=1, seats=3))
    game.signals.lobby.emit(SimpleNamespace(playing=False, seats_taken=1, seats=3))
    game.signals.lobby.emit(SimpleNamespace(playing=False, seats_taken=2, seats=3))
    lines = [page.side.log.item(i).text() for i in range(page.side.log.count())]
    assert lines == [
        "Waiting for players: 1 of 3 seats taken.",
        "Waiting for players: 2 of 3 seats taken.",
    ]
    peer.deal()
    lines = [page.side.log.item(i).text() for i in range(page.side.log.count())]
    assert lines[0] == "Shuffling… every peer checks every proof" and len(lines) >= 2
    game.signals.lobby.emit(SimpleNamespace(playing=True, seats_taken=3, seats=3))
    assert page.side.log.count() == len(lines)  # a game runs: no lobby progress


def test_the_tables_progress_in_russian_starts_with_no_stray_ellipsis(
    window: MainWindow, tmp_path: Any
) -> None:
    from durak_qt.i18n import install_language

    install_language("ru")
    game = Family3LanGame(lan_settings(tmp_path), "czech", bots=2, parent=window)
    peer = simulated(game, "czech")
    page = Family3LanPage(window, game)
    game.signals.lobby.emit(SimpleNamespace(playing=False, seats_taken=1, seats=3))
    assert page.side.log_lines() == ["Ждём игроков: занято мест — 1 из 3."]
    peer.deal()
    lines = page.side.log_lines()
    assert lines[0] == "Тасуем… каждый участник проверяет каждое доказательство"
    assert not any(line.startswith("…") for line in lines)


def test_your_moves_are_offered_only_while_the_table_can_take_them() -> None:
    from durak_qt.games.family3.lan_game import _playable

    kind = kind_of("czech")
    assert kind is not None
    engine = kind.new_game(kind.get_rules("czech"), 2, random.Random(2))
    seat = engine.to_act[0]
    shown = engine.observation(seat)
    assert shown.legal and _playable(shown, True) is shown
    waiting = _playable(shown, False)  # e.g. a drawn card not opened to you yet
    assert waiting.legal == () and waiting.hand == shown.hand and waiting.seat == shown.seat


def test_the_wait_for_your_move_warns_once_in_the_log_and_the_end_names_who_never_moved(
    qtbot: Any, tmp_path: Any
) -> None:
    game = Family3LanGame(lan_settings(tmp_path), "czech", bots=2)
    peer = simulated(game, "czech")
    clock = [500.0]
    game.turn_deadline.clock = lambda: clock[0]
    notices: list[str] = []
    game.error.connect(lambda notice: notices.append(notice.render(lambda seat: "?")))
    peer.deal()
    while game.observation().to_act[0] != 0:
        peer._bots()
    clock[0] += 80.0  # 40 s left: no warning yet
    game.turn_deadline.update()
    assert not any("Play within" in line for line in notices)
    for _ in range(5):
        clock[0] += 3.0
        game.turn_deadline.update()
    warnings = [line for line in notices if line.startswith("Play within")]
    assert warnings == ["Play within 28 s, or you lose this game by forfeit."]
    assert game.submit(game.observation().legal[0])
    assert game.turn_deadline.words == ""
    summary = {"game": 0, "reason": "abandoned", "stalled": [1], "evidence": "never came"}
    peer._report([Ended(summary)])
    assert notices[-1] == (
        "The game ended: Bot 1 did not move for 2 minutes; the game ended unfinished and "
        "nobody loses."
    )
    assert game.unfinished() and game.fool() is None


def test_nobody_is_to_move_behind_the_end_of_an_unfinished_family3_game(
    qtbot: Any, tmp_path: Any
) -> None:
    game = Family3LanGame(lan_settings(tmp_path), "czech", bots=2)
    peer = simulated(game, "czech")
    peer.deal()
    while game.observation().to_act[0] != 0:
        peer._bots()
    assert game.observation().legal and 0 in game.observation().to_act
    shown: list[Any] = []
    game.observation_changed.connect(shown.append)
    summary = {"game": 0, "reason": "abandoned", "stalled": [0], "evidence": "never came"}
    peer._report([Ended(summary)])
    assert shown[-1].legal == () and shown[-1].to_act == ()
    assert game.observation() is shown[-1]


def test_road_at_a_table_names_the_holder_of_the_lowest_trump_as_the_leader(
    window: MainWindow, tmp_path: Any
) -> None:
    """Road's first game at a table asks the seats in turn for the lowest trump: the log's
    "Game 1 of the match: X leads." names the seat that showed it, not the first one asked."""
    from engine.cards import deck_spec
    from engine.road.actions import PASS, SHOW, RoadAction
    from engine.road.game import RoadGame
    from engine.road.rules import get_road_rules

    game = Family3LanGame(lan_settings(tmp_path, "road"), "road", bots=2, parent=window)
    game._peer = SimpleNamespace(key=key(0))  # type: ignore[assignment]
    game._thread = AtOnce()  # type: ignore[assignment]
    game.running = True
    page = Family3LanPage(window, game)

    def report(items: list[Any]) -> None:
        game.signals.items.emit(0, items)

    for seed in range(50):  # a deal where the first seat asked does not hold the lowest trump
        deck = list(deck_spec(36))
        random.Random(seed).shuffle(deck)
        road = RoadGame.from_table(get_road_rules("road"), 3, deck, dealer=2)
        lowest = road.lowest
        if lowest is not None and road.holder(deck.index(lowest)) != road.asking:
            break
    assert road.asking is not None and lowest is not None
    holder = road.holder(deck.index(lowest))
    assert holder != road.asking
    seats = tuple(SeatInfo("Anna" if s == 0 else f"Bot {s}", key(s)) for s in range(3))
    config = TableConfig("t-1", 0, "road", (), seats, None, dealer=2)
    game.signals.game_started.emit(config, False)
    report([Seen(road.observation(0))])
    while road.asking != holder:
        events = road.apply(RoadAction(road.asking, PASS))
        report([Moved(len(road.log) - 1, tuple(events)), Seen(road.observation(0))])
    events = road.apply(RoadAction(holder, SHOW, lowest))
    report([Moved(len(road.log) - 1, tuple(events)), Seen(road.observation(0))])
    assert game.leader() == holder
    leads = [line for line in page.side.log_lines() if "of the match" in line]
    assert leads == [f"Game 1 of the match: {game.names[holder]} leads."]

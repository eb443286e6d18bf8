"""The game registry (`engine.games.ENTRIES`): every dotted name of every entry exists, so a
renamed module breaks this test and not a player; and outside `engine/` nothing asks which family
a game is, except the call sites listed here (the list shrinks to zero)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from engine import games
from engine.games import DURAK, GameEntry, GameKind, load
from tests.test_docs_links import slug

ROOT = Path(__file__).resolve().parent.parent

ENTRIES = {found.name: found for found in games.entries()}


def heading_anchors(markdown: str) -> set[str]:
    """The GitHub anchors of a Markdown file's headings."""
    return {slug(line.lstrip("#")) for line in markdown.splitlines() if line.startswith("#")}


def test_every_game_has_one_entry_and_durak_is_one_of_them() -> None:
    names = [found.name for found in games.entries()]
    assert len(names) == len(set(names)) and names[0] == DURAK
    assert [kind.name for kind in games.kinds()] == names


@pytest.mark.parametrize("name", list(ENTRIES))
def test_every_dotted_name_of_an_entry_exists(name: str) -> None:
    """The engine, table adapter, client view, pages, bots and rules page of each game are
    found."""
    found: GameEntry = ENTRIES[name]
    kind = found.kind()
    assert isinstance(kind, GameKind) and kind.name == name
    assert load(found.bots_path) is kind.make_bot
    assert callable(found.adapter())
    view = found.view()
    if name != DURAK:
        assert view.kind == name  # a durak_qt.games.family3.client.Family3Client
    else:
        from durak_qt.table.scene import TableScene

        assert view is TableScene  # the one table scene (it draws Durak by default)
    from durak_qt.games.pages import GamePages

    pages = found.pages()
    wanted = [n for n in vars(GamePages) if not n.startswith("_")]
    assert wanted and [n for n in wanted if not callable(getattr(pages, n, None))] == []
    page, _, anchor = found.rules_page.partition("#")
    assert anchor in heading_anchors((ROOT / page).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", list(ENTRIES))
def test_an_entry_s_adapter_reads_a_table_of_its_game(name: str) -> None:
    """`entry(preset).adapter()` makes the table adapter of a configuration of that game."""
    from net.table.config import SeatInfo, TableConfig
    from net.table.game_adapter import adapter_for

    kind = ENTRIES[name].kind()
    variant = kind.ids()[0]
    rules = kind.get_rules(variant)
    players = next(n for n in (2, 3, 4) if _seats_ok(rules, n))
    seats = tuple(SeatInfo(f"p{seat}", bytes(32)) for seat in range(players))
    config = TableConfig("t", 0, variant, (), seats)
    assert games.entry(variant) is ENTRIES[name]
    made = ENTRIES[name].adapter()(config)
    assert type(made) is type(adapter_for(config))


@pytest.mark.parametrize("name", list(ENTRIES))
def test_an_entry_s_adapter_has_every_hook_of_the_table_and_the_verifier(name: str) -> None:
    """Each adapter answers every `GameAdapter` method (what differs per game is a hook, not
    an `isinstance` test on its class): the start game rebuilt from a game file's claims
    holds them all, and only Durak's and pagons' seats show their lowest trumps."""
    import random

    from net.table.config import SeatInfo, TableConfig
    from net.table.game_adapter import GameAdapter

    kind = ENTRIES[name].kind()
    variant = "throw-in" if name == DURAK else kind.ids()[0]  # ("simple" shows no trump)
    rules = kind.get_rules(variant)
    players = next(n for n in (2, 3, 4) if _seats_ok(rules, n))
    seats = tuple(SeatInfo(f"p{seat}", bytes(32)) for seat in range(players))
    config = TableConfig("t", 0, variant, (), seats)
    adapter = ENTRIES[name].adapter()(config)
    hooks = [
        n for n in vars(GameAdapter) if not n.startswith("_") and callable(vars(GameAdapter)[n])
    ]
    assert {"start_from_claims", "lowest_trump_claims", "replay_from_deck"} <= set(hooks)
    assert [hook for hook in hooks if not callable(getattr(adapter, hook, None))] == []
    claims = kind.start_claims(kind.new_game(rules, players, random.Random(4)))
    start = adapter.start_from_claims(claims)
    assert (start is None and not claims) or len(start.claims) == len(claims)
    assert adapter.lowest_trump_claims(config) == (name in (DURAK, "pagons"))


def _seats_ok(rules: object, players: int) -> bool:
    try:
        rules.check_players(players)  # type: ignore[attr-defined]
    except ValueError:
        return False
    return True


def test_load_names_modules_and_attributes_and_fails_loudly() -> None:
    assert load("engine.games") is games
    assert load("engine.games:GameEntry.adapter") is GameEntry.adapter
    with pytest.raises(ImportError):
        load("engine.no_such_module")
    with pytest.raises(AttributeError):
        load("engine.games:no_such_name")


def test_a_game_without_a_table_is_refused_by_its_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "ENTRIES", games.without_table("road"))
    found = games.entry("road")
    assert found is not None and found.adapter_path == ""
    with pytest.raises(ValueError, match="road is not dealt at a LAN table yet"):
        found.adapter()


def test_swapping_the_registry_leaves_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's registry (monkeypatched `ENTRIES`) is forgotten once `ENTRIES` is restored."""
    before = games.kind_of("road")
    extra = GameEntry("road-again", "engine.road.kind", "", "", "", "")
    with monkeypatch.context() as patch:
        patch.setattr(games, "ENTRIES", games.with_entries(extra))
        assert [found.name for found in games.entries()][-1] == "road-again"
        patch.setattr(games, "ENTRIES", games.without_table("road"))
        assert games.entry("road").adapter_path == ""  # type: ignore[union-attr]
    assert games.kind_of("road") is before
    assert games.entry("road").adapter_path  # type: ignore[union-attr]
    assert "road-again" not in [found.name for found in games.entries()]


# ----- nobody outside engine/ asks which family a game is ----------------------------------

FAMILY_QUESTIONS = re.compile(
    r"\b(kind_of|client_for|family3_kind|family3_client)\(.*\)\s+is(\s+not)?\s+None|"
    r"\bis_durak\(|if kind is None else kind\.|kind\.\w+.* if kind is not None else|"
    r"\bisinstance\([^,]+,\s*\(?\w*(Game|Adapter|Family3Client)\b"
)
"""A switch on the family: `kind_of(...)` compared with None (Durak had no kind), or the
family-3 view `client_for(...)` (`family3_kind(...)`, `family3_client(...)`) compared with None,
the transitional `engine.games.is_durak`, a choice between Durak's function and a kind's, or an
`isinstance` test on a game engine's class (Durak's `Game`, `PagonsGame`, ...), on a table
adapter's class (`DurakAdapter`, `PagonsAdapter`, ...: what differs per game is a `GameAdapter`
hook) or on the family-3 view's class (`Family3Client`: what differs is a `GamePages` hook)."""

STILL_ASKING: Counter[str] = Counter({"durak_qt/games/family3/client.py": 1})
"""Call sites outside engine/ that still switch on the family, per file, each with its reason:
`family3/client.py`'s `clients()` keeps the entries whose view is a `Family3Client` (the list
the family-3 pages, the create-table dialog and `bench/paint.py --every-kind` offer; another
helper owns that file). The window, the History's replay viewer and the watching page open and
draw a game through the pages its entry names (`durak_qt.games.pages.GamePages`)."""


def family_questions() -> Counter[str]:
    """How many lines of each file in net/, durak_qt/ and bench/ ask which family a game is."""
    found: Counter[str] = Counter()
    for package in ("net", "durak_qt", "bench"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            hits = sum(1 for line in text.splitlines() if FAMILY_QUESTIONS.search(line))
            if hits:
                found[path.relative_to(ROOT).as_posix()] = hits
    return found


def test_no_code_outside_engine_asks_which_family_but_the_listed_sites() -> None:
    """A new switch on the family fails here; a removed one asks to shrink `STILL_ASKING`."""
    assert family_questions() == STILL_ASKING


def test_the_family_question_pattern_finds_each_form() -> None:
    for line in (
        "    if kind_of(config.variant) is not None:",
        "        durak = kind_of(str(variant_id)) is None",
        "    if not is_durak(variant):",
        "    make = make_bot if kind is None else kind.make_bot",
        "    rules = kind.get_rules(variant) if kind is not None else get_rules(variant)",
        "    family3 = client_for(variant) is not None  # a game with a view of its own",
        "    if kind is None or client_for(variant) is None:",
        "    family3 = family3_kind(variant) is not None",
        "    if family3_client(variant) is not None:",
        "        if family3_client(self.table_variant) is None:",
        "    return view if isinstance(view, Family3Client) else None",
        "        _CLIENTS[registry] = [v for v in views if isinstance(v, Family3Client)]",
        "    if isinstance(game, Game):",
        "    if isinstance(game, PagonsGame):",
        "    elif isinstance(state.game, (Game, RoadGame)):",
        "    if isinstance(opened.adapter, DurakAdapter):",
        "    elif not isinstance(opened.adapter, PagonsAdapter):",
        "    if isinstance(adapter, (DurakAdapter, PagonsAdapter)):",
    ):
        assert FAMILY_QUESTIONS.search(line), line
    assert not FAMILY_QUESTIONS.search("    kind = kind_for(variant)")
    assert not FAMILY_QUESTIONS.search("    return None if kind is None else JoinError(kind)")
    assert not FAMILY_QUESTIONS.search("    if isinstance(view, Gamepad):")
    assert not FAMILY_QUESTIONS.search("    if isinstance(adapter, MatchOptions):")
    assert not FAMILY_QUESTIONS.search("    if isinstance(view, Adapters):")
    assert not FAMILY_QUESTIONS.search("    claims = kind_for(variant).start_claims(game)")
    assert not FAMILY_QUESTIONS.search("    client = family3_client(variant)")
    assert not FAMILY_QUESTIONS.search("    if isinstance(view, TableScene):")
    assert not FAMILY_QUESTIONS.search("    return game_pages(variant).table(variant, parent)")


@pytest.mark.parametrize("name", list(ENTRIES))
def test_a_kind_s_editable_rule_options_are_options_of_its_rules(name: str) -> None:
    """`GameKind.rule_options` names fields its presets' rules have (the dialog offers them);
    only Durak's team presets offer pairs, though pagons' rules have a `teams` field too."""
    kind = ENTRIES[name].kind()
    for variant in kind.ids():
        rules = kind.get_rules(variant)
        offered = kind.rule_options(rules)
        assert all(hasattr(rules, option) for option in offered), (variant, offered)
        assert ("pairs" in offered) == (name == DURAK and bool(rules.teams)), variant


@pytest.mark.parametrize("name", list(ENTRIES))
def test_a_kind_says_its_start_claims_and_its_move_timer(name: str) -> None:
    """What the table and the game file ask of a game, the kind answers: the claims of its
    start (Durak's `Game.claims`, pagons' shown lowest trumps, none elsewhere) and whether its
    table runs the move timer (Durak's alone today)."""
    import random

    kind = ENTRIES[name].kind()
    variant = kind.ids()[0]
    rules = kind.get_rules(variant)
    players = next(n for n in (2, 3, 4) if _seats_ok(rules, n))
    game = kind.new_game(rules, players, random.Random(4))
    claims = kind.start_claims(game)
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, _, text in claims)
    if name == DURAK:
        assert claims == [(c.seat, c.kind, c.text) for c in game.claims]  # type: ignore[attr-defined]
    elif name == "pagons":
        assert [(seat, text) for seat, _, text in claims] == list(game.claims)  # type: ignore[attr-defined]
    else:
        assert claims == []
    assert kind.move_timer == (name == DURAK)
    assert games.kind_named(name) is kind

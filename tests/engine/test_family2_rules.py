"""Family 2 details a scenario cannot show: who may see which position, deals, claims, scores."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine.actions import BEAT_HIDDEN, EXCHANGE, RESHUFFLE, Action
from engine.audit import audit_game, check_claims
from engine.bots import make_bot
from engine.cards import Card
from engine.errors import ParseError
from engine.game import HIGHEST_LEAD, Game
from engine.match import game_points
from engine.rules import FAMILY_2, MAX_SEATS, get_rules
from engine.variants import magadan, out_of_play, two_trump
from engine.variants.points import beat_scores
from engine.variants.secret import secret_slot
from tests.engine.helpers import random_action

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios" / "family2"
CATALOGUE = Path("/work/shared/variants.md")


def faces_of(faces: list[Card | None]) -> list[Card]:
    """Faces of an all-knowing engine (none of them unknown)."""
    assert None not in faces
    return [c for c in faces if c is not None]


def play_until(game: Game, rng: random.Random, done: object) -> None:
    """Random moves until `done(game)` holds or the game ends."""
    for _ in range(3000):
        if game.over or done(game):  # type: ignore[operator]
            return
        game.apply(random_action(game, rng))


def family2_ids_in_catalogue() -> list[str]:
    """The ids of the catalogue's family-2 table (the brief's list when the file is absent)."""
    if not CATALOGUE.exists():
        return list(FAMILY_2)
    text = CATALOGUE.read_text(encoding="utf-8")
    section = text.split("## Family 2", 1)[1].split("## Family 3", 1)[0]
    return re.findall(r"^\| ([a-z0-9-]+) \|", section, flags=re.M)[1:] or list(FAMILY_2)


@pytest.mark.parametrize("variant", family2_ids_in_catalogue())
def test_every_catalogue_id_has_a_preset_and_scenarios(variant: str) -> None:
    assert get_rules(variant).id == variant
    files = sorted(SCENARIOS.glob(f"{variant}_*.json"))
    assert len(files) >= 3, f"{variant} needs at least 3 scenario files"
    illegal = [
        f for f in files if any(m.get("illegal") for m in json.loads(f.read_text())["moves"])
    ]
    assert illegal, f"{variant}: no scenario tries an illegal move"
    assert all(json.loads(f.read_text())["variant"] == variant for f in files)


def test_catalogue_lists_the_25_ids_of_the_brief() -> None:
    assert sorted(family2_ids_in_catalogue()) == sorted(FAMILY_2)


def test_albanian_talon_is_ordered_by_rank_with_the_lowest_card_as_trump() -> None:
    for seed in range(5):
        game = Game.new(get_rules("albanian"), 3, random.Random(seed))
        ranks = [game.faces[s].rank for s in game.talon]  # type: ignore[union-attr]
        assert ranks == sorted(ranks, reverse=True)
        last = game.faces[game.talon[-1]]
        assert last is not None and game.trump_suit == last.suit and last.rank == min(ranks)


def test_piled_deals_everything_and_the_last_card_shows_the_trump() -> None:
    game = Game.new(get_rules("piled"), 4, random.Random(2))
    assert not game.talon and sorted(len(h) for h in game.hands) == [9, 9, 9, 9]
    last = len(game.faces) - 1
    assert last in game.hands[last % 4] and game.known[last] == 0b1111
    assert game.trump_suit == game.faces[last].suit  # type: ignore[union-attr]


def test_invisible_trump_card_opens_when_one_card_is_left() -> None:
    game = Game.new(get_rules("invisible"), 2, random.Random(3))
    slot = game.trump_slot
    assert slot is not None and game.known[slot] == 0 and game.trump_suit is not None
    assert game.observation(0).trump_card is None
    play_until(game, random.Random(3), lambda g: len(g.talon) <= 1)
    assert game.known[slot] == 0b11


def test_magadan_locked_cards_are_unknown_even_to_their_owner() -> None:
    game = Game.new(get_rules("magadan"), 3, random.Random(4))
    for seat in range(3):
        assert len(magadan.locked(game)[seat]) == 5 and len(game.hands[seat]) == 1
        assert all(game.known[s] == 0 for s in magadan.locked(game)[seat])
    obs = game.observation(1)
    assert obs.locked == (5, 5, 5) and len(obs.hand) == 1 and None not in obs.hand


def test_reverse_shows_every_hand_but_your_own() -> None:
    game = Game.new(get_rules("reverse"), 3, random.Random(5))
    obs = game.observation(0)
    assert obs.hand == (None,) * 6
    assert all(None not in obs.hands[s] for s in (1, 2))
    assert game.lead == 0  # he has no face of his own to name: one blind lead per position
    assert [a.slots for a in obs.legal] == [(slot,) for slot in game.hands[0]]
    assert all(a.kind == "attack" and not a.cards for a in obs.legal)
    bot = make_bot("heuristic", 1)
    action = bot.choose(game, game.lead)
    assert action in game.legal_actions(game.lead)


def test_two_trump_turns_up_one_card_per_player_from_the_bottom() -> None:
    game = Game.new(get_rules("two-trump"), 3, random.Random(6))
    assert two_trump.trump_slots(game) == game.talon[-1:-4:-1]
    for seat, slot in enumerate(two_trump.trump_slots(game)):
        assert game.known[slot] == 0b111
        assert two_trump.seat_trumps(game)[seat] == game.faces[slot].suit  # type: ignore[union-attr]
    assert game.observation(2).trumps == tuple(two_trump.seat_trumps(game))


def test_secret_card_is_hidden_until_the_talon_is_gone() -> None:
    game = Game.new(get_rules("secret"), 2, random.Random(7))
    secret = secret_slot(game)
    assert secret is not None and secret in out_of_play(game) and game.known[secret] == 0
    assert secret not in game.talon and len(game.talon) == 36 - 12 - 1
    play_until(game, random.Random(7), lambda g: not g.talon)
    if not game.talon:
        assert game.known[secret] == 0b11
        assert game.trump_suit == game.faces[secret].suit  # type: ignore[union-attr]


def test_chukotka_removes_the_talon_and_keeps_the_trump_suit() -> None:
    game = Game.new(get_rules("chukotka"), 2, random.Random(8))
    assert not game.talon and len(out_of_play(game)) == 24 and game.trump_suit is not None


def test_hidden_moves_travel_by_position_and_open_nothing() -> None:
    rng = random.Random(9)
    game = Game.new(get_rules("believe"), 2, random.Random(9))
    play_until(game, rng, lambda g: any(a.kind == BEAT_HIDDEN for a in g.legal_actions(g.defender)))
    hidden = next(a for a in game.legal_actions(game.defender) if a.kind == BEAT_HIDDEN)
    wire = game.wire_action(hidden)
    assert wire.cards == () and len(wire.slots) == 1 and str(hidden.cards[0]) not in str(wire)
    assert game.opened_by(hidden) == []
    game.apply(wire)
    slot = wire.slots[0]
    assert game.known[slot] == 1 << hidden.seat and game.to_act == (game.lead,)
    check = Action(game.lead, "check")
    assert game.opened_by(check) == [slot]


def test_poker_exchange_reshuffles_the_talon_above_the_trump() -> None:
    rng = random.Random(10)
    game = Game.new(get_rules("poker"), 2, random.Random(10))
    play_until(game, rng, lambda g: any(a.kind == EXCHANGE for a in g.legal_actions(g.defender)))
    exchange = next(a for a in game.legal_actions(game.defender) if a.kind == EXCHANGE)
    trump_slot = game.trump_slot
    events = game.apply(game.wire_action(exchange))
    reshuffle = next(e for e in events if e.kind == RESHUFFLE)
    assert game.talon[-1] == trump_slot and list(reshuffle.slots[2:]) == game.talon[:-1]
    assert set(reshuffle.slots[:2]) <= set(game.hands[exchange.seat])  # he drew the top two
    assert all(game.known[s] == 0 for s in game.talon[:-1])


def test_boring_leads_on_a_peer_are_claims_the_audit_checks() -> None:
    rules = get_rules("boring")
    game = Game.new(rules, 2, random.Random(11))
    deck = [c for c in game.faces if c is not None]
    first = game.lead
    other = 1 - first
    peer = Game.new_hidden(rules, 2, other, first=first)
    low = min(game.hand_cards(first), key=lambda c: c.rank)
    lie = Action(first, "attack", (low,))
    for slot in game.take_slots(first, (low,)):
        peer.reveal(slot, low)
    peer.apply(lie)  # the peer cannot know it is not the highest rank: a claim
    assert [c.kind for c in peer.claims] == [HIGHEST_LEAD]
    assert check_claims(rules, 2, deck, peer.claims) == []
    top = max(c.rank for c in game.hand_cards(first))
    problems = audit_game(rules, 2, deck, peer.log, first, peer.claims)
    if low.rank < top:
        assert problems and problems[0].startswith(f"seat {first}")
    else:
        assert problems == []


def test_points_and_pogony_scores_decide_the_match_points() -> None:
    for variant in ("points", "pogony"):
        rules = get_rules(variant)
        rng = random.Random(12)
        game = Game.new(rules, 3, random.Random(12))
        play_until(game, rng, lambda g: False)
        result = game.result
        assert result["scores"] == game.scores() and len(game.scores()) == 3
        winners = game.winners()
        assert result["winners"] == winners and winners
        assert game_points(rules, game) == [1 if s in winners else 0 for s in range(3)]
        if variant == "points":
            assert winners == [
                s for s in range(3) if beat_scores(game)[s] == max(beat_scores(game))
            ]


def test_big_loses_at_once_with_52_cards() -> None:
    rules = get_rules("big")
    assert rules.decks == 2 and rules.deck == 52 and rules.max_players == MAX_SEATS == 10
    Game.new(rules, 10, random.Random(1))
    with pytest.raises(ParseError):
        Game.new(rules, 11, random.Random(1))


def test_jokers_colour_rules() -> None:
    from engine.beating import beats

    rules = get_rules("jokers")
    red, black = Card.parse("RJ"), Card.parse("BJ")
    assert beats(rules, "H", Card.parse("AH"), red) and not beats(rules, "H", red, black)
    assert beats(rules, "H", Card.parse("AS"), black) and not beats(
        rules, "H", Card.parse("6D"), black
    )
    assert beats(rules, "S", black, Card.parse("7C")) is False and beats(rules, "S", red, black)
    # a turned-up red joker: every red card is a trump, equal ranks never beat each other
    assert beats(rules, "red", Card.parse("7C"), Card.parse("6D"))
    assert beats(rules, "red", Card.parse("7D"), Card.parse("8H"))
    assert not beats(rules, "red", Card.parse("7D"), Card.parse("7H"))


def test_the_audit_replays_reshuffles_with_the_tables_redeals() -> None:
    """Crazy and poker: the audit takes the re-dealt faces in order; a wrong re-deal is named."""
    for variant in ("crazy", "poker"):
        rules = get_rules(variant)
        rng = random.Random(13)
        deck = faces_of(Game.new(rules, 2, random.Random(13)).faces)
        game = Game.from_deck(rules, 2, deck, rng=random.Random(5))
        first = game.lead
        redeals: list[list[Card]] = []
        while not game.over:
            game.apply(random_action(game, rng))
            for event in game.last_events():
                if event.kind == RESHUFFLE:
                    redeals.append(faces_of([game.faces[s] for s in event.slots]))
        assert redeals, f"{variant}: this seed makes no reshuffle"
        assert audit_game(rules, 2, deck, game.log, first, game.claims, redeals=redeals) == []
        wrong = [list(reversed(redeals[0])), *redeals[1:]]
        if wrong != redeals:
            problems = audit_game(rules, 2, deck, game.log, first, game.claims, redeals=wrong)
            assert problems  # a different re-deal changes the game: some move or hash breaks
        bad: list[list[Card]] = [[Card.parse("AS")] * len(redeals[0]), *redeals[1:]]
        problems = audit_game(rules, 2, deck, game.log, first, game.claims, redeals=bad)
        assert any("re-dealt" in p for p in problems)


def test_trumpless_layout_refuses_a_trump() -> None:
    """Trumpless is 'played without trump cards': a layout naming a trump suit is refused."""
    from engine.cards import parse_cards
    from engine.errors import EngineError
    from engine.game import Game
    from engine.rules import get_rules

    rules = get_rules("trumpless")
    hands = [list(parse_cards(["7C", "9H"])), list(parse_cards(["8C", "10D"]))]
    with pytest.raises(EngineError, match="without trumps"):
        Game.from_layout(rules, hands, [], trump="S", first=0)
    assert Game.from_layout(rules, hands, [], first=0).trump_suit is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_trump_distinct_suits(players: int) -> None:
    """With distinct_trumps every seat's trump suit differs; a peer given the table's trump
    positions learns the same suits; more than four players are refused."""
    rules = get_rules("two-trump", distinct_trumps=True)
    for seed in range(30):
        game = Game.new(rules, players, random.Random(seed))
        assert len(set(two_trump.seat_trumps(game))) == len(two_trump.seat_trumps(game)) == players
        peer = Game.new_hidden(
            rules, players, 0, first=game.lead, trump_slots=two_trump.trump_slots(game)
        )
        for slot, known in enumerate(game.known):
            if known == (1 << players) - 1:
                peer.reveal(slot, game.faces[slot])  # type: ignore[arg-type]
        assert two_trump.seat_trumps(peer) == two_trump.seat_trumps(game)
        assert peer.public_hash() == game.public_hash()
    with pytest.raises(ParseError):
        get_rules("throw-in", distinct_trumps=True)
    with pytest.raises(ParseError):
        get_rules("two-trump", distinct_trumps=True, max_players=5)


def test_the_dealer_names_the_trump_when_the_whole_deck_is_dealt() -> None:
    """B: 'either the last card in the deck or the suit highlighted by the dealer': with
    dealer_names_trump and every card dealt, the named suit is trump and no card is shown."""
    from engine.errors import EngineError

    rules = get_rules("throw-in", dealer_names_trump=True)
    game = Game.new(rules, 6, random.Random(2), trump="H")
    assert game.trump_suit == "H" and game.trump_slot is None
    assert all(known != (1 << 6) - 1 for known in game.known)  # nothing shown to everyone
    with pytest.raises(EngineError, match="names the trump"):
        Game.new(rules, 6, random.Random(2))
    with_talon = Game.new(rules, 2, random.Random(2))  # a talon is left: the card shows trump
    assert with_talon.trump_slot is not None


def test_japanese_diamond_under_the_talon() -> None:
    """Option fixed_trump_card: a diamond lies face up at the talon's bottom; a deck without
    one there is refused; without the option no card is turned up."""
    from engine.cards import deck_spec
    from engine.errors import EngineError

    rules = get_rules("japanese", fixed_trump_card=True)
    for seed in range(20):
        game = Game.new(rules, 3, random.Random(seed))
        assert game.trump_suit == "D" and game.trump_slot == game.talon[-1]
        assert game.faces[game.trump_slot].suit == "D"  # type: ignore[index,union-attr]
        assert game.known[game.trump_slot] == 0b111  # type: ignore[index]
    plain = Game.new(get_rules("japanese"), 3, random.Random(1))
    assert plain.trump_slot is None and plain.trump_suit == "D"
    deck = list(deck_spec(36))  # canonical order: the last card is the ace of spades
    with pytest.raises(EngineError, match="under the talon"):
        Game.from_deck(rules, 2, deck)

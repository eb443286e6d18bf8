"""Every listed cheat is caught and its author named (at once, or at the audit)."""

from __future__ import annotations

import pytest

from net.crypto.proofs import prove_dleq, verify_dleq
from net.dealing import CheatDetected, DealContext, DealingError, DealingPeer
from net.dealing.driver import InMemoryTable, initial_deal
from net.dealing.messages import key_pad, xor32

from . import cheaters
from .helpers import deck_of, make_table


@pytest.mark.parametrize("proof", ["argument", "cut-and-choose"])
@pytest.mark.parametrize("duplicate", [False, True], ids=["substituted", "duplicated"])
@pytest.mark.parametrize("cheater", [0, 2])
def test_pass1_substitution_is_caught_at_once(cheater: int, duplicate: bool, proof: str) -> None:
    cls = type("Cheat", (cheaters.SubstitutingShuffler,), {"duplicate": duplicate})
    _, _, table = make_table(3, 24, proof=proof, peer_class={cheater: cls})
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == cheater
    assert "pass-1 shuffle proof fails" in caught.value.reason
    assert not table.ready()


@pytest.mark.parametrize("wrong_key", [False, True], ids=["copied-position", "uncommitted-key"])
def test_pass2_rekeyed_position_is_caught_at_once(wrong_key: bool) -> None:
    cls = type("Cheat", (cheaters.RekeyingCheater,), {"wrong_key": wrong_key, "target": 3})
    _, peers, table = make_table(3, 24, peer_class={1: cls})
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == 1
    assert caught.value.evidence["position"] == 3
    assert not any(peer.sent_keys for peer in peers)  # nothing was revealed


def test_wrong_key_in_a_private_deal_is_caught_at_once_with_checkable_evidence() -> None:
    # Position 2 goes to seat 2 in the deal; seat 1 sends it a wrong key.
    cls = type("Cheat", (cheaters.WrongKeyDealer,), {"bad_positions": frozenset({2})})
    context, peers, table = make_table(3, 24, peer_class={1: cls})
    table.deal()
    with pytest.raises(CheatDetected) as caught:
        table.open_many(initial_deal(3, 24))
    error = caught.value
    assert error.seat == 1 and error.evidence["position"] == 2
    # Anyone can check the accusation: the shared secret is proven, the message is signed.
    group = context.group
    accuser, accused = peers[2], 1
    message, shared = error.evidence["message"], error.evidence["shared_secret"]
    verify_dleq(
        group,
        group.generator,
        accuser.exchange_keys[2],
        accuser.exchange_keys[accused],
        shared,
        error.evidence["proof"],
        [accuser.session or b"", "shared-secret", accused, 2],
    )
    entry = message["openings"].index([2, [2]])
    pad = key_pad(accuser.session or b"", shared, 2, accused, 2)
    key = int.from_bytes(xor32(message["ciphers"][entry], pad), "little")
    assert group.mult_base(key) != accuser.card_key_commitments[accused][2]


def _dealt(players: int = 3) -> tuple[list[DealingPeer], InMemoryTable]:
    _, peers, table = make_table(players, 24)
    table.deal()
    table.open_many(initial_deal(players, 24))
    return peers, table


def test_playing_a_card_dealt_to_another_seat_is_caught_at_once() -> None:
    peers, table = _dealt()
    card = peers[1].known[1][1]
    with pytest.raises(CheatDetected) as caught:
        table.play(0, 1, card)  # position 1 was dealt to seat 1
    assert caught.value.seat == 0
    assert "not dealt to it" in caught.value.reason


def test_playing_an_undealt_position_is_caught_at_once() -> None:
    _, table = _dealt()
    with pytest.raises(CheatDetected) as caught:
        table.play(0, 20, "AS")  # still in the talon
    assert caught.value.seat == 0


def test_playing_a_card_twice_is_caught_at_once() -> None:
    peers, table = _dealt()
    card = peers[0].known[0][1]
    table.play(0, 0, card)
    assert all(peer.known[0][1] == card for peer in peers)
    with pytest.raises(CheatDetected) as caught:
        table.play(0, 0, card)
    assert caught.value.seat == 0 and "second time" in caught.value.reason


def test_claiming_another_face_is_caught_when_the_card_opens() -> None:
    peers, table = _dealt()
    real = peers[0].known[0][1]
    fake = next(card for card in deck_of(24) if card != real)
    with pytest.raises(CheatDetected) as caught:
        table.play(0, 0, fake)
    assert caught.value.seat == 0 and caught.value.evidence["card"] == real


def test_taking_cards_transfers_them_to_the_taker() -> None:
    peers, table = _dealt()
    card = peers[0].known[0][1]
    table.play(0, 0, card)
    for peer in peers:
        peer.assign(0, 1)  # the defender took it
    table.play(1, 0, card)  # and may play it again later
    with pytest.raises(CheatDetected):
        table.play(0, 0, card)


def test_different_pass1_messages_to_different_peers_are_caught_at_once() -> None:
    context = DealContext(table="t", hand=0, players=4, deck=deck_of(24))
    peers = [DealingPeer(context, s) for s in range(4)]
    peers[1] = cheaters.ShuffleEquivocator(context, 1)
    table = InMemoryTable(peers, tamper=cheaters.swap_for(2, peers[1], "shuffle"))
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == 1
    assert "different shuffle messages" in caught.value.reason


def test_different_hellos_to_different_peers_are_caught_at_once() -> None:
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24))
    peers = [DealingPeer(context, s) for s in range(3)]
    peers[1] = cheaters.HelloEquivocator(context, 1)
    table = InMemoryTable(peers, tamper=cheaters.swap_for(2, peers[1], "hello"))
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == 1


def test_different_keys_messages_to_different_peers_are_caught_at_the_audit() -> None:
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24))
    peers = [DealingPeer(context, s) for s in range(3)]
    peers[1] = cheaters.KeysEquivocator(context, 1)
    table = InMemoryTable(peers, tamper=cheaters.swap_for(2, peers[1], "keys"))
    table.deal()
    table.open_many(initial_deal(3, 24))  # nobody notices yet: nothing cites a keys message
    verdicts = table.audit()
    assert set(verdicts) == {0, 1, 2}
    for verdict in verdicts.values():
        assert set(verdict.cheaters) == {1}
        assert "signed two different messages" in verdict.cheaters[1][0]


def test_a_message_replayed_from_an_earlier_game_is_caught_at_once() -> None:
    _, _, old = make_table(3, 24, hand=0)
    old.deal()
    old_hello = old.sent[1][0]
    old_shuffle = next(m for m in old.sent[1] if m["type"] == "shuffle")
    _, peers, table = make_table(3, 24, hand=1)
    with pytest.raises(CheatDetected) as caught:
        peers[0].receive(old_hello)
    assert caught.value.seat == 1 and "replayed" in caught.value.reason
    table.deal()
    with pytest.raises(CheatDetected) as caught:
        peers[0].receive(old_shuffle)
    assert caught.value.seat == 1 and "another session" in caught.value.reason


def test_a_message_replayed_from_another_seat_is_caught_at_once() -> None:
    _, peers, table = make_table(3, 24)
    table.deal()
    stolen = next(m for m in table.sent[1] if m["type"] == "rekey")
    with pytest.raises(CheatDetected) as caught:
        peers[0].receive(stolen, origin=2)  # the transport saw seat 2 send it
    assert caught.value.seat == 2
    relabelled = dict(stolen, sender=2)
    with pytest.raises(CheatDetected) as caught:
        peers[0].receive(relabelled)
    assert caught.value.seat == 2 and "signature" in caught.value.reason


def test_exact_duplicates_are_ignored() -> None:
    _, peers, table = make_table(2, 24)
    table.deal()
    again = table.sent[1][2]
    assert peers[0].receive(again) == []


def test_an_invalid_point_is_refused_at_once() -> None:
    _, _, table = make_table(2, 24, peer_class={0: cheaters.InvalidPointShuffler})
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == 0 and "invalid point at index 0" in caught.value.reason


def test_garbage_is_refused_and_changes_nothing() -> None:
    _, peers, _ = make_table(2, 24)
    peers[0].start()
    before = dict(peers[0].hellos)
    for junk in (b"junk", {"type": "hello"}, {"type": "nope", "sender": 1, "seq": 0}):
        with pytest.raises(DealingError):
            peers[0].receive(junk)
    assert peers[0].hellos == before


def test_different_final_rekey_messages_are_caught_when_keys_cite_them() -> None:
    """The last pass-2 message is cited by every keys message, so its equivocation shows at once."""
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24))
    peers = [DealingPeer(context, s) for s in range(3)]
    peers[2] = cheaters.RekeyEquivocator(context, 2)
    table = InMemoryTable(peers, tamper=cheaters.swap_for(1, peers[2], "rekey"))
    table.deal()  # both versions carry valid proofs for the same deck
    with pytest.raises(CheatDetected) as caught:
        table.open_many(initial_deal(3, 24))
    assert caught.value.seat == 2
    assert "different rekey messages" in caught.value.reason


def test_wire_bytes_are_accepted_and_garbage_bytes_refused() -> None:
    from net.dealing.messages import encode

    _, peers, table = make_table(2, 24)
    table.deal()
    assert peers[0].receive(encode(table.sent[1][2])) == []  # a duplicate, as bytes
    with pytest.raises(DealingError) as caught:
        peers[0].receive(b"\xc1not msgpack", origin=1)
    assert caught.value.seat == 1


def test_a_third_seat_checks_the_wrong_key_evidence_itself_and_refuses_a_tampered_one() -> None:
    """`wrong_key_shown`: the evidence convinces a seat that was not sent the key; any change to
    it (secret, proof, position, message, accuser, accused) convinces nobody."""
    cls = type("Cheat", (cheaters.WrongKeyDealer,), {"bad_positions": frozenset({2})})
    context, peers, table = make_table(3, 24, peer_class={1: cls})
    table.deal()
    with pytest.raises(CheatDetected) as caught:
        table.open_many(initial_deal(3, 24))
    shown = caught.value.evidence
    judge = peers[0]  # sent no key for position 2
    assert judge.wrong_key_shown(2, 1, shown)
    other = bytes(context.group.mult_base(5))
    forged_message = dict(shown["message"]) | {"seq": shown["message"]["seq"] + 1}
    tampered = [
        shown | {"shared_secret": other},
        shown | {"proof": bytes(len(shown["proof"]))},
        shown | {"position": 3},
        shown | {"message": forged_message},
        shown | {"message": "not a message"},
        {},
    ]
    for evidence in tampered:
        assert not judge.wrong_key_shown(2, 1, evidence)
    assert not judge.wrong_key_shown(0, 1, shown)  # the judge was not the one sent it
    assert not judge.wrong_key_shown(2, 0, shown)  # seat 0 did not sign it
    assert not judge.wrong_key_shown(2, 2, shown)


def test_an_honest_key_is_not_shown_as_wrong() -> None:
    peers, _ = _dealt()
    logged = peers[0]._log.values()
    sent = next(m for m in logged if m.get("type") == "keys" and m["sender"] == 1)
    receiver = sent["openings"][0][1][0]
    position = next(p for p, r in sent["openings"] if receiver in r)
    shared = peers[receiver]._shared_with(1)
    proof = prove_dleq(
        peers[receiver].group,
        peers[receiver].secrets.exchange_key,
        peers[receiver].group.generator,
        peers[receiver].exchange_keys[1],
        [peers[receiver]._sid, "shared-secret", 1, receiver],
        peers[receiver].exchange_keys[receiver],
        shared,
    )
    judge = peers[next(s for s in range(3) if s not in (1, receiver))]
    shown = {"message": sent, "position": position, "shared_secret": shared, "proof": proof}
    assert not judge.wrong_key_shown(receiver, 1, shown)

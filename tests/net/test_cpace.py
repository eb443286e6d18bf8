"""CPace on ristretto255: the draft's test vectors, and what a recorded exchange does not reveal."""

from __future__ import annotations

import pytest

from net.crypto.cpace import (
    CPaceError,
    CPaceParty,
    calculate_generator,
    generator_string,
    intermediate_session_key,
    lv_cat,
    prepend_len,
    transcript_ir,
)

# draft-irtf-cfrg-cpace, "Test vector for CPace using group ristretto255 and hash SHA-512".
PRS = b"Password"
CI = b"\x0bA_initiator\x0bB_responder"
SID = bytes.fromhex("7e4b4791d6a8ef019b936c79fb7f2c57")
GENERATOR_STRING = bytes.fromhex(
    "11435061636552697374726574746f3235350850617373776f726464"
    "00000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000180b415f696e69746961746f"
    "720b425f726573706f6e646572107e4b4791d6a8ef019b936c79fb7f"
    "2c57"
)
G = bytes.fromhex("222b6b195fe84b1652badb6f6a3ae3d24341e7306967f0b8115b40d5698c7e56")
YA_SCALAR = bytes.fromhex("da3d23700a9e5699258aef94dc060dfda5ebb61f02a5ea77fad53f4ff0976d08")
YA = bytes.fromhex("d6bac480f2c386c394efc7c47adb9925dcd2630b64f240c50f8d0eec482b9157")
YB_SCALAR = bytes.fromhex("d2316b454718c35362d83d69df6320f38578ed5984651435e2949762d900b80d")
YB = bytes.fromhex("3ea7e0b19560d7c0b0f5734f63b955286dfa8232b5ebe63324e2d9e7433f7258")
K = bytes.fromhex("80b69a8a76457ab6a4d7f887a4bf6b55a2f80ac19c333f917a05fc9887c8b40f")
ISK_IR = bytes.fromhex(
    "b69effbf61b51d56401c0f65601abe428de8206feaaf0e32198896dcae7b35cd"
    "2b38950a39dfd5d4a79164614c2984f7daa460b588c1e80c3fa2068af7900447"
)


def scalar(little_endian: bytes) -> int:
    return int.from_bytes(little_endian, "little")


def test_length_prefixes_follow_the_draft() -> None:
    assert prepend_len(b"") == b"\x00"
    assert prepend_len(b"1234") == b"\x041234"
    assert prepend_len(bytes(range(128)))[:2] == b"\x80\x01"
    assert lv_cat(b"1234", b"5", b"", b"678") == b"\x041234\x015\x00\x03678"


def test_generator_matches_the_draft_vector() -> None:
    assert len(GENERATOR_STRING) == 170
    assert generator_string(PRS, CI, SID) == GENERATOR_STRING
    assert calculate_generator(PRS, CI, SID) == G


def test_shares_secret_point_and_session_key_match_the_draft_vector() -> None:
    a = CPaceParty(True, PRS, CI, SID, b"ADa", scalar=scalar(YA_SCALAR))
    b = CPaceParty(False, PRS, CI, SID, b"ADb", scalar=scalar(YB_SCALAR))
    assert (a.share, b.share) == (YA, YB)
    assert len(transcript_ir(YA, b"ADa", YB, b"ADb")) == 74
    assert intermediate_session_key(SID, K, YA, b"ADa", YB, b"ADb") == ISK_IR
    assert a.finish(YB, b"ADb") == b.finish(YA, b"ADa") == ISK_IR


def test_different_passwords_give_unrelated_keys() -> None:
    a = CPaceParty(True, b"right", CI, SID, b"A")
    b = CPaceParty(False, b"wrong", CI, SID, b"B")
    assert a.finish(b.share, b"B") != b.finish(a.share, b"A")


@pytest.mark.parametrize(
    "bad", [bytes(32), b"\xff" * 32, b"\x01" * 31, bytes.fromhex("01") + bytes(31)]
)
def test_a_share_that_is_no_point_is_refused(bad: bytes) -> None:
    party = CPaceParty(True, PRS, CI, SID, b"A")
    with pytest.raises(CPaceError):
        party.finish(bad, b"B")


def test_a_recorded_exchange_does_not_let_a_fake_table_test_guesses_offline() -> None:
    """A fake table plays the responder with its own guess and records everything the real
    joiner sends. Offline, for any candidate password, the recording gives it nothing to compare
    with: the key the joiner derived depends on the joiner's secret scalar, which never left it.
    Only its one live guess could have matched."""
    password = b"Kitchen-42"
    candidates = [b"1234", b"kitchen", b"Kitchen-42", b"durak"]
    joiner = CPaceParty(True, password, CI, SID, b"joiner")
    fake_guess = b"letmein"
    fake = CPaceParty(False, fake_guess, CI, SID, b"fake")
    joiner_key = joiner.finish(fake.share, b"fake")  # what the joiner's confirmation depends on
    recorded = (joiner.share, fake.share)
    # The fake table can compute, for any candidate, the key a joiner with that password and
    # the fake's scalar would share with it ... but never the joiner's key, even for the right
    # password, because that needs the joiner's scalar or a discrete logarithm.
    for candidate in candidates:
        replayed = CPaceParty(False, candidate, CI, SID, b"fake", scalar=fake.scalar)
        assert replayed.share != recorded[1] or candidate == fake_guess
        assert replayed.finish(recorded[0], b"joiner") != joiner_key
    # Only a live exchange with the right password agrees.
    honest = CPaceParty(False, password, CI, SID, b"host")
    assert joiner.finish(honest.share, b"host") == honest.finish(joiner.share, b"joiner")

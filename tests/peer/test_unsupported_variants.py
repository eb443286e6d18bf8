"""A variant not yet dealt through the fair-dealing protocol is refused at a table, with the reason."""

from __future__ import annotations

import pytest

from net.lobby import check_rules
from net.peer_cli import main


@pytest.mark.parametrize("variant", ["reverse"])
def test_the_lobby_refuses_the_variant(variant: str) -> None:
    with pytest.raises(ValueError, match="not yet dealt through the fair-dealing protocol"):
        check_rules(variant, {}, 2)


def test_durak_peer_refuses_to_host_it(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    status = main(["--name", "North", "--host", "T", "--variant", "reverse", "--seats", "2",
                   "--data-dir", str(tmp_path)])  # fmt: skip
    assert status == 2
    assert "reverse fool's blind plays" in capsys.readouterr().err


@pytest.mark.parametrize("variant", ["magadan", "crazy", "poker", "invisible", "albanian"])
def test_supported_variants_pass(variant: str) -> None:
    assert check_rules(variant, {}, 3).id == variant

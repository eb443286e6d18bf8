"""Rules pages of the family-3 games, made from their sections of docs/rules.md.

A family-3 section of docs/rules.md ("## Czech fool (Mau-Mau), family 3: `czech` and ...")
lists the base game's rules as bullets, then one bullet per option starting with its id
("- `czech-1`: ..."). `family3_sections` turns it into the pages file's sections (the base
game's bullets under its id, each option's text under its id), written into
resources/rules/en.md by `python -m durak_qt.dialogs.rules_help`; resources/rules/ru.md holds the same
sections in Russian. `family3_page` makes the page the rules dialog shows: an option's page
says what the option changes, then the base game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from durak_qt.dialogs.rules_help import _CODE, _QUOTE, _without_code_asides
from durak_qt.dialogs.rules_help import _for_players as _names_no_engine_code
from durak_qt.games.family3.client import client_for, clients
from durak_qt.variants import variant_description, variant_title

_FAMILY3_HEADER = re.compile(r"^## [^\n]*family 3: `([a-z0-9-]+)`[^\n]*\n", re.MULTILINE)
_OPTION = re.compile(r"^`([a-z0-9-]+)`(?: \(([^)]*)\))?:\s*")
_NOT_FOR_PLAYERS = ("the table will", "The options:")
_ENGINE_ASIDE = re.compile(r" \((?:None|`)[^)]*\)")
_ENGINE_READING = re.compile(r"Engine reading[^:]*:")
_SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-Z`*])|(?<=\"\*)\s+")
"""Where a sentence ends: after a full stop, and after a quote of the text."""


def _sentence_for_players(sentence: str) -> str:
    """The clauses of a sentence before the first that names engine code, without those about
    the table's protocol; "" when none is left."""
    kept: list[str] = []
    for clause in sentence.split("; "):
        if not _names_no_engine_code(clause):
            break
        if not any(word in clause for word in _NOT_FOR_PLAYERS):
            kept.append(clause)
    text = _CODE.sub(r"\1", "; ".join(kept).strip())
    if not text:
        return ""
    if sentence.startswith("`"):
        text = text[0].upper() + text[1:]
    return text if text[-1] in '.:"*' else text + "."


def _for_players(text: str) -> str:
    """A rules paragraph for players: every quote of the text kept whole, the code in
    parentheses and the clauses about the engine and the table's protocol gone."""
    text = " ".join(_QUOTE.sub("", text.strip()).split())
    text = _ENGINE_ASIDE.sub("", _without_code_asides(text))
    text = _ENGINE_READING.sub("Reading:", text)
    sentences = (_sentence_for_players(sentence) for sentence in _SENTENCE.split(text))
    return " ".join(sentence for sentence in sentences if sentence)


def family3_sections(markdown: str) -> list[tuple[str, str]]:
    """(preset id, page text) of every family-3 game the client shows: the base game's rules
    as a list under the game's id, each option's text under its own id."""
    shown = {client.kind for client in clients()}
    sections: list[tuple[str, str]] = []
    for match in _FAMILY3_HEADER.finditer(markdown):
        base = match.group(1)
        if base not in shown:
            continue
        end = markdown.find("\n## ", match.end())
        body = markdown[match.end() : end if end >= 0 else len(markdown)]
        bullets = [b.strip() for b in re.split(r"\n- ", "\n" + body)[1:]]
        rules: list[str] = []
        options: list[tuple[str, str]] = []
        for bullet in bullets:
            text = " ".join(bullet.split())
            option = _OPTION.match(text)
            if option is None:
                rules.append("- " + _for_players(text))
            else:
                options.append((option.group(1), _for_players(text[option.end() :])))
        sections.append((base, "\n".join(line for line in rules if line != "- ")))
        sections.extend(options)
    return sections


def family3_page(variant: str, pages: Mapping[str, str]) -> str | None:
    """The whole rules page of a family-3 preset (markdown); None when `variant` is not one.

    `pages` are the sections of the pages file in the language shown (see
    `durak_qt.dialogs.rules_help.pages`).
    """
    client = client_for(variant)
    if client is None or variant not in pages:
        return None
    how = QCoreApplication.translate("RulesHelp", "How it is played")
    parts = [f"# {variant_title(variant)}", f"*{variant_description(variant)}*", f"## {how}"]
    parts.append(pages[variant])
    base = client.kind
    if variant != base and base in pages:
        heading = QCoreApplication.translate("Family3", "The base game: %1").replace(
            "%1", variant_title(base)
        )
        parts += [f"## {heading}", pages[base]]
    return "\n\n".join(parts)

"""The rules of every variant inside the client: pages drawn from docs/rules.md (English) and
written for the client in Russian, shown in a dark dialog reachable from the lobby, the
create-table dialog and the table (F1).

The English pages live in `resources/rules/en.md`, made from docs/rules.md by
`python -m durak_qt.dialogs.rules_help` (a test checks the file is current); the Russian pages in
`resources/rules/ru.md` use the same layout: a "## common" section and one "### `id`"
section per variant.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from durak_qt.i18n import current_language
from durak_qt.theme import style_dialog
from durak_qt.variants import available_variants, variant_description, variant_title
from resources import resource_path

COMMON = "common"
"""The key of the page section shared by every variant."""

_SECTION = re.compile(r"^### `([a-z0-9-]+)`[^\n]*\n", re.MULTILINE)
_QUOTE = re.compile(r'^[A-D]: \*".*?"\*\.?\s*', re.DOTALL)
_CODE = re.compile(r"`([^`]*)`")


_SENTENCE_END = re.compile(r"(?<=[.;])\s+(?=[A-Z`])")
_ENGINE_WORDS = ("scenario", "Dropped decision", "A peer", "a peer ", "sub-deck", "docs/")


def _without_code_asides(text: str) -> str:
    """Drop every parenthesis that names engine code, e.g. " (`fixed_trump: "D"`)"."""
    out: list[str] = []
    index = 0
    while index < len(text):
        if text[index] != "(":
            out.append(text[index])
            index += 1
            continue
        depth, end, in_code = 0, index, False
        while end < len(text):
            char = text[end]
            if char == "`":
                in_code = not in_code
            elif not in_code and char == "(":
                depth += 1
            elif not in_code and char == ")":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        aside = text[index : end + 1]
        if "`" in aside:
            while out and out[-1] == " ":
                out.pop()
        else:
            out.append(aside)
        index = end + 1
    return "".join(out)


def _for_players(sentence: str) -> bool:
    """A sentence about play, not about the engine's functions, the audit or scenario files."""
    if any(word in sentence for word in _ENGINE_WORDS):
        return False
    return not any(set(code) & set("._()=") for code in _CODE.findall(sentence))


def _clean(text: str) -> str:
    """A rules paragraph for players: no quote of the source text, no sentence about the
    engine's internals, no option names."""
    text = " ".join(_QUOTE.sub("", text.strip()).split())
    kept = [s for s in _SENTENCE_END.split(_without_code_asides(text)) if _for_players(s)]
    return _CODE.sub(r"\1", " ".join(kept))


def _first_paragraph(body: str) -> str:
    return body.strip().split("\n\n", 1)[0]


def pages_from_rules_doc(markdown: str) -> str:
    """The English pages file made from docs/rules.md: the common rules and, per variant, the
    first paragraph of its section (how it is played), without quotes and option names."""
    common_start = markdown.index("## Common to every classic variant")
    common_end = markdown.index("\n## ", common_start + 3)
    common_lines = markdown[common_start:common_end].splitlines()[1:]
    out = ["## common", ""]
    bullets = [line for line in "\n".join(common_lines).split("\n- ") if line.strip()]
    for bullet in bullets:
        out.append("- " + _clean(bullet.lstrip("- ")))
    out.append("")
    matches = list(_SECTION.finditer(markdown))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(markdown)
        body = markdown[match.end() : end]
        body = body.split("\n## ", 1)[0]
        out += [f"### `{match.group(1)}`", "", _clean(_first_paragraph(body)), ""]
    from durak_qt.games.family3.rules import family3_sections

    for variant, text in family3_sections(markdown):  # czech and its options, ...
        out += [f"### `{variant}`", "", text, ""]
    return "\n".join(out).rstrip() + "\n"


def parse_pages(text: str) -> dict[str, str]:
    """The sections of a pages file: "common" and every variant id, as markdown."""
    pages: dict[str, str] = {}
    common = re.search(r"^## common\n(.*?)(?=^### |\Z)", text, re.MULTILINE | re.DOTALL)
    if common:
        pages[COMMON] = common.group(1).strip()
    matches = list(_SECTION.finditer(text))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        pages[match.group(1)] = text[match.end() : end].strip()
    return pages


@lru_cache(maxsize=4)
def pages(language: str) -> dict[str, str]:
    """Every page section in a language ("en" or "ru"); English for a language without pages."""
    path = resource_path("rules", f"{language}.md")
    if not path.is_file():
        path = resource_path("rules", "en.md")
    return parse_pages(path.read_text(encoding="utf-8"))


def rules_page(variant_id: str, language: str | None = None) -> str:
    """The whole rules page of a variant (markdown): name, one line, how it is played, and the
    rules common to all variants. Raises KeyError for an unknown variant."""
    language = language or current_language()
    found = pages(language)
    if variant_id not in found:
        found = pages("en")
    from durak_qt.games.family3.rules import family3_page

    own = family3_page(variant_id, found)  # a family-3 game: its base game, no Durak rules
    if own is not None:
        return own
    body = found[variant_id]
    common = found.get(COMMON, "")
    how = QCoreApplication.translate("RulesHelp", "How it is played")
    shared = QCoreApplication.translate("RulesHelp", "Rules common to every variant")
    return "\n\n".join(
        (
            f"# {variant_title(variant_id)}",
            f"*{variant_description(variant_id)}*",
            f"## {how}",
            body,
            f"## {shared}",
            common,
        )
    )


class RulesDialog(QDialog):
    """Every variant in a list; the chosen one's rules page beside it."""

    def __init__(self, variant_id: str = "throw-in", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rules")
        style_dialog(self)
        self.resize(900, 600)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.variants = QListWidget(self)
        self.variants.setMinimumWidth(240)
        self.variants.setMaximumWidth(320)
        self.page = QTextBrowser(self)
        self.page.setOpenExternalLinks(False)
        row.addWidget(self.variants)
        row.addWidget(self.page, 1)
        layout.addLayout(row, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        from durak_qt.games.family3.client import family3_variants

        self._ids = [variant for variant, *_ in available_variants() + family3_variants()]
        self.variants.currentRowChanged.connect(self._show)
        self.retranslate()
        self.show_variant(variant_id)

    def show_variant(self, variant_id: str) -> None:
        """Select a variant and show its page (the first variant for an unknown id)."""
        row = self._ids.index(variant_id) if variant_id in self._ids else 0
        self.variants.setCurrentRow(row)
        self._show(row)

    def current_variant(self) -> str:
        """The id of the variant shown."""
        row = self.variants.currentRow()
        return self._ids[row] if 0 <= row < len(self._ids) else self._ids[0]

    def _show(self, row: int) -> None:
        if 0 <= row < len(self._ids):
            self.page.setMarkdown(rules_page(self._ids[row]))

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.setWindowTitle(self.tr("Rules"))
        row = max(self.variants.currentRow(), 0)
        self.variants.blockSignals(True)
        self.variants.clear()
        for variant in self._ids:
            item = QListWidgetItem(variant_title(variant), self.variants)
            item.setData(Qt.ItemDataRole.UserRole, variant)
        self.variants.setCurrentRow(row)
        self.variants.blockSignals(False)
        self._show(row)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def write_english_pages(root: Path) -> Path:
    """Make resources/rules/en.md from docs/rules.md under a checkout `root`."""
    source = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    target = root / "resources" / "rules" / "en.md"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(pages_from_rules_doc(source), encoding="utf-8")
    return target


if __name__ == "__main__":
    print(write_english_pages(Path(__file__).resolve().parents[2]), file=sys.stderr)

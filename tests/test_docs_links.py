"""Every relative link and image in README.md and docs/*.md points at a file that exists, and
every `#anchor` at a heading of that file (GitHub's heading slugs)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])

FENCE = re.compile(r"^(```|~~~)")
CODE_SPAN = re.compile(r"`[^`]*`")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """Every heading anchor of a Markdown file, repeated slugs numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    for line in prose_lines(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def relative_links(path: Path) -> list[str]:
    """The targets of the links and images of a Markdown file that are not URLs."""
    targets = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            target = match.group(1)
            if not EXTERNAL.match(target):
                targets.append(target)
    return targets


def broken_links(path: Path) -> list[str]:
    """Each relative link of `path` whose file or heading does not exist, with the reason."""
    problems = []
    for target in relative_links(path):
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            problems.append(f"{target}: no file {linked}")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            problems.append(f"{target}: no heading #{anchor} in {linked}")
    return problems


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_relative_links_resolve(document: Path) -> None:
    assert broken_links(document) == []


def test_the_checker_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text(
        "# Other page\n\n## A `code` heading, twice\n\n## A `code` heading, twice\n"
    )
    page.write_text(
        "# Page\n\n[fine](other.md#a-code-heading-twice-1) [self](#page) [web](https://x.org/a)\n"
        "![gone](missing.png) [no heading](other.md#nowhere) `[code](skipped.md)`\n"
        "```\n[fenced](skipped.md)\n```\n"
    )
    problems = [problem.split(":")[0] for problem in broken_links(page)]
    assert problems == ["missing.png", "other.md#nowhere"]


def test_slugs_follow_github() -> None:
    assert slug("`teams`: Couple fool / team play") == "teams-couple-fool--team-play"
    assert slug("Czech fool (Mau-Mau), family 3: `czech`") == "czech-fool-mau-mau-family-3-czech"
    assert slug("Engine against jorisperrenet's engine") == "engine-against-jorisperrenets-engine"

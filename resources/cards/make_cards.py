"""Generate the SVG card faces and backs in this folder: `python resources/cards/make_cards.py`.

Every card is a 250x350 SVG (poker proportions) that uses only SVG Tiny 1.2 features, so
QSvgRenderer draws it crisply at any size. Suits are drawn as paths, never as font glyphs.
"""

from __future__ import annotations

from pathlib import Path

WIDTH, HEIGHT, RADIUS = 250, 350, 14
RED, BLACK = "#c8102e", "#1b1b1f"
GOLD, GOLD_DARK = "#e0b12a", "#7a5a0c"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
SERIF = "DejaVu Serif, Liberation Serif, Georgia, Times New Roman, serif"

# Suit outlines in a 100x100 box, centred at (50, 50).
SUIT_PATHS = {
    "H": "M50 92 C42 82 4 58 4 31 C4 14 16 6 28 6 C39 6 46 13 50 22 "
    "C54 13 61 6 72 6 C84 6 96 14 96 31 C96 58 58 82 50 92 Z",
    "D": "M50 2 C60 18 72 34 86 50 C72 66 60 82 50 98 C40 82 28 66 14 50 C28 34 40 18 50 2 Z",
    "S": "M50 4 C58 20 96 40 96 64 C96 79 85 86 74 86 C65 86 58 82 54 75 "
    "C55 86 60 93 68 97 L32 97 C40 93 45 86 46 75 C42 82 35 86 26 86 "
    "C15 86 4 79 4 64 C4 40 42 20 50 4 Z",
    "C": "M46 58 C40 70 32 76 24 76 C12 76 3 67 3 55 C3 43 12 34 24 34 C29 34 33 35 36 38 "
    "C31 33 28 27 28 21 C28 9 38 2 50 2 C62 2 72 9 72 21 C72 27 69 33 64 38 "
    "C67 35 71 34 76 34 C88 34 97 43 97 55 C97 67 88 76 76 76 C68 76 60 70 54 58 "
    "C55 76 60 89 70 97 L30 97 C40 89 45 76 46 58 Z",
}
SUIT_COLOURS = {"C": BLACK, "S": BLACK, "D": RED, "H": RED}

# Pip centres for the number cards, in card coordinates.
LEFT, MID, RIGHT = 80, 125, 170
ROW4 = (82, 144, 206, 268)
PIP_LAYOUTS: dict[str, list[tuple[float, float]]] = {
    "2": [(MID, 82), (MID, 268)],
    "3": [(MID, 82), (MID, 175), (MID, 268)],
    "4": [(LEFT, 82), (RIGHT, 82), (LEFT, 268), (RIGHT, 268)],
    "5": [(LEFT, 82), (RIGHT, 82), (MID, 175), (LEFT, 268), (RIGHT, 268)],
    "6": [(x, y) for y in (82, 175, 268) for x in (LEFT, RIGHT)],
    "7": [(x, y) for y in (82, 175, 268) for x in (LEFT, RIGHT)] + [(MID, 128)],
    "8": [(x, y) for y in (82, 175, 268) for x in (LEFT, RIGHT)] + [(MID, 128), (MID, 222)],
    "9": [(x, y) for y in ROW4 for x in (LEFT, RIGHT)] + [(MID, 175)],
    "10": [(x, y) for y in ROW4 for x in (LEFT, RIGHT)] + [(MID, 113), (MID, 237)],
}


def suit_shape(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    """A suit symbol of `size` pixels centred at (cx, cy), upside down when `flip`."""
    scale = size / 100
    rotate = f" rotate(180 {cx:g} {cy:g})" if flip else ""
    return (
        f'<path transform="{rotate.strip()} translate({cx - size / 2:g} {cy - size / 2:g}) '
        f'scale({scale:g})" d="{SUIT_PATHS[suit]}" fill="{SUIT_COLOURS[suit]}"/>'
    )


def card_frame(fill: str = "#fffdf8") -> str:
    """The card body: white rounded rectangle with a thin grey border."""
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="{RADIUS}" ry="{RADIUS}" '
        f'fill="{fill}" stroke="#8a8a8a" stroke-width="2"/>'
    )


def corner_indices(label: str, suit: str | None, colour: str) -> str:
    """Rank and suit in the top-left corner and, upside down, in the bottom-right one."""
    size = 40 if len(label) == 1 else 34
    spacing = ' letter-spacing="-3"' if len(label) > 1 else ""
    one = (
        f'<text x="28" y="50" font-family="{FONT}" font-weight="bold" font-size="{size}" '
        f'text-anchor="middle" fill="{colour}"{spacing}>{label}</text>'
    )
    if suit is not None:
        one += suit_shape(suit, 28, 75, 28)
    return one + f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{one}</g>'


def number_card(rank: str, suit: str) -> str:
    """A number card: pips in the classic arrangement, the lower half upside down."""
    pips = "".join(
        suit_shape(suit, x, y, 46, flip=y > HEIGHT / 2 + 1) for x, y in PIP_LAYOUTS[rank]
    )
    return card_frame() + corner_indices(rank, suit, SUIT_COLOURS[suit]) + pips


def ace_card(suit: str) -> str:
    """An ace: one big centre suit inside a faint ring."""
    colour = SUIT_COLOURS[suit]
    ring = (
        f'<circle cx="125" cy="175" r="78" fill="none" stroke="{colour}" stroke-opacity="0.18" '
        'stroke-width="3"/>'
    )
    size = 130 if suit != "S" else 140
    return (
        card_frame() + corner_indices("A", suit, colour) + ring + suit_shape(suit, 125, 175, size)
    )


def headgear(rank: str, colour: str) -> str:
    """The figure of a court card: a crown (K), a tiara (Q) or a feathered cap (J), top half."""
    outline = f'stroke="{GOLD_DARK}" stroke-width="2.5" stroke-linejoin="round"'
    if rank == "K":
        crown = (
            f'<path d="M92 104 L86 62 L104 80 L115 52 L125 74 L135 52 L146 80 L164 62 L158 104 Z" '
            f'fill="{GOLD}" {outline}/>'
            f'<rect x="90" y="100" width="70" height="12" rx="3" fill="{GOLD}" {outline}/>'
            f'<circle cx="115" cy="52" r="4" fill="{colour}"/><circle cx="135" cy="52" r="4" '
            f'fill="{colour}"/><circle cx="86" cy="62" r="4" fill="{colour}"/>'
            f'<circle cx="164" cy="62" r="4" fill="{colour}"/>'
            f'<circle cx="125" cy="106" r="4" fill="{colour}"/>'
        )
        return crown
    if rank == "Q":
        return (
            f'<path d="M94 108 C96 88 104 76 110 72 L117 86 L125 62 L133 86 L140 72 '
            f'C146 76 154 88 156 108 Z" fill="{GOLD}" {outline}/>'
            f'<circle cx="125" cy="60" r="6" fill="{colour}" stroke="{GOLD_DARK}" stroke-width="2"/>'
            f'<circle cx="110" cy="70" r="4" fill="#ffffff" stroke="{GOLD_DARK}" stroke-width="1.5"/>'
            f'<circle cx="140" cy="70" r="4" fill="#ffffff" stroke="{GOLD_DARK}" stroke-width="1.5"/>'
            f'<rect x="92" y="104" width="66" height="9" rx="4" fill="{GOLD}" {outline}/>'
        )
    return (
        f'<path d="M90 110 C88 86 104 72 126 72 C148 72 162 86 160 110 Z" fill="{colour}" '
        f'stroke="{GOLD_DARK}" stroke-width="2.5"/>'
        f'<path d="M138 76 C150 56 168 48 180 50 C168 58 156 68 146 84 Z" fill="{GOLD}" {outline}/>'
        f'<rect x="88" y="104" width="74" height="9" rx="4" fill="{GOLD}" {outline}/>'
    )


def court_card(rank: str, suit: str) -> str:
    """A court card: a framed double-ended figure with its letter and suit, in suit colour."""
    colour = SUIT_COLOURS[suit]
    tint = "#fbe9ea" if colour == RED else "#e9edf5"
    gradient = (
        f'<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{tint}"/><stop offset="0.5" stop-color="#ffffff"/>'
        f'<stop offset="1" stop-color="{tint}"/></linearGradient></defs>'
    )
    frame = (
        f'<rect x="52" y="34" width="146" height="282" rx="8" fill="url(#g)" stroke="{colour}" '
        'stroke-width="3"/>'
        f'<rect x="58" y="40" width="134" height="270" rx="5" fill="none" stroke="{GOLD}" '
        'stroke-width="2"/>'
        f'<line x1="58" y1="175" x2="192" y2="175" stroke="{colour}" stroke-opacity="0.35" '
        'stroke-width="2"/>'
    )
    half = (
        headgear(rank, colour)
        + f'<text x="125" y="166" font-family="{SERIF}" font-weight="bold" font-size="58" '
        f'text-anchor="middle" fill="{colour}">{rank}</text>'
        + suit_shape(suit, 80, 140, 26)
        + suit_shape(suit, 170, 140, 26)
    )
    halves = half + f'<g transform="rotate(180 125 175)">{half}</g>'
    return gradient + card_frame() + frame + halves + corner_indices(rank, suit, colour)


def joker_card(colour_name: str) -> str:
    """A joker: a jester's cap with bells, the word JOKER, stars in the corners."""
    colour = RED if colour_name == "red" else BLACK
    second = GOLD if colour_name == "red" else "#7d7d86"
    star = (
        "M0 -10 L2.9 -4 L9.5 -3.1 L4.7 1.5 L5.9 8.1 L0 5 L-5.9 8.1 L-4.7 1.5 L-9.5 -3.1 L-2.9 -4 Z"
    )
    letters = "".join(
        f'<text x="26" y="{34 + i * 25}" font-family="{FONT}" font-weight="bold" font-size="24" '
        f'text-anchor="middle" fill="{colour}">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    corner = (
        letters + f'<path transform="translate(26 162) scale(1.2)" d="{star}" fill="{colour}"/>'
    )
    corners = corner + f'<g transform="rotate(180 125 175)">{corner}</g>'
    cap = (
        f'<path d="M80 214 C78 170 70 136 52 118 C82 120 104 140 114 168 '
        f"C112 128 118 96 125 80 C132 96 138 128 136 168 C146 140 168 120 198 118 "
        f'C180 136 172 170 170 214 Z" fill="{colour}" stroke="#333" stroke-width="2.5" '
        'stroke-linejoin="round"/>'
        f'<path d="M114 168 C116 186 118 200 118 214 L132 214 C132 200 134 186 136 168 '
        f'C132 150 128 128 125 80 C122 128 118 150 114 168 Z" fill="{second}"/>'
        f'<rect x="74" y="208" width="102" height="18" rx="6" fill="{second}" stroke="#333" '
        'stroke-width="2.5"/>'
        f'<circle cx="52" cy="118" r="9" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
        f'<circle cx="198" cy="118" r="9" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
        f'<circle cx="125" cy="78" r="9" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
    )
    word = (
        f'<text x="125" y="272" font-family="{SERIF}" font-weight="bold" font-size="36" '
        f'text-anchor="middle" fill="{colour}" letter-spacing="3">JOKER</text>'
    )
    return card_frame() + corners + cap + word


def lattice(x0: float, y0: float, x1: float, y1: float, step: float, colour: str) -> str:
    """Diagonal lines both ways filling a rectangle, clipped by computation (no clipPath)."""
    lines = []
    width, height = x1 - x0, y1 - y0
    offset = -height
    while offset <= width:
        # Lines of slope +1: from (x0 + offset + t, y0 + t); clip t to the rectangle.
        t_start, t_end = max(0.0, -offset), min(height, width - offset)
        if t_end > t_start:
            lines.append((x0 + offset + t_start, y0 + t_start, x0 + offset + t_end, y0 + t_end))
            lines.append((x1 - offset - t_start, y0 + t_start, x1 - offset - t_end, y0 + t_end))
        offset += step
    return "".join(
        f'<line x1="{a:.1f}" y1="{b:.1f}" x2="{c:.1f}" y2="{d:.1f}" stroke="{colour}" '
        'stroke-width="2"/>'
        for a, b, c, d in lines
    )


def back_card(dark: str, light: str, accent: str) -> str:
    """A card back: a white margin, a lattice panel and a central medallion with all four suits."""
    inner = (
        f'<rect x="12" y="12" width="226" height="326" rx="9" fill="{dark}" stroke="{accent}" '
        'stroke-width="2"/>'
    )
    grid = lattice(20, 20, 230, 330, 18, light)
    border = (
        f'<rect x="20" y="20" width="210" height="310" rx="6" fill="none" stroke="{accent}" '
        'stroke-width="3"/>'
    )
    medallion = (
        f'<ellipse cx="125" cy="175" rx="62" ry="80" fill="{dark}" stroke="{accent}" '
        'stroke-width="4"/>'
        f'<ellipse cx="125" cy="175" rx="52" ry="70" fill="none" stroke="{light}" '
        'stroke-width="2"/>'
    )
    suits = "".join(
        f'<path transform="translate({x - 15:g} {y - 15:g}) scale(0.3)" d="{SUIT_PATHS[s]}" '
        f'fill="{accent}"/>'
        for s, (x, y) in zip("SHCD", ((125, 130), (160, 175), (125, 220), (90, 175)), strict=True)
    )
    star = (
        f'<path transform="translate(125 175) scale(1.6)" fill="{accent}" '
        'd="M0 -10 L2.9 -4 L9.5 -3.1 L4.7 1.5 L5.9 8.1 L0 5 L-5.9 8.1 L-4.7 1.5 L-9.5 -3.1 '
        'L-2.9 -4 Z"/>'
    )
    return card_frame("#ffffff") + inner + grid + border + medallion + suits + star


def svg_document(body: str) -> str:
    """Wrap drawing elements into a complete SVG document."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny" '
        f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">{body}</svg>\n'
    )


def all_cards() -> dict[str, str]:
    """File stem (card text as the engine writes it, or a back name) -> SVG document."""
    cards: dict[str, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            if rank in PIP_LAYOUTS:
                body = number_card(rank, suit)
            elif rank == "A":
                body = ace_card(suit)
            else:
                body = court_card(rank, suit)
            cards[f"{rank}{suit}"] = svg_document(body)
    cards["RJ"] = svg_document(joker_card("red"))
    cards["BJ"] = svg_document(joker_card("black"))
    cards["back-blue"] = svg_document(back_card("#1d3f7a", "#3d64a8", "#e8eefb"))
    cards["back-red"] = svg_document(back_card("#8e1b2c", "#b8414f", "#fbe8d0"))
    return cards


def main() -> None:
    """Write every card next to this script."""
    folder = Path(__file__).resolve().parent
    for stem, text in all_cards().items():
        (folder / f"{stem}.svg").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

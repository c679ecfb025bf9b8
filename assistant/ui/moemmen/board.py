"""The Mömmen table as one picture for the tap board: every player compact at the top (with the cards
each opponent was seen to take from the table and still holds), the table's five cards beside the
deck and the discard pile, the hand of the seat that decides, and the side column (status, buttons,
messages). And the round's end: every hand with its colour and score.

Parts a tap can choose: ``h{card}-{n}`` (the n-th copy of a card in your hand) and ``t{place}``
(a table card, places 0..4). What is tappable, and what pairs with what, is decided in play.py
from the legal actions; this module only draws.
"""

from __future__ import annotations

import html
from pathlib import Path

from assistant.games.moemmen.cards import COLOUR_OF, COLOURS, IS_PLUS, NAMES, POINTS, colour_text
from assistant.games.moemmen.scoring import best_colour, breakdown, colour_score
from assistant.i18n import Text
from assistant.ui.common import lang, tr
from assistant.ui.moemmen.pictures import CARD_COLOURS, card_back_svg, card_box, colour_of, symbol_svg, value_text

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")
KNOWN_WIDTH = 40  # px: small beside a player, its value (a quarter of the card's width) still legible


def hand_order(hand: list[int]) -> list[int]:
    """Cards as a hand shows them: by colour, then value (minus cards first); Tim and Benny last."""
    return sorted(hand, key=lambda card: (COLOUR_OF[card] if COLOUR_OF[card] >= 0 else len(COLOURS), POINTS[card],
                                          card))


def hand_parts(hand: list[int]) -> list[tuple[str, int]]:
    """Each card of the hand with its part id, in the order shown."""
    seen: dict[int, int] = {}
    parts = []
    for card in hand_order(hand):
        parts.append((f"h{card}-{seen.get(card, 0)}", card))
        seen[card] = seen.get(card, 0) + 1
    return parts


def words(text: Text) -> str:
    return tr(text.key, **text.params)


def table_html(names: list[str], labels: list[str], view: dict, seat: int | None, status: str, notes: str,
               hidden: str = "", phone: bool = False) -> str:
    """The whole table for ``seat`` (None: nobody's hand, a computer opponent or a phone is deciding;
    ``hidden`` says why, instead of the hand).
    ``notes`` (a hint, a refusal) go below the buttons, so that they do not push them away; so does
    ``.tb-note``, where the board says why a tapped card cannot be exchanged.

    ``phone`` (the seat page): laid out for a phone by table.css, the table's cards and the hand first,
    the players below; Tim's and Benny's names drawn large, and the cards a player was seen to take as
    labels ("+3" and the colour's symbol), where a picture would be too small to read."""
    # On a phone the note has a place of its own (table.css): on its side, below the hand, where the
    # narrow side column would push it off the screen.
    note = '<div class="tb-note"></div>'
    side = f'<div class="mm-side">{status}<div class="tb-buttons"></div>{"" if phone else note}{notes}</div>'
    return (f'<style>{TABLE_CSS}</style><div class="mm-table{" mm-phone" if phone else ""}">'
            f'<div class="mm-players">{_players(names, labels, view, seat, phone)}</div>'
            f'<div class="mm-centre">{_centre(view, phone)}</div>'
            f'<div class="mm-hand">{_hand(view, seat, hidden, phone)}</div>{side}{note if phone else ""}</div>')


def _players(names: list[str], labels: list[str], view: dict, seat: int | None, phone: bool = False) -> str:
    boxes = []
    back = card_back_svg(lang(), width=16)
    for p in range(view["num_players"]):
        classes = "mm-player" + (" mm-turn" if view["current_player"] == p else "") + (" mm-me" if p == seat else "")
        label = f' <span class="mm-label">{html.escape(labels[p])}</span>' if labels[p] else ""
        tim = ""
        if view["tim_player"] == p:
            tim = f' <span class="mm-tim-badge">{html.escape(tr("ui.moemmen.tim_badge"))}</span>'
        # The last round apart from the total: on a narrow box it goes to a line of its own instead of being cut.
        total = f'<span>{html.escape(tr("ui.moemmen.total", total=_number(view["totals"][p])))}</span>'
        if view["results"]:
            last = tr("ui.moemmen.last_round", score=_signed(view["results"][-1]["scores"][p]))
            total += f'<span class="mm-last">{html.escape(last)}</span>'
        cards = html.escape(tr("ui.moemmen.hand_size", count=view["hand_sizes"][p]))
        known = _known(view["known"][p], phone) if p != seat else ""  # your own hand is shown in full
        boxes.append(f'<div class="{classes}"><div class="mm-pname">{html.escape(names[p])}{label}{tim}</div>'
                     f'<div class="mm-pinfo"><span class="mm-backs" aria-label="{cards}">{back}×'
                     f'{view["hand_sizes"][p]}</span>{total}</div>{known}</div>')
    return "".join(boxes)


def _known(cards: list[int], phone: bool = False) -> str:
    """The cards everybody saw this player take from the table this round and still in the hand (M13):
    a player at the table remembers them, and so does the hard bot, so the screen shows them. Small
    pictures, as many as there are, under the hand size; nothing while there are none."""
    if not cards:
        return ""
    note = html.escape(tr("ui.moemmen.known_note"))
    if phone:
        pictures = "".join(_chip(card) for card in hand_order(cards))
    else:
        pictures = "".join(card_box(NAMES[card], lang(), width=KNOWN_WIDTH) for card in hand_order(cards))
    return (f'<div class="mm-known" role="group" aria-label="{note}" title="{note}">'
            f'<span class="mm-known-label">{html.escape(tr("ui.moemmen.known"))}</span>{pictures}</div>')


def _chip(card: int) -> str:
    """A card as a label: its value and its colour's symbol on the colour's light ground ("+3" and a
    heart), Tim or Benny by name."""
    name = NAMES[card]
    colour = colour_of(name)
    if colour is None:
        return f'<span class="mm-chip">{html.escape(tr(f"picture.moemmen.{name}"))}</span>'
    palette = CARD_COLOURS[colour]
    return (f'<span class="mm-chip" style="background:{palette.light};border-color:{palette.main};'
            f'color:{palette.dark}">{symbol_svg(colour, 14)}{value_text(POINTS[card])}</span>')


def _signed(score: int) -> str:
    """"+3", "0", "−2" (a real minus sign, as on the cards)."""
    return f"+{score}" if score > 0 else _number(score)


def _number(score: int) -> str:
    return str(score).replace("-", "\u2212")


def _centre(view: dict, phone: bool = False) -> str:
    code = lang()
    slots = "".join(card_box(NAMES[card], code, tap=f"t{place}", phone=phone)
                    for place, card in enumerate(view["table"]))
    top = view["discard_top"]
    discard = card_box(NAMES[top], code, phone=phone) if top is not None else '<div class="mm-empty"></div>'
    # The deck's size on its back, so that the caption stays one short word.
    count = f'<span class="mm-count">{view["deck_count"]}</span>'
    deck = f'<div class="mm-deck">{card_box(None, code)}{count}</div>' if view["deck_count"] else \
        f'<div class="mm-deck"><div class="mm-empty"></div>{count}</div>'
    return (f'<div class="mm-area"><div class="mm-caption">{html.escape(tr("ui.moemmen.table"))}</div>'
            f'<div class="mm-slots">{slots}</div></div>'
            f'<div class="mm-area mm-piles-area"><div class="mm-piles">'
            f'<div class="mm-caption">{html.escape(tr("ui.moemmen.deck"))}</div>'
            f'<div class="mm-caption">{html.escape(tr("ui.moemmen.discard"))}</div>'
            f'{deck}{discard}</div></div>')


def _hand(view: dict, seat: int | None, hidden: str = "", phone: bool = False) -> str:
    if seat is None or view["hand"] is None:
        return f'<div class="mm-caption">{html.escape(hidden or tr("ui.moemmen.hands_hidden"))}</div>'
    hand = view["hand"]
    colour = best_colour(hand)  # the engine's scoring: what the hand would score if the round ended now
    worth = tr("ui.moemmen.your_hand", score=_signed(colour_score(hand, colour)), colour=words(colour_text(colour)))
    cards = "".join(card_box(NAMES[card], lang(), tap=part, phone=phone) for part, card in hand_parts(hand))
    return f'<div class="mm-caption">{html.escape(worth)}</div><div class="mm-hand-cards">{cards}</div>'


# --- the end of a round ------------------------------------------------------------------------
def results_html(names: list[str], result: dict) -> str:
    """Every hand as the round ended, the cards of the colour chosen for it standing out, with the
    colour, the score's parts, the round's score and the total after it. Each hand is a part ``r{seat}``,
    only looked at: a lesson points at one (assistant/lessons/moemmen.json)."""
    rows = []
    for p, hand in enumerate(result["hands"]):
        colour = result["colours"][p]
        # The cards that do not count for the colour chosen are dimmed (they cost points).
        cards = "".join(f'<div class="{"mm-on" if IS_PLUS[card] and COLOUR_OF[card] == colour else "mm-off"}">'
                        f'{card_box(NAMES[card], lang())}</div>' for card in hand_order(hand))
        badge = ""
        if p in result["complete"]:
            badge = f'<span class="mm-complete">{html.escape(tr("ui.moemmen.completed"))}</span>'
        score = html.escape(tr("ui.moemmen.round_score", score=_signed(result["scores"][p]),
                               total=_number(result["totals"][p])))
        rows.append(f'<div class="mm-result mm-c-{COLOURS[colour]}" data-tap="r{p}"><div class="mm-result-head">'
                    f'<span class="mm-pname">{html.escape(names[p])}</span>{badge}'
                    f'<span class="mm-score">{score}</span></div>'
                    f'<div class="mm-result-cards">{cards}</div>'
                    f'<div class="mm-parts">{html.escape(_parts(hand))}</div></div>')
    return f'<style>{TABLE_CSS}</style><div class="mm-results">{"".join(rows)}</div>'


def _parts(hand: list[int]) -> str:
    """The score's parts in words: "red: +10 · other plus cards: −1 · minus cards: −2 · Tim and Benny: −3"."""
    parts = breakdown(hand)
    colour = words(colour_text(COLOURS.index(parts["colour"])))
    shown = [tr("ui.moemmen.part_colour", colour=colour, points=_signed(parts["colour_points"]))]
    for part in ("other_plus", "minus", "tim_benny"):
        if parts[part]:
            shown.append(tr(f"ui.moemmen.part_{part}", points=_signed(parts[part])))
    return " · ".join(shown)

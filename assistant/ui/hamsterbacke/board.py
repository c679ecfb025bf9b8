"""The Hamsterbacke table as one picture for the tap board: the circle, the side column (status,
buttons, every player) and the hand of the seat that decides.

Parts a tap can choose: ``p0``..``p7`` (the piles), ``c0``..``c6`` (a colour of your hand),
``g{colour}-{n}`` (a card to give), ``s{seat}`` (a player, when choosing who gives) and ``turn``
(your blocking stack). What is tappable is decided in play.py from the legal actions; this
module only draws.
"""

from __future__ import annotations

import html
from pathlib import Path

from assistant.games.hamsterbacke.cards import COLOURS, KINDS, VALUES, blocked_colours
from assistant.ui.common import tr
from assistant.ui.hamsterbacke.pictures import card_svg, circle_svg, phone_card_svg

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")


def shorts() -> list[str]:
    """Each colour's letters in the player's language ("DB", "HB")."""
    return [tr(f"ui.backe.short_{colour}") for colour in COLOURS]


def table_html(names: list[str], labels: list[str], view: dict, seat: int | None, status: str,
               gift_size: int = 0, notes: str = "", hidden: str = "") -> str:
    """The whole table for ``seat`` (None: nobody's hand, a computer opponent or a phone is deciding;
    ``hidden`` says why, instead of the hand). ``gift_size`` > 0: the hand is shown card by card, to
    choose what to give. ``notes`` (a hint, a refusal, ...) go below the buttons, so that they do not
    push the buttons away as they come; so does ``.tb-note``, where the board says why a tapped part
    cannot be used now."""
    letters = shorts()
    circle = circle_svg(view["piles"], view["deck_count"], letters, tr("ui.backe.empty"),
                        tr("ui.backe.deck", count=view["deck_count"]))
    side = (f'<div class="hb-side">{status}<div class="tb-modes"></div><div class="tb-buttons"></div>'
            f'<div class="tb-note"></div>{notes}'
            f'<div class="hb-players">{players_html(names, labels, view, seat, letters)}</div></div>')
    return (f'<style>{TABLE_CSS}</style><div class="hb-table"><div class="hb-circle">{circle}</div>'
            f'<div class="hb-hand">{hand_html(view, seat, letters, gift_size, hidden)}</div>{side}</div>')


def plural(key: str, count: int, **params) -> str:
    """``key`` for many, ``key_one`` for one ("1 set", "2 sets")."""
    return tr(f"{key}_one" if count == 1 else key, count=count, **params)


def hand_html(view: dict, seat: int | None, letters: list[str], gift_size: int, hidden: str,
              phone: bool = False) -> str:
    """The hand of ``seat``, a group per colour (or card by card, to give); ``phone``: its cards drawn
    for a phone, their letters large enough to read at 50 px."""
    card_picture = phone_card_svg if phone else card_svg
    if seat is None or view["hand"] is None:
        return f'<div class="hb-caption">{html.escape(hidden or tr("ui.backe.hands_hidden"))}</div>'
    hand = view["hand"]
    caption = f'<div class="hb-caption">{html.escape(plural("ui.backe.your_hand", sum(hand)))}</div>'
    if not sum(hand):
        return caption
    # Marked in the hand for the eye only: what may be played comes from the legal actions.
    blocked = blocked_colours([shown["blocking"] for shown in view["players"]], seat)
    groups = []
    for card in range(KINDS):
        count = hand[card]
        if not count:
            continue
        if gift_size:
            # One tappable card per copy that could go, at most the gift's size of one colour.
            chips = "".join(f'<div class="hb-chip" data-tap="g{card}-{n}">{card_picture(card, letters[card])}</div>'
                            for n in range(min(count, gift_size)))
            more = f'<span class="hb-count">×{count}</span>'
            groups.append(f'<div class="hb-give-group">{chips}{more}</div>')
            continue
        sets = count // VALUES[card]
        classes = "hb-group" + (" hb-has-set" if sets else "") + (" hb-blocked" if card in blocked else "")
        badge = ""
        if sets:
            badge = f'<span class="hb-badge">{html.escape(plural("ui.backe.sets", sets))}</span>'
        lock = f'<span class="hb-lock">{html.escape(tr("ui.backe.blocked"))}</span>' if card in blocked else ""
        groups.append(f'<div class="{classes}" data-tap="c{card}">{card_picture(card, letters[card])}'
                      f'<div class="hb-count">×{count}</div>{badge}{lock}</div>')
    kind = "hb-give-cards" if gift_size else "hb-groups"
    return f'{caption}<div class="{kind}">{"".join(groups)}</div>'


def players_html(names: list[str], labels: list[str], view: dict, seat: int | None, letters: list[str],
                 phone: bool = False) -> str:
    """Every player: the blocking stack's top card and size, name, counts, the cards known in the hand;
    ``phone``: the top card as a chip of its letters and value, which a 30 px picture is too small for."""
    boxes = []
    for p, shown in enumerate(view["players"]):
        classes = "hb-player" + (" hb-turn" if view["current_player"] == p else "") + (" hb-me" if p == seat else "")
        title = html.escape(names[p]) + (f' <span class="hb-label">{html.escape(labels[p])}</span>' if labels[p]
                                         else "")
        stack = shown["blocking"]
        if stack:
            top = stack[-1]
            mine_to_turn = ' data-tap="turn"' if p == seat else ""
            # The stack's size, not a count of its top card's colour: it may hold several colours.
            size = html.escape(plural("ui.backe.stack_size", len(stack)))
            picture = chip(top, letters) if phone else card_svg(top, letters[top], 30)
            blocking = (f'<div class="hb-stack"{mine_to_turn}>{picture}'
                        f'<span class="hb-stack-size">{size}</span></div>')
        else:
            blocking = '<div class="hb-stack hb-stack-empty">–</div>'
        counts = html.escape(tr("ui.backe.counts", hand=shown["hand_count"], score=shown["score_count"]))
        known = ""
        if p != seat and any(shown["known"]):
            chips = " ".join(chip(c, letters, f"×{n}") for c, n in enumerate(shown["known"]) if n)
            known = f'<div class="hb-known">{html.escape(tr("ui.backe.known"))}: {chips}</div>'
        boxes.append(f'<div class="{classes}" data-tap="s{p}">{blocking}<div class="hb-pinfo">'
                     f'<div class="hb-pname">{title}</div><div class="hb-pcounts">{counts}</div>{known}</div></div>')
    return "".join(boxes)


def chip(card: int, letters: list[str], count: str = "") -> str:
    """A card as a small coloured label of its letters and value ("DB2"), and a count if given ("DB2×3")."""
    return (f'<span class="hb-known-chip hb-k-{COLOURS[card]}">{html.escape(letters[card])}{VALUES[card]}'
            f'{count}</span>')

"""The Hamsterdam table as one picture for the tap board: what happens now in words at the top, the
dam of the player who decides drawn big (cards in order, hamster stacks on them, specials on top,
flood tokens, flipped cards), beside it the roll, the buttons and every player's pile and dam
total against the end threshold, and the other dams compact below.

Parts a tap can choose: ``c{seat}-{pos}`` (a dam card), ``p{seat}-{pos}-{piece}`` (a kind of piece
on a card), ``h{value}`` / ``l{value}`` / ``r{value}`` (a dam card held: to lay, to pass, to pass
left or right), ``k{n}`` (a special offered), ``m-{piece}`` (a hamster moving inward in a breach),
``a{face}`` / ``b{face}`` (the faces of real dice). What is tappable is decided in play.py from
the legal actions; this module only draws.
"""

from __future__ import annotations

import html
from collections import Counter
from pathlib import Path

from assistant.games.hamsterdam.cards import HAMSTER, card_of, special_name
from assistant.ui.common import tr
from assistant.ui.hamsterdam.pictures import dam_card_svg, piece_chip, stack_counts, token_svg
from assistant.ui.pictures import die_svg

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")
CSS_SLOT = f"<style>{TABLE_CSS}</style>"
T = "ui.hamsterdam"


def esc(text: str) -> str:
    return html.escape(str(text))


def table_html(names: list[str], labels: list[str], view: dict, focus: int, status: str, extra: str,
               notes: str) -> str:
    """The whole table as one piece of markup (a replay, the end); the arguments are ``table_parts``'."""
    frame, slots = table_parts(names, labels, view, focus, status, extra, notes)
    return filled(frame, slots)


def table_parts(names: list[str], labels: list[str], view: dict, focus: int, status: str, extra: str,
                notes: str) -> tuple[str, dict[str, str]]:
    """The table as the tap board takes it: a frame and its slots. ``focus`` is the seat whose dam is drawn
    big (the one deciding); ``extra`` what the decision needs besides the dams (cards to pass or lay,
    specials to keep, dice to enter); ``notes`` (a hint, a refusal) go below the buttons, so that they do
    not push them away.

    The frame is small and names only where things go (whose dam is big, the phase); every dam, the roll,
    the piles and the style sheet are slots, which the browser keeps: a decision sends the few that changed
    (a late table is 50 KB, of which a roll changes the roll, the piles and a line or two)."""
    slots = {"css": CSS_SLOT, "status": status, "extra": extra, "roll": _roll(view) or _start_rolls(names, view),
             "notes": notes, "piles": _piles(names, view)}
    for seat in range(view["num_players"]):
        slots[f"dam{seat}"] = _dam(names, labels, view, seat, big=seat == focus)
    return _frame(view, focus), slots


def _frame(view: dict, focus: int) -> str:
    acting = _acting(view)

    def player(seat: int, size: str) -> str:
        return f'<div class="hd-player hd-{size}{" hd-turn" if acting == seat else ""}" data-slot="dam{seat}"></div>'

    others = "".join(player(seat, "small") for seat in range(view["num_players"]) if seat != focus)
    # data-tap "piles": only looked at, a part a lesson can point at (the flood piles, the score)
    return (f'<div hidden data-slot="css"></div><div class="hd-table hd-phase-{view["phase"]}">'
            f'<div class="hd-status" data-slot="status"></div>'
            f'<div class="hd-main">{player(focus, "big")}<div class="hd-slot" data-slot="extra"></div></div>'
            f'<div class="hd-side"><div class="hd-slot" data-slot="roll"></div><div class="tb-modes"></div>'
            f'<div class="tb-buttons"></div><div class="tb-note"></div><div class="hd-slot" data-slot="notes"></div>'
            f'<div class="hd-piles" data-tap="piles" data-slot="piles"></div></div>'
            f'<div class="hd-others">{others}</div></div>')


def filled(frame: str, slots: dict[str, str]) -> str:
    """The frame with each slot's markup in its element (each slot's element is empty in the frame)."""
    for name, markup in slots.items():
        frame = frame.replace(f'data-slot="{name}">', f'data-slot="{name}">{markup}', 1)
    return frame


def _dam(names: list[str], labels: list[str], view: dict, seat: int, *, big: bool) -> str:
    """What a player's box holds (the box itself is the frame's: big or small, whose turn)."""
    shown = view["players"][seat]
    label = f' <span class="hd-label">{esc(labels[seat])}</span>' if labels[seat] else ""
    counts = esc(tr(f"{T}.player_counts", pile=shown["pile"], dam=shown["dam_tokens"], total=shown["score"],
                    hamsters=shown["hamsters"]))
    head = f'<div class="hd-head"><span class="hd-name">{esc(names[seat])}</span>{label}' \
           f'<span class="hd-counts">{counts}</span></div>'
    flood = view["flood"]
    cards = []
    stood_any = False
    for pos, card in enumerate(shown["dam"]):
        flooding = flood is not None and flood["player"] == seat and flood["at"] == pos
        stack = "".join(piece_chip(piece, count, tap=f"p{seat}-{pos}-{piece}")
                        for piece, count in stack_counts(card["pieces"]))
        if shown["hand"] and shown["before"]:  # redeployment: what stood here and is not back yet, faint
            stood = _stood(shown["before"][pos], card["pieces"])
            stack, stood_any = stood + stack, stood_any or bool(stood)
        tokens = ""
        if card["tokens"]:
            tokens = f'<div class="hd-tokens">{token_svg(18)}<b>{card["tokens"]}</b></div>'
        number = f'<div class="hd-posno">{pos + 1}</div>'  # the position the log and the hints name
        if flooding:  # said in words too: the blue ring alone would read like the hint's
            number = f'<div class="hd-posno hd-flood-word">{esc(tr(f"{T}.flood_here"))}</div>'

        cards.append(f'<div class="hd-pos{" hd-flooding" if flooding else ""}"><div class="hd-stack">{stack}</div>'
                     f'<div class="hd-card" data-tap="c{seat}-{pos}">{dam_card_svg(card["value"], card["flipped"])}'
                     f'{tokens}</div>{number}</div>')
    if not cards:  # still arranging: nothing laid yet
        cards.append(f'<div class="hd-empty">{esc(tr(f"{T}.no_cards_yet"))}</div>')
    reserve = _pieces_line(f"{T}.reserve", shown["reserve"])
    hand = _pieces_line(f"{T}.to_place", shown["hand"], "hd-hand") if shown["hand"] else ""
    if hand and stood_any and big:
        hand += f'<div class="hd-line hd-stood-note">{esc(tr(f"{T}.stood_before"))}</div>'
    return f'{head}<div class="hd-dam">{"".join(cards)}</div>{hand}{reserve}'


def _stood(before: list[str], now: list[str]) -> str:
    """The pieces that stood on a card as the round ended and are not on it again: faint, not tappable."""
    missing = Counter(before) - Counter(now)
    chips = "".join(piece_chip(piece, count) for piece, count in stack_counts(list(missing.elements())))
    return f'<div class="hd-stood">{chips}</div>' if chips else ""


def _pieces_line(key: str, pieces: list[str], kind: str = "") -> str:
    """The reinforcement pile (or the pieces still to place, ``kind`` "hd-hand": a phone leaves them
    out while the buttons that choose them show them) in words: "hamster ×3, Blobster"."""
    if not pieces:
        return ""
    words = []
    for piece, count in stack_counts(pieces):
        name = tr(f"{T}.hamster") if piece == HAMSTER else special_name(card_of(piece))
        if piece.startswith("turned:"):
            name = tr(f"{T}.turned", name=name)
        words.append(f"{name} ×{count}" if count > 1 or piece == HAMSTER else name)
    return f'<div class="hd-line{" " + kind if kind else ""}">{esc(tr(key, pieces=", ".join(words)))}</div>'


def round_and_turn(view: dict) -> tuple[int, int]:
    """The round and the turn in it (from 1) the table is in. The engine counts a turn once its floods
    are resolved: the movement phase after it (and the specials used instead of a move) still belong to
    the turn just played, not to the next one (after a round's last turn: not yet to the next round)."""
    index = view["turns"]
    if index and (view["phase"] == "move" or view["window"] == "skip"):
        index -= 1
    return index // view["turns_per_round"] + 1, index % view["turns_per_round"] + 1


def _acting(view: dict) -> int | None:
    if view["deciding"] is not None:
        return view["deciding"]
    return view["roller"] if view["phase"] in ("roll", "reroll") else None


def _roll(view: dict) -> str:
    """The dice of the roll being resolved, and its value for each player where Mobster changed it."""
    if not view["dice"] or view["phase"] in ("pass", "arrange", "keep", "start_roll", "place"):
        return ""
    dice = "".join(die_svg(face, 46) for face in view["dice"])
    # Between turns (a roll to come, the movement phase) the dice show the last roll.
    between = view["phase"] in ("roll", "move", "over") or view["window"] == "skip"
    key = "last_roll" if between else "roll_value"
    words = tr(f"{T}.{key}", value=view["value"] or sum(view["dice"]))
    second = ""
    if view["second"]:
        second = f'<div class="hd-second">{esc(tr(f"{T}.second_roll"))} ' + \
                 "".join(die_svg(face, 30) for face in view["second"]) + "</div>"
    return f'<div class="hd-roll">{dice}<span class="hd-value">{esc(words)}</span>{second}</div>'


def _start_rolls(names: list[str], view: dict) -> str:
    """While the start player is rolled for: each start roll made so far (dice and sum, as the last roll
    is shown later); then, while the hamsters are first placed, who starts (one line: on a phone on its
    side the dam to place on needs the screen)."""
    placing = view["phase"] == "place" and not view["turns"]
    if not (view["phase"] == "start_roll" or placing):
        return ""
    rows = [] if placing else [
        f'<div class="hd-roll">{"".join(die_svg(face, 46) for face in dice)}<span class="hd-value">'
        f'{esc(tr(f"{T}.start_rolled", name=names[seat], value=view["start_rolls"][seat]))}</span></div>'
        for seat, dice in enumerate(view["start_dice"]) if dice]
    if view["start_player"] is not None:
        rows.append(f'<div class="hd-line"><b>{esc(tr(f"{T}.starts", name=names[view["start_player"]]))}</b></div>')
    if not rows:
        return ""
    return f'<div class="hd-start">{"".join(rows)}</div>'


def _piles(names: list[str], view: dict) -> str:
    """Every player's flood pile, tokens on the dam and total (the fewest wins), the supply, and the
    piles together against the number that ends the game."""
    rows = "".join(f'<tr{" class=hd-me" if view["me"] == seat else ""}><td class="hd-pname">{esc(names[seat])}</td>'
                   f'<td>{shown["pile"]}</td><td>{shown["dam_tokens"]}</td><td><b>{shown["score"]}</b></td>'
                   f'<td>{shown["hamsters"]}</td></tr>' for seat, shown in enumerate(view["players"]))
    columns = ("name", "pile", "dam", "total", "hamsters")
    head = "".join(f"<th>{esc(tr(f'{T}.col_{column}'))}</th>" for column in columns)
    # Reached during a turn (breaches keep coming): that turn is finished first, then the game ends.
    reached = view["tokens_in_piles"] >= view["end_tokens"] and view["phase"] != "over"
    key = "threshold_reached" if reached else "threshold"
    if view["exhausted"]:  # a token was needed and the supply was empty: the end, before the piles reach it
        key = "supply_ended" if view["phase"] == "over" else "supply_out"
    progress = tr(f"{T}.{key}", tokens=view["tokens_in_piles"], end=view["end_tokens"])
    turn = tr(f"{T}.round_turn", turn=round_and_turn(view)[1], turns=view["turns_per_round"])
    supply = tr(f"{T}.supply", count=view["supply"])
    bar = min(100, round(100 * view["tokens_in_piles"] / view["end_tokens"]))
    widths = "".join(f'<col style="width:{width}%">' for width in (26, 16, 16, 17, 25))
    return (f'<table><colgroup>{widths}</colgroup><tr>{head}</tr>{rows}</table>'
            f'<div class="hd-bar"><i style="width:{bar}%"></i></div><div class="hd-line"><b>{esc(progress)}</b></div>'
            f'<div class="hd-line">{esc(supply)} · {esc(turn)}</div>')


# --- what a decision needs besides the dams ------------------------------------------------------
def _extra_box(caption: str, body: str) -> str:
    return f'<div class="hd-extra"><div class="hd-line"><b>{esc(caption)}</b></div>{body}</div>'


def held_cards(values: list[int], prefix: str, caption: str) -> str:
    """The dam cards a player holds, each value once as a part ``{prefix}{value}`` under a caption; a
    value held twice (passed cards) says so on the card ("×2"), for a tap lays one of them."""
    counts = Counter(values)
    cards = "".join(f'<div class="hd-card hd-held" data-tap="{prefix}{value}">{dam_card_svg(value)}'
                    + (f'<div class="hd-count">×{counts[value]}</div>' if counts[value] > 1 else "") + "</div>"
                    for value in counts)
    return _extra_box(caption, f'<div class="hd-row">{cards}</div>')


def offered_specials(offered: list[str], caption: str) -> str:
    """The specials dealt to the player (theirs alone), each with its effect, parts ``k{n}``."""
    cards = "".join(f'<div class="hd-offer" data-tap="k{n}"><b>{esc(special_name(name))}</b>'
                    f'<span>{esc(tr(f"hamsterdam.special.{name}.effect"))}</span></div>'
                    for n, name in enumerate(offered))
    return _extra_box(caption, f'<div class="hd-offers">{cards}</div>')


def moving_pieces(pieces: list[str], caption: str) -> str:
    """The hamsters a breach moves inward, one of which is lost: parts ``m-{piece}``."""
    chips = "".join(piece_chip(piece, count, tap=f"m-{piece}") for piece, count in stack_counts(pieces))
    return _extra_box(caption, f'<div class="hd-row">{chips}</div>')


def dice_entry(caption: str) -> str:
    """Two rows of die faces, one per die: a face of each is a real roll (parts ``a{face}``, ``b{face}``)."""
    rows = "".join(f'<div class="hd-row hd-dice"><span class="hd-die-name">{esc(tr(f"{T}.die", n=n + 1))}</span>'
                   + "".join(f'<div class="hd-die" data-tap="{row}{face}">{die_svg(face, 44)}</div>'
                             for face in range(1, 7)) + "</div>"
                   for n, row in enumerate("ab"))
    return _extra_box(caption, rows)

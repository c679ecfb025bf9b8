"""Mömmen's card pictures: every card draws as well-formed SVG without ids, shows its value, its
colour's symbol and as many tufts as points, names Tim and Benny in the player's language, and
refuses a card that does not exist."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from assistant import i18n
from assistant.ui.moemmen import pictures
from assistant.ui.moemmen.app import picture
from assistant.ui.moemmen.pictures import card_back_svg, card_box, card_label, card_svg, colour_of, tile_svg

SVG = "{http://www.w3.org/2000/svg}"
# The contract's names, written out here rather than taken from the module under test.
EXPECTED = ({f"{colour}+{value}" for colour in ("red", "yellow", "green", "blue") for value in (1, 2, 3, 4)}
            | {f"{colour}-{value}" for colour in ("red", "yellow", "green", "blue") for value in (2, 3)}
            | {"tim", "benny"})


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def assert_no_ids(svg: str) -> None:
    """Many cards share one page: an id would be repeated, so there are none at all."""
    assert not re.search(r"\sid\s*=", svg)
    assert all("id" not in element.attrib for element in parsed(svg).iter())


def test_the_pictures_cover_the_26_distinct_cards():
    # Four colours of +1..+4, -2 and -3 (24), Tim and Benny: 26.
    assert set(pictures.CARDS) == EXPECTED and len(pictures.CARDS) == 26


@pytest.mark.parametrize("card", sorted(EXPECTED))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_is_well_formed_svg_without_ids(card, lang):
    svg = card_svg(card, lang)
    root = parsed(svg)
    assert_no_ids(svg)
    assert root.get("viewBox") == "0 0 100 140" and root.get("role") == "img"
    assert root.get("aria-label") == card_label(card, lang)


@pytest.mark.parametrize("card", sorted(EXPECTED - {"tim", "benny"}))
def test_a_colour_card_shows_its_value_in_two_corners_its_symbol_and_that_many_tufts(card):
    colour, sign, points = card[:-2], card[-2], int(card[-1])
    shown = ("+" if sign == "+" else "\u2212") + str(points)
    svg = card_svg(card)
    assert texts(parsed(svg)).count(shown) == 2
    assert pictures.SYMBOLS[colour] in svg
    assert not any(pictures.SYMBOLS[other] in svg for other in pictures.COLOURS if other != colour)
    assert svg.count('class="mm-tuft"') == points
    assert colour_of(card) == colour


def test_plus_and_minus_cards_of_one_colour_look_different():
    # A shorn sheep is pink and its card has a white middle; a woolly one is the colour itself.
    plus, minus = card_svg("red+2"), card_svg("red-2")
    assert "#f7c6c7" in minus and "#f7c6c7" not in plus
    assert pictures.CARD_COLOURS["red"].light in plus and pictures.CARD_COLOURS["red"].light not in minus


def test_the_four_colours_differ_in_fill_and_symbol():
    palettes = [pictures.CARD_COLOURS[colour] for colour in pictures.COLOURS]
    assert len({palette.main for palette in palettes}) == 4
    assert len({pictures.SYMBOLS[colour] for colour in pictures.COLOURS}) == 4


@pytest.mark.parametrize(("lang", "tim", "benny"), [("en", "the Shearer", "the Village Dog"),
                                                    ("de", "der Scherer", "der Dorfhund")])
def test_tim_and_benny_carry_their_names_in_the_players_language(lang, tim, benny):
    assert texts(parsed(card_svg("tim", lang))) == ["Tim", tim]
    assert texts(parsed(card_svg("benny", lang))) == ["Benny", benny]
    assert colour_of("tim") is None and colour_of("benny") is None


def test_screen_readers_hear_the_card_in_the_players_language():
    assert card_label("red+3") == i18n.t("card.moemmen.plus", colour="red", value=3)
    assert card_label("blue-2", "de") == i18n.t("card.moemmen.minus", "de", colour=i18n.t("card.moemmen.blue", "de"),
                                                value=2)
    assert card_label("benny", "de") == i18n.t("card.moemmen.benny", "de")
    assert card_label("red+3") != card_label("red+3", "de")


@pytest.mark.parametrize("card", ["red+5", "red+0", "red-1", "red-4", "purple+1", "Tim", "", "red3", " red+3",
                                  "red+3 ", "blue--2", None, 3])
def test_an_unknown_card_is_refused(card):
    with pytest.raises(ValueError, match="no Mömmen card"):
        card_svg(card)
    with pytest.raises(ValueError, match="no Mömmen card"):
        colour_of(card)


def test_width_sets_the_size_and_none_leaves_it_to_css():
    sized = parsed(card_svg("green+4", width=60))
    assert (sized.get("width"), sized.get("height")) == ("60", "84")
    free = parsed(card_svg("green+4"))
    assert free.get("width") is None and free.get("height") is None
    assert parsed(card_back_svg(width=120)).get("height") == "168"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_back_is_face_down(lang):
    svg = card_back_svg(lang)
    root = parsed(svg)
    assert_no_ids(svg)
    assert texts(root) == []  # it tells nothing about the card
    assert root.get("aria-label") == {"en": "a face-down card", "de": "eine verdeckte Karte"}[lang]


def test_a_card_box_is_a_tappable_part_for_the_tap_board():
    box = card_box("yellow+1", "de", width=90, tap="h3")
    assert box.startswith('<div class="mm-card" style="line-height:0;width:90px" data-tap="h3">')
    assert card_svg("yellow+1", "de") in box
    assert "data-tap" not in card_box(None) and card_back_svg() in card_box(None)
    # The part's id is the page's, not a player's, but it is escaped all the same.
    assert 'data-tap="a&quot;b"' in card_box("tim", tap='a"b')


def test_a_whole_hand_on_one_page_stays_well_formed():
    page = "<div>" + "".join(card_box(card) for card in sorted(EXPECTED)) + card_box(None) + "</div>"
    assert len(ET.fromstring(page)) == 27


def test_the_cards_stay_small():
    # A hand of six plus five on the table is drawn again on every decision.
    assert max(len(card_svg(card)) for card in EXPECTED) < 6000


def test_home_shows_the_cards_style():
    svg = picture()  # what Home shows: the picture of its app side
    assert svg == tile_svg()
    assert_no_ids(svg)
    assert {"+3", "+4", "\u22122"} <= set(texts(parsed(svg)))

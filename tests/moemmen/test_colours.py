"""Mömmen's colours: the name a card has in every text and the colour it is drawn in agree (an audit saw
the "red" cards drawn orange)."""

from __future__ import annotations

import colorsys

import pytest

from assistant.ui.moemmen.pictures import CARD_COLOURS

# Hues in degrees, as a player names them.
HUES = {"red": (345, 15), "yellow": (45, 65), "green": (120, 175), "blue": (190, 225)}


@pytest.mark.parametrize("colour", sorted(CARD_COLOURS))
def test_each_colour_is_drawn_in_the_hue_its_name_says(colour):
    red, green, blue = (int(CARD_COLOURS[colour].main[n:n + 2], 16) / 255 for n in (1, 3, 5))
    hue = colorsys.rgb_to_hls(red, green, blue)[0] * 360
    low, high = HUES[colour]
    inside = low <= hue <= high if low < high else hue >= low or hue <= high
    assert inside, f"{colour} is drawn at hue {hue:.0f}°"

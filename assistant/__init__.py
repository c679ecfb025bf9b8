"""Hamster Table: rules engines, bots and score checks for five tabletop games.

The engines are plain Python (no Streamlit). See ``assistant.games`` for the
registry and ``../shared/CONTRACT.md`` for the interface every game offers.
"""

from assistant.errors import IllegalAction

CHANCE = -1
"""``state.current_player`` while a die roll is to be decided."""

TERMINAL = -2
"""``state.current_player`` once the game is over."""

__all__ = ["CHANCE", "TERMINAL", "IllegalAction"]

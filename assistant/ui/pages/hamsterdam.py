"""Hamsterdam: a new game (or the unfinished one to continue), or the game named by ``?game=ID``."""

from assistant.ui.hamsterdam.play import render, rules_in_force
from assistant.ui.hamsterdam.setup import new_game_form
from assistant.ui.widgets import game_page

game_page("hamsterdam", new_game_form, render, rules_in_force)

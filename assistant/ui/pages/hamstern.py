"""Hamstern: a new game (or the unfinished one to continue), or the game named by ``?game=ID``."""

from assistant.ui.hamstern.play import render, rules_in_force
from assistant.ui.hamstern.setup import new_game_form
from assistant.ui.widgets import game_page

game_page("hamstern", new_game_form, render, rules_in_force)

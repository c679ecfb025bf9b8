"""Biber Gang: a new solo game (or the unfinished one to continue), or the game named by ``?game=ID``."""

from assistant.ui.biber_gang.play import render, rules_in_force
from assistant.ui.biber_gang.setup import new_game_form
from assistant.ui.widgets import game_page

game_page("biber_gang", new_game_form, render, rules_in_force)

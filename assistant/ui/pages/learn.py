"""Learn to play: a guided first game of one game on its real board (issue 25; assistant/ui/lesson)."""

from assistant.ui.lesson.page import show_lesson

show_lesson()

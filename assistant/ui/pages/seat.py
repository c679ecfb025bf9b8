"""A seat on a phone: the page a seat link (``/seat?t=TOKEN``) opens."""

from assistant.ui.widgets import seat_page

seat_page()

"""The top bar's links (assistant/ui/components/top_links.py): a tap goes to the page it names, and
only to a page the bar offered; a seat's phone is offered none."""

from __future__ import annotations

import pytest

from tests.components import open_app, send_trigger, tap_top_link, top_links, top_links_element


def current(at) -> str:
    return next(link["name"] for link in top_links(at) if link["current"])


def test_a_tap_goes_to_the_page_named(db):
    at = open_app()
    links = top_links(at)
    assert [link["name"] for link in links][:2] == ["home", "print"] and current(at) == "home"
    assert all(link["href"].startswith("./") and link["href"].endswith("?lang=en") for link in links)
    tap_top_link(at, "history")
    assert not at.exception and current(at) == "history"
    tap_top_link(at, "hamstern")
    assert not at.exception and current(at) == "hamstern"


@pytest.mark.parametrize("forged", ["seat", "learn", "../home", "nothing", 7, None, ["home"]])
def test_a_name_the_bar_did_not_offer_goes_nowhere(db, forged):
    at = open_app()
    tap_top_link(at, "history")
    tap_top_link(at, forged)
    assert not at.exception and current(at) == "history"


def test_a_message_nested_too_deep_to_read_is_one_never_sent(db):
    at = open_app()
    deep = '[{"event": "go", "value": ' + "[" * 5000 + "]" * 5000 + "}]"  # json.loads: RecursionError
    send_trigger(at, top_links_element(at), deep)
    assert not at.exception and current(at) == "home"
    tap_top_link(at, "history")
    assert current(at) == "history"

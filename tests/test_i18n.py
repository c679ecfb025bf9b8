"""Both catalogues hold the same texts with the same blanks to fill in."""

import string

from assistant import i18n


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_catalogues_have_the_same_keys_and_placeholders():
    english, german = i18n.catalogue("en"), i18n.catalogue("de")
    assert set(english) == set(german)
    for key in english:
        assert placeholders(english[key]) == placeholders(german[key]), key
        assert english[key].strip() and german[key].strip(), key


def test_german_is_really_german():
    assert i18n.t("sheet.hamstern.acorns", "de") == "Eicheln"
    assert "Würfel" in i18n.t("error.hamstern.need_exactly", "de", count=3, chosen=2)


def test_unknown_language_is_refused():
    import pytest

    with pytest.raises(ValueError, match="language"):
        i18n.t("sheet.name", "fr")

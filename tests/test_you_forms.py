"""Sentences said of a seat that may be the person's, named "Tú"/"You" (the
game's name for a person nobody named, the lesson's): where the verb agrees
with the name the catalog has the person's own form (``<key>_you``, chosen by
``i18n.you_form``), so the Spanish says "No cumples el contrato", "llevas 11",
"Tú (pujaste 60)", never "Tú no cumple" (issue 33: a newcomer read it)."""

from __future__ import annotations

import re

import pytest

from tute_desktop.app import App
from tute_desktop.game.match import Match, Seat
from tute_desktop.i18n import lookup, tr, translations, you_form
from tute_desktop.ui import scoreboard as SB
from tute_desktop.ui.table import TableScene

NEVER_THE_PERSON = {
    "thinking",  # a bot thinking
    "chron.trick_your_team",  # the person's partner
    "review_gate_note",  # a hot-seat person's own name, before their review
    "champion",  # (not shown: the tournament says champion_is, with no verb)
}
"""Keys whose name is never the person's "you"."""
SUBASTADO = ("panel_contract", "sub_made", "sub_failed", "sub_made_early", "sub_failed_early",
             "summary_bidder", "auction_won", "chron.bid", "chron.bid_pass",
             "chron.trump_named")
"""subastado's sentences that take the bidder's or a bidding seat's name (§12)."""
FIELDS = {"bid": 70, "points": 11, "tricks": 3, "still": 40, "suit": "oros", "card": "x",
          "gave": "x", "took": "y", "total": 101, "round": 2, "partner": "Bot",
          "n": 1, "names": "Bot 1 + Bot 2"}


def _spanish_subject_verbs(text: str) -> list[str]:
    """The words a Spanish sentence conjugates with its ``{name}``: the word
    after it (after "no", "aún", "ya", a comma), and "lleva" in the contract."""
    found = re.findall(r"\{name\},? (?:(?:no|aún|ya|se|le) )*([a-záéíóúñ]+)", text)
    found += re.findall(r"que \{name\} (?:(?:no|aún|ya) )*([a-záéíóúñ]+)", text)
    found += re.findall(r"\{name\}\)?:.*\b(lleva|pujó)\b", text)
    found += re.findall(r"\{name\} \((pujó)", text)
    return found


def _plain_keys() -> list[str]:
    catalog = translations("es")
    keys = getattr(catalog, "_catalog", {})
    return sorted(k for k in keys if isinstance(k, str) and k and "\x04" not in k)


def test_every_spanish_sentence_whose_verb_agrees_with_a_name_has_the_persons_form() -> None:
    keys = [k for k in _plain_keys() if not k.endswith("_you")]
    assert len(keys) > 500  # (the catalog was read)
    missing = []
    for key in keys:
        text = lookup("es", key) or ""
        if key in NEVER_THE_PERSON or not _spanish_subject_verbs(text):
            continue
        if lookup("es", f"{key}_you") is None or lookup("en", f"{key}_you") is None:
            missing.append(key)
    assert not missing
    for key in SUBASTADO:
        assert _spanish_subject_verbs(lookup("es", key) or ""), key


@pytest.mark.parametrize("key", SUBASTADO)
def test_no_subastado_sentence_puts_tu_before_a_third_person_verb(key: str) -> None:
    verbs = _spanish_subject_verbs(lookup("es", key) or "")
    for name in ("Tú", "You"):  # (a seat named in English, shown in Spanish: the same person)
        chosen = you_form("es", key, name)
        assert chosen == f"{key}_you"
        said = tr("es", chosen, name="Tú", **FIELDS)
        for verb in verbs:
            assert not re.search(rf"\b{verb}\b", said), (key, said)
    assert you_form("es", key, "Ana") == key  # a name: the third person, as it was
    assert you_form("en", key, "You") == f"{key}_you"


def _bid_by(match: Match, bidder: int, bid: int) -> None:
    from window_helpers import bid_by
    bid_by(match, bidder, bid)


def test_the_persons_contract_is_said_to_them_on_the_panel_and_in_the_summary(app: App) -> None:
    app.settings = app.settings.with_(language="es")
    match = Match("subastado", [Seat("Tú"), Seat("Bot 1", "random"), Seat("Bot 2", "random")],
                  seed=3)
    _bid_by(match, 0, 60)
    st = match.state
    match.apply(st.legal_actions()[0])
    table = TableScene(app, match)
    app.reset_to(table)
    note = table.hud.panel_note(st)
    assert note == tr("es", "panel_contract_you", bid=60, points=st.points[0])
    assert "llevas" in note and " lleva " not in note
    while st.outcome is None:
        match.apply(st.legal_actions()[0])
    lines = SB.contract_lines(app, match, st.outcome, ["Tú", "Bot 1", "Bot 2"])
    assert not any(re.search(r"\bTú (no )?(cumple|llegó)\b", line) for line in lines)
    assert lines[0].startswith(("Cumples", "No cumples"))

"""Every refusal the engine can give, in both languages: the engine raises a code
and parameters (RULES §3-§11), the catalog gives the sentence (issue: "a player in
English mode is told 'debes asistir'" must never happen again)."""

from __future__ import annotations

import random
import re

import pytest

from tute_desktop.engine import IllegalActionError, find_variant, new_game
from tute_desktop.engine.actions import Action
from tute_desktop.engine.errors import SECTIONS
from tute_desktop.engine.state import PLAYING
from tute_desktop.i18n import lookup, refusal, refusal_key

ACTIONS = [Action.parse(t) for t in (
    [f"play {r}{s}" for s in "oceb" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
    + [f"swap {r}{s}" for s in "oceb" for r in (2, 7, 1)]
    + [f"sing 20 {s}" for s in "oceb"]
    + ["sing 40", "sing tute 12", "sing tute 11", "capote", "claim 101", "pass", "throw"]
    # subastado's auction (§12): off the step, below the floor, at the top and
    # above it, and naming trump.
    + ["bid 62", "bid 55", "bid 60", "bid 230", "bid 235", "trump e"])]

CONFIGS = [
    ("habanero", None), ("habanero", {"claim": "manual", "declare_until": "stock_gt_2"}),
    ("corriente", None), ("boricua", None), ("tres", {"throw_in": True}),
    ("tres", {"undertrump": True}), ("parejas", {"throw_in": True}),
    ("parejas", {"cantes_per_trick": "all"}), ("cuatro", {"undertrump": True}),
    ("subastado", None), ("subastado", {"auction": "one_round", "min_bid": 70}),
]

FROM_THE_API_ONLY = {"next_round_not_yet", "wrong_dealer", "not_now", "not_your_turn",
                     "bid_after_passing"}
"""Codes that ``State.apply`` never gives: ``start_next_round`` at the wrong moment
or with the wrong dealer, a catch-all no action reaches, and a seat that is not
the one to act (``State.illegal(action, seat)``: tests/test_rules_subastado.py)."""

ENGLISH_HINTS = re.compile(r"\b(you|the|must|your|only)\b", re.I)
SPANISH_HINTS = re.compile(r"\b(debes|tienes|solo|se|el|la|de)\b", re.I)


def collect_refusals() -> dict[str, IllegalActionError]:
    """One real refusal per code, from random matches of every variant."""
    found: dict[str, IllegalActionError] = {}
    for variant, options in CONFIGS:
        rules = find_variant(variant, options)
        for seed in range(25):
            rng = random.Random(seed)
            st = new_game(rules, seed=seed)
            for _ in range(3):
                while st.phase is PLAYING:
                    legal = set(st.legal_actions())
                    for action in ACTIONS:
                        if action in legal:
                            continue
                        try:
                            st.apply(action)
                        except IllegalActionError as e:
                            found.setdefault(e.code, e)
                        else:  # pragma: no cover
                            raise AssertionError(f"{action} applied though not legal")
                    st.apply(rng.choice(sorted(legal, key=str)))
                for action in ACTIONS[:3]:
                    with pytest.raises(IllegalActionError) as info:
                        st.apply(action)
                    found.setdefault(info.value.code, info.value)
                if st.phase is not PLAYING and st.outcome and st.outcome.match_winner is None:
                    st.start_next_round(seed=seed)
                else:
                    break
    return found


@pytest.fixture(scope="module")
def refusals() -> dict[str, IllegalActionError]:
    return collect_refusals()


def test_every_code_is_reached_by_some_refused_action(
        refusals: dict[str, IllegalActionError]) -> None:
    missing = set(SECTIONS) - FROM_THE_API_ONLY - set(refusals)
    assert not missing, f"codes no random match produced: {sorted(missing)}"


@pytest.mark.parametrize("code", sorted(SECTIONS))
def test_every_code_has_its_words_in_both_languages(code: str) -> None:
    samples = {"suit": "c", "trump": "o", "card": "7b", "faceup": "5o", "variant": "tres",
               "rank": 12, "until": "stock", "dealer": 1, "given": 0, "action": "pass",
               "seat": 2}
    error = IllegalActionError(code, **{k: v for k, v in samples.items()
                                        if k in _params_of(code)})
    for lang in ("en", "es"):
        assert lookup(lang, refusal_key(error)) is not None, (lang, code)


def _params_of(code: str) -> set[str]:
    return {
        "not_in_hand": {"card"}, "exchange_not_in_hand": {"card"},
        "must_follow_trump": {"trump"}, "must_follow": {"suit"}, "must_beat": {"suit"},
        "must_trump": {"suit", "trump"}, "must_overtrump": {"trump"},
        "no_tute": {"variant"}, "no_exchange": {"variant"}, "no_capote": {"variant"},
        "two_does_not_exchange": {"variant"}, "declarations_over": {"until"},
        "tute_needs_four": {"rank"}, "already_declared": {"suit"},
        "forty_not_twenty": {"suit"}, "pair_not_in_hand": {"suit"},
        "not_exchange_card": {"trump"}, "seven_takes": {"faceup"}, "two_takes": {"faceup"},
        "wrong_dealer": {"dealer", "given"}, "not_now": {"action"},
        "not_your_turn": {"seat"}, "no_auction": {"variant"},
    }.get(code, set())


def test_every_real_refusal_reads_in_each_language_with_its_section(
        refusals: dict[str, IllegalActionError]) -> None:
    for code, error in refusals.items():
        en, es = refusal("en", error), refusal("es", error)
        for text in (en, es):
            assert text.endswith(f"({error.section})"), (code, text)
            assert "{" not in text and "}" not in text, (code, text)
        assert en != es, code
        assert not SPANISH_HINTS.search(en.replace("la vuelta", "")), (code, en)
        assert not ENGLISH_HINTS.search(es), (code, es)


def test_parameters_become_words_of_the_language() -> None:
    error = IllegalActionError("must_follow", suit="c")
    assert refusal("en", error) == "You must follow suit: you hold cups. (§3)"
    assert refusal("es", error) == "Debes asistir a copas: tienes copas. (§3)"
    seven = IllegalActionError("seven_takes", faceup="5o")
    assert "5 of coins" in refusal("en", seven) and "5 de oros" in refusal("es", seven)
    tute = IllegalActionError("no_tute", variant="habanero")
    assert refusal("en", tute, section=False).startswith("Tute habanero has no tute")

"""The Tute Engine Protocol (PROTOCOL.md) through a real engine process:
``python -m tute_desktop.engine`` fed one JSON line at a time.

Every line the engine writes must be a JSON object with ``ok``; every error must
leave the game as it was and the engine reading; end of input exits with 0.
Reads have timeouts, so a silent or dead engine fails a test instead of hanging.
"""

from __future__ import annotations

import json
import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tute_desktop.engine import CARDS, deal_cards, find_variant, new_game
from tute_desktop.engine.serialize import state_json

TIMEOUT = 20.0  # seconds for one response; generous for a shared machine
ENGINE = [sys.executable, "-m", "tute_desktop.engine"]


class Engine:
    """One engine process; responses are read by a thread into a queue."""

    def __init__(self, args: list[str] | None = None, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            args or ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=env,
        )
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr = b""
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.lines.put(raw)
        self.lines.put(None)

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        self.stderr = self.proc.stderr.read()

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read(self) -> dict[str, Any]:
        try:
            raw = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"no response within {TIMEOUT} s") from None
        assert raw is not None, f"the engine closed its output; stderr: {self.stderr!r}"
        assert raw.endswith(b"\n")
        response = json.loads(raw.decode("utf-8"))  # only JSON on standard output
        assert isinstance(response, dict), raw
        assert isinstance(response.get("ok"), bool), raw
        if not response["ok"]:
            assert isinstance(response.get("error"), str) and response["error"].strip(), raw
        return response

    def ask(self, request: dict[str, Any] | str) -> dict[str, Any]:
        line = request if isinstance(request, str) else json.dumps(request)
        self.send_raw(line.encode("utf-8") + b"\n")
        return self.read()

    def ok(self, request: dict[str, Any]) -> dict[str, Any]:
        response = self.ask(request)
        assert response["ok"] is True, response
        return response

    def error(self, request: dict[str, Any] | str) -> str:
        return self.refusal(request)[1]

    def refusal(self, request: dict[str, Any] | str) -> tuple[str | None, str]:
        """(the ``rule`` code, or None, and the ``error`` text) of a refused request."""
        response = self.ask(request)
        assert response["ok"] is False, response
        assert set(response) <= {"ok", "error", "rule", "code"}
        rule = response.get("rule")
        assert rule is None or isinstance(rule, str) and rule, response
        return rule, str(response["error"])

    def state(self) -> dict[str, Any]:
        return self.ok({"cmd": "state"})["state"]  # type: ignore[no-any-return]

    def close(self) -> int:
        """End of input; returns the exit status after checking nothing else came out."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        status = self.proc.wait(timeout=TIMEOUT)
        extra = self.lines.get(timeout=TIMEOUT)
        assert extra is None, f"unrequested output: {extra!r}"
        return status


def refused_unchanged(engine: Engine, request: dict[str, Any] | str) -> str:
    """An error that leaves the state as it was; the engine keeps answering."""
    return refused_rule(engine, request)[1]


def refused_rule(engine: Engine, request: dict[str, Any] | str) -> tuple[str | None, str]:
    """``refused_unchanged``, with the ``rule`` code of the refusal (None if none)."""
    before = engine.state()
    refusal = engine.refusal(request)
    assert engine.state() == before
    return refusal


def cards_text(text: str) -> list[str]:
    return text.split()


# A habanero deal, dealer 1 (seat 0 is mano), face-up 2o: no exchange is possible.
HAB_HANDS = [
    cards_text("1o 3c 4c 5c 6c 7c 10c 11c"),
    cards_text("5o 1e 3e 4e 5e 6e 7e 10e"),
]


def habanero_deal() -> dict[str, Any]:
    used = {c for h in HAB_HANDS for c in h} | {"2o"}
    stock = [str(c) for c in CARDS if str(c) not in used]
    return {"dealer": 1, "hands": HAB_HANDS, "trump": "2o", "stock": stock}


def filled_deal(n: int, k: int, partial: list[str], trump: str, dealer: int) -> dict[str, Any]:
    """3 or 4 hands of k cards: the given cards, the rest in card order."""
    hands = [cards_text(h) for h in partial]
    used = {c for h in hands for c in h} | ({trump} if n == 3 else set())
    rest = [str(c) for c in CARDS if str(c) not in used]
    for h in hands:
        while len(h) < k:
            h.append(rest.pop(0))
    return {"dealer": dealer, "hands": hands, "trump": trump}


# ---------------------------------------------------------------------- tests


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "tute-engine"
    assert script.is_file() and os.access(script, os.X_OK)
    e = Engine([str(script)])
    assert "no game" in e.error({"cmd": "legal"})
    assert e.close() == 0


def test_end_of_input_exits_with_status_zero() -> None:
    e = Engine()
    assert e.close() == 0
    e = Engine()
    e.ok({"cmd": "new", "variant": "tres", "seed": 3})
    e.send_raw(b"\n   \n")  # blank lines are not requests: no response
    assert e.ok({"cmd": "legal"})["seat"] is not None
    assert e.close() == 0


def test_commands_before_new_are_refused(engine: Engine) -> None:
    for request in ({"cmd": "legal"}, {"cmd": "act", "action": "play 1o"}, {"cmd": "state"},
                    {"cmd": "view", "seat": 0}, {"cmd": "next"}):
        assert "new" in engine.error(request), request
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 1})


@pytest.mark.parametrize("variant",
                         ["habanero", "corriente", "boricua", "tres", "parejas", "cuatro"])
def test_new_with_seed_deals_as_the_library(engine: Engine, variant: str) -> None:
    response = engine.ok({"cmd": "new", "variant": variant, "seed": 2024})
    expected = state_json(new_game(find_variant(variant), seed=2024))
    assert response["state"] == expected
    assert isinstance(response["events"], list) and response["events"][0]["type"] == "deal"
    st = response["state"]
    assert st["variant"] == variant and st["phase"] == "play" and st["round"] == 1
    rules = find_variant(variant)
    assert [len(h) for h in st["hands"]] == [rules.hand_size] * rules.players
    assert engine.state() == expected
    # The same seed deals the same again.
    assert engine.ok({"cmd": "new", "variant": variant, "seed": 2024})["state"] == expected


def test_new_with_options_reports_them_filled_in(engine: Engine) -> None:
    st = engine.ok({"cmd": "new", "variant": "habanero", "seed": 5,
                    "options": {"stock_rules": "strict"}})["state"]
    assert st["options"]["stock_rules"] == "strict"
    assert st["options"]["claim"] == "auto"
    message = refused_unchanged(engine, {"cmd": "new", "variant": "habanero",
                                         "options": {"nonsense": 1}})
    assert "nonsense" in message
    message = refused_unchanged(engine, {"cmd": "new", "variant": "habanero",
                                         "options": {"stock_rules": "loose"}})
    assert "stock_rules" in message
    assert "variant" in refused_unchanged(engine, {"cmd": "new", "variant": "mus"})


def test_new_with_an_explicit_deal(engine: Engine) -> None:
    deal = habanero_deal()
    response = engine.ok({"cmd": "new", "variant": "habanero", "deal": deal})
    st = response["state"]
    assert st["dealer"] == 1 and st["to_act"] == 0
    assert [sorted(h) for h in st["hands"]] == [sorted(h) for h in HAB_HANDS]
    assert st["trump_suit"] == "o" and st["trump_card"] == "2o"
    assert st["stock"] == deal["stock"] + ["2o"], "stock top first, face-up card last"
    assert st["stock_count"] == 24
    # tres: the compulsory exchanges are reported as events (RULES §8).
    deal3 = filled_deal(3, 13, ["7o", "", ""], "1o", dealer=2)
    response = engine.ok({"cmd": "new", "variant": "tres", "deal": deal3})
    swaps = [e for e in response["events"] if e["type"] == "swap"]
    assert swaps and swaps[0] == {"type": "swap", "seat": 0, "gave": "7o", "took": "1o"}
    assert "1o" in response["state"]["hands"][0]
    # parejas: the dealer's shown card stays in hand.
    deal4 = filled_deal(4, 10, ["", "", "", "3b"], "3b", dealer=3)
    st = engine.ok({"cmd": "new", "variant": "parejas", "deal": deal4})["state"]
    assert st["trump_suit"] == "b" and "3b" in st["hands"][3] and st["to_act"] == 0


def test_s13_cuatro_new_with_a_deal_and_its_state(engine: Engine) -> None:
    # PROTOCOL 1.2: cuatro deals like parejas, four hands of 10, the trump card in
    # the dealer's hand; each seat is its own side, totals are piedras (RULES §13).
    deal = filled_deal(4, 10, ["", "", "7c", "3c"], "3c", dealer=3)
    response = engine.ok({"cmd": "new", "variant": "cuatro", "deal": deal})
    st = response["state"]
    assert [e["type"] for e in response["events"]] == ["deal"]
    assert st["variant"] == "cuatro" and st["options"]["target"] == 3
    assert st["trump_suit"] == "c" and st["trump_card"] is None and "3c" in st["hands"][3]
    assert st["to_act"] == 0 and st["stock_count"] == 0
    assert st["sides"] == 4 and st["totals"] == [0, 0, 0, 0]
    assert st["round_points"] == [0, 0, 0, 0]
    assert not any(a.startswith("swap") for a in engine.ok({"cmd": "legal"})["actions"])
    view = engine.ok({"cmd": "view", "seat": 0})["view"]
    assert view["known_cards"][3] == ["3c"], "the dealer's shown card is known to all"
    rng = random.Random(4)
    while st["phase"] == "play":
        st = engine.ok({"cmd": "act", "action": rng.choice(
            engine.ok({"cmd": "legal"})["actions"])})["state"]
    assert st["round_winner"] in range(4) and sorted(st["totals"]) in ([0, 1, 1, 1],
                                                                       [0, 2, 2, 2])
    st = engine.ok({"cmd": "next", "seed": 3})["state"]
    assert st["dealer"] == 0 and st["phase"] == "play"


def test_legal_act_state_and_view(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "deal": habanero_deal()})
    legal = engine.ok({"cmd": "legal"})
    assert legal["seat"] == 0
    assert sorted(legal["actions"]) == sorted(f"play {c}" for c in HAB_HANDS[0])
    response = engine.ok({"cmd": "act", "action": "play 1o"})
    assert response["events"] == [{"type": "play", "seat": 0, "card": "1o"}]
    assert response["state"] == engine.state()
    assert response["state"]["trick"] == [{"seat": 0, "card": "1o"}]
    # Arrastre: seat 1 must answer the trump lead with its only trump.
    assert engine.ok({"cmd": "legal"}) == {"ok": True, "seat": 1, "actions": ["play 5o"]}
    view = engine.ok({"cmd": "view", "seat": 1})["view"]
    assert view["seat"] == 1 and sorted(view["hand"]) == sorted(HAB_HANDS[1])
    assert view["legal"] == ["play 5o"]
    assert view["hand_sizes"] == [7, 8]
    text = json.dumps(view)
    for card in HAB_HANDS[0][1:]:
        assert f'"{card}"' not in text, f"seat 1's view shows seat 0's {card}"
    assert "hands" not in view and "stock" not in view
    response = engine.ok({"cmd": "act", "action": "play 5o"})
    kinds = [e["type"] for e in response["events"]]
    assert kinds == ["play", "trick", "draw", "draw"]
    assert response["events"][1]["winner"] == 0 and response["events"][1]["points"] == 11
    st = response["state"]
    assert st["round_points"] == [11, 0] and st["stock_count"] == 22
    assert st["hands"][0] and len(st["hands"][0]) == len(st["hands"][1]) == 8
    # A seat's view never shows what the other seat drew.
    view0 = engine.ok({"cmd": "view", "seat": 0})["view"]
    drawn_by_1 = response["events"][3]["card"]
    assert f'"{drawn_by_1}"' not in json.dumps(view0)
    assert "view" in engine.error({"cmd": "view", "seat": 2})
    assert "view" in engine.error({"cmd": "view"})


@pytest.mark.parametrize(("variant", "seed"), [("habanero", 11), ("corriente", 12),
                                                ("boricua", 13), ("tres", 14), ("parejas", 15),
                                                ("cuatro", 16)])
def test_a_random_round_to_the_end_then_next(engine: Engine, variant: str, seed: int) -> None:
    rng = random.Random(seed)
    st = engine.ok({"cmd": "new", "variant": variant, "seed": seed})["state"]
    for _ in range(500):
        if st["phase"] != "play":
            break
        legal = engine.ok({"cmd": "legal"})
        assert legal["seat"] == st["to_act"] and legal["actions"]
        response = engine.ok({"cmd": "act", "action": rng.choice(legal["actions"])})
        assert response["events"]
        st = response["state"]
    assert st["phase"] in ("round_over", "match_over")
    assert engine.ok({"cmd": "legal"}) == {"ok": True, "seat": None, "actions": []}
    rule, _ = refused_rule(engine, {"cmd": "act", "action": "pass"})
    assert rule == st["phase"]  # round_over or match_over
    if st["phase"] == "match_over":
        assert "match" in refused_unchanged(engine, {"cmd": "next"})
        return
    assert st["round_winner"] is not None or st["reason"] == "throw_in"
    response = engine.ok({"cmd": "next"})
    assert response["events"][0]["type"] == "deal"
    new = response["state"]
    assert new["phase"] == "play" and new["round"] == st["round"] + 1
    assert new["totals"] == st["totals"]
    assert engine.state() == new


def test_next_with_a_seed_or_a_deal(engine: Engine) -> None:
    rules = find_variant("tres")
    engine.ok({"cmd": "new", "variant": "tres", "seed": 4})
    rng = random.Random(4)
    st = engine.state()
    while st["phase"] == "play":
        st = engine.ok({"cmd": "act",
                        "action": rng.choice(engine.ok({"cmd": "legal"})["actions"])})["state"]
    assert st["phase"] == "round_over"
    dealer = (st["dealer"] + 1) % 3
    wrong = deal_cards(rules, (dealer + 1) % 3, random.Random(1)).to_json()
    assert "deal" in refused_unchanged(engine, {"cmd": "next", "deal": wrong})
    assert "seed" in refused_unchanged(engine, {"cmd": "next", "seed": "x"})
    good = deal_cards(rules, dealer, random.Random(1)).to_json()
    new = engine.ok({"cmd": "next", "deal": good})["state"]
    assert new["dealer"] == dealer and new["round"] == 2
    assert "round" in refused_unchanged(engine, {"cmd": "next", "seed": 3})


def test_next_while_the_round_is_played_is_refused(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 9})
    message = refused_unchanged(engine, {"cmd": "next"})
    assert "round_over" in message
    refused_unchanged(engine, {"cmd": "next", "seed": 1})


@pytest.mark.parametrize("line", [
    "this is not json",
    "{\"cmd\": \"legal\"",
    "[1, 2, 3]",
    "\"legal\"",
    "42",
    "null",
    "{}",
    "{\"cmd\": null}",
    "{\"command\": \"legal\"}",
    "{\"cmd\": \"dance\"}",
    "{\"cmd\": 7}",
    "{\"cmd\": [\"legal\"]}",
    "{\"cmd\": \"act\"}",
    "{\"cmd\": \"act\", \"action\": 5}",
    "{\"cmd\": \"act\", \"action\": \"play 13o\"}",
    "{\"cmd\": \"act\", \"action\": \"jugar 1o\"}",
    "{\"cmd\": \"act\", \"action\": \"\"}",
    "{\"cmd\": \"view\", \"seat\": \"0\"}",
    "{\"cmd\": \"view\", \"seat\": true}",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" * 400,
])
def test_malformed_requests_are_refused_and_change_nothing(engine: Engine, line: str) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "deal": habanero_deal()})
    engine.ok({"cmd": "act", "action": "play 1o"})
    refused_unchanged(engine, line)
    assert engine.ok({"cmd": "legal"})["actions"] == ["play 5o"]


def test_error_messages_name_the_fault(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "deal": habanero_deal()})
    assert "JSON" in engine.error("not json")
    assert "cmd" in engine.error("{}")
    assert "dance" in engine.error({"cmd": "dance"})
    assert "action" in engine.error({"cmd": "act"})
    assert "play 13o" in engine.error({"cmd": "act", "action": "play 13o"})


def test_illegal_actions_are_refused_with_the_rule(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "deal": habanero_deal()})
    rule, message = refused_rule(engine, {"cmd": "act", "action": "play 5o"})  # not held
    assert rule == "not_in_hand" and message == "You do not hold that card (5 of coins). (§3)"
    assert refused_rule(engine, {"cmd": "act", "action": "pass"})[0] == "nothing_to_pass"
    engine.ok({"cmd": "act", "action": "play 1o"})
    assert refused_rule(engine, {"cmd": "act", "action": "play 1e"})[0] == "must_follow_trump"
    assert refused_rule(engine, {"cmd": "act", "action": "sing 40"})[0] == "declare_after_trick"
    assert refused_rule(engine, {"cmd": "act", "action": "swap 7o"})[0] == "exchange_before_lead"
    assert refused_rule(engine, {"cmd": "act", "action": "capote"})[0] == "capote_not_now"
    # tres is strict (§8): follow suit, and beat the card led when possible.
    deal = filled_deal(3, 13, ["5c", "4c 6c 1e", ""], "4o", dealer=2)
    engine.ok({"cmd": "new", "variant": "tres", "deal": deal})
    engine.ok({"cmd": "act", "action": "play 5c"})
    assert refused_rule(engine, {"cmd": "act", "action": "play 1e"})[0] == "must_follow"
    assert refused_rule(engine, {"cmd": "act", "action": "play 4c"})[0] == "must_beat"
    engine.ok({"cmd": "act", "action": "play 6c"})


@pytest.mark.parametrize(("variant", "mutate", "words"), [
    ("habanero", lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), ["more than once"]),
    ("habanero", lambda d: d["stock"].pop(), ["stock"]),
    ("habanero", lambda d: d["hands"][0].pop(), ["hand 0", "7"]),
    ("habanero", lambda d: d["hands"][1].append(d["stock"].pop()), ["hand 1", "9"]),
    ("habanero", lambda d: d.__setitem__("dealer", 2), ["dealer"]),
    ("habanero", lambda d: d.__setitem__("dealer", -1), ["dealer"]),
    ("habanero", lambda d: d.__setitem__("dealer", True), ["dealer"]),
    ("habanero", lambda d: d.__setitem__("dealer", "0"), ["dealer"]),
    ("habanero", lambda d: d.pop("dealer"), ["dealer"]),
    ("habanero", lambda d: d.__setitem__("trump", "13o"), ["13o"]),
    ("habanero", lambda d: d.__setitem__("trump", None), ["trump"]),
    ("habanero", lambda d: d.__setitem__("hands", d["hands"][:1]), ["hands"]),
    ("habanero", lambda d: d["hands"][0].__setitem__(0, 7), ["7"]),
    ("habanero", lambda d: d.__setitem__("stock", "1o"), ["list"]),
    ("tres", lambda d: d.__setitem__("stock", ["1o"]), ["stock"]),
    ("tres", lambda d: d.__setitem__("trump", d["hands"][0][0]), ["more than once"]),
    ("parejas", lambda d: d.__setitem__("trump", d["hands"][1][0]), ["dealer's hand"]),
    ("parejas", lambda d: d.__setitem__("dealer", 4), ["dealer"]),
    ("cuatro", lambda d: d.__setitem__("trump", d["hands"][1][0]), ["dealer's hand"]),
    ("cuatro", lambda d: d.__setitem__("stock", ["1o"]), ["stock"]),
    ("cuatro", lambda d: d["hands"][2].pop(), ["hand 2"]),
])
def test_bad_deals_are_refused(
    engine: Engine, variant: str, mutate: Any, words: list[str]
) -> None:
    rules = find_variant(variant)
    deal = deal_cards(rules, 0, random.Random(8)).to_json()
    engine.ok({"cmd": "new", "variant": variant, "deal": deal})  # the deal as dealt is good
    engine.ok({"cmd": "act", "action": engine.ok({"cmd": "legal"})["actions"][0]})
    mutate(deal)
    message = refused_unchanged(engine, {"cmd": "new", "variant": variant, "deal": deal})
    for word in words:
        assert word in message, (word, message)


def test_deal_and_seed_together_are_refused(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 1})
    deal = habanero_deal()
    assert "seed" in refused_unchanged(
        engine, {"cmd": "new", "variant": "habanero", "deal": deal, "seed": 2})
    assert "deal" in refused_unchanged(engine, {"cmd": "new", "variant": "habanero", "deal": []})


def test_bot_suggests_a_legal_action_without_applying_it(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 21})
    before = engine.state()
    legal = engine.ok({"cmd": "legal"})["actions"]
    response = engine.ok({"cmd": "bot", "level": "random", "seed": 1})
    assert response["action"] in legal
    assert engine.state() == before


def test_analyze_values_every_legal_action_best_first_without_applying(engine: Engine) -> None:
    engine.ok({"cmd": "new", "variant": "tres", "seed": 8})
    before = engine.state()
    legal = engine.ok({"cmd": "legal"})
    response = engine.ok({"cmd": "analyze", "seed": 2, "iterations": 4})
    assert response["seat"] == legal["seat"]
    assert sorted(a["action"] for a in response["actions"]) == sorted(legal["actions"])
    values = [a["value"] for a in response["actions"]]
    assert values == sorted(values, reverse=True)
    assert all(set(a) == {"action", "value", "exact"} and a["exact"] is False
               for a in response["actions"])
    assert engine.state() == before
    again = engine.ok({"cmd": "analyze", "seed": 2, "iterations": 4})
    assert again == response, "a fixed seed and iterations repeat the analysis"


def test_s13_cuatro_analyze_values_a_seat_against_the_mean_of_the_other_three(
        engine: Engine) -> None:
    # PROTOCOL 1.2: in cuatro the other side is the mean of the other three seats.
    # At the round's last card the value is certain: the end's difference.
    engine.ok({"cmd": "new", "variant": "cuatro", "seed": 5})
    rng = random.Random(2)
    st = engine.state()
    while not (len(st["trick"]) == 3 and st["hand_sizes"][st["to_act"]] == 1):
        assert st["phase"] == "play"
        st = engine.ok({"cmd": "act", "action": rng.choice(
            engine.ok({"cmd": "legal"})["actions"])})["state"]
    seat = st["to_act"]
    response = engine.ok({"cmd": "analyze", "seed": 1, "iterations": 3})
    assert response["seat"] == seat and len(response["actions"]) == 1
    only = response["actions"][0]
    pts = engine.ok({"cmd": "act", "action": only["action"]})["state"]["round_points"]
    assert len(pts) == 4
    # Values are written with three decimals.
    assert only["value"] == pytest.approx(pts[seat] - (sum(pts) - pts[seat]) / 3, abs=1e-3)


@pytest.mark.parametrize("budget", [{"ms": float("nan")}, {"ms": float("inf")}, {"ms": 0},
                                    {"iterations": 1e300}, {"iterations": -3},
                                    {"iterations": float("inf")}, {"iterations": 501},
                                    {"ms": 60_001}, {"ms": 5, "iterations": 5},
                                    {"iterations": "many"}])
def test_bot_and_analyze_refuse_budgets_they_cannot_keep(
        engine: Engine, budget: dict[str, Any]) -> None:
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 21})
    for cmd in ("bot", "analyze"):
        line = json.dumps({"cmd": cmd, "level": "expert", **budget})  # NaN, Infinity as JS
        assert refused_unchanged(engine, line)
    assert engine.ok({"cmd": "bot", "level": "random", "iterations": 1})["action"]


def test_an_error_line_never_echoes_a_huge_request(engine: Engine) -> None:
    message = engine.error({"cmd": "x" * 100_000})
    assert len(message) < 1000
    message = engine.error({"cmd": "new", "variant": "y" * 100_000})
    assert len(message) < 1000


def test_a_number_too_long_to_read_is_an_error_line_not_an_internal_error(
        engine: Engine) -> None:
    line = '{"cmd": "new", "variant": "habanero", "seed": ' + "9" * 5000 + "}"
    message = engine.error(line)
    assert "internal" not in message and len(message) < 1000
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 1})  # still reading
    line = '{"cmd": "bot", "level": "hard", "iterations": ' + "9" * 5000 + "}"
    assert "internal" not in engine.error(line)


def test_many_requests_in_one_write_get_answers_in_order(engine: Engine) -> None:
    requests = [{"cmd": "new", "variant": "corriente", "seed": 31}, {"cmd": "legal"}, "oops",
                {"cmd": "state"}, {"cmd": "view", "seat": 1}]
    engine.send_raw(b"".join((r if isinstance(r, str) else json.dumps(r)).encode() + b"\n"
                             for r in requests))
    responses = [engine.read() for _ in requests]
    assert [r["ok"] for r in responses] == [True, True, False, True, True]
    assert "state" in responses[0] and "actions" in responses[1]
    assert "state" in responses[3] and "view" in responses[4]


def test_a_line_that_is_not_utf8_is_refused_and_the_engine_keeps_reading() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")  # as under any strict UTF-8 locale
    e = Engine(env=env)
    try:
        e.send_raw(b"{\"cmd\": \"legal\xff\"}\n")
        response = e.read()
        assert response["ok"] is False
        assert "new" in e.error({"cmd": "legal"})
        assert e.close() == 0
    finally:
        if e.proc.poll() is None:
            e.proc.kill()
            e.proc.wait()


# ------------------------------------------- issue 27, point 12: lines and options


def test_an_over_long_line_gets_one_error_line_and_the_engine_keeps_reading(
        engine: Engine) -> None:
    from tute_desktop.tep.server import MAX_LINE
    engine.ok({"cmd": "new", "variant": "habanero", "seed": 5})
    # Valid JSON, so only its length can refuse it: the whole line is one error.
    huge = b'{"cmd": "legal", "pad": "' + b"a" * (MAX_LINE + 10) + b'"}\n'
    engine.send_raw(huge + b'{"cmd": "legal"}\n')
    message = engine.read()
    assert message["ok"] is False and str(MAX_LINE) in message["error"], message
    assert engine.read()["seat"] is not None  # the next request, answered as itself
    # A line just under the limit is still a request.
    fits = b'{"cmd": "legal", "pad": "' + b"a" * (MAX_LINE - 100) + b'"}\n'
    engine.send_raw(fits)
    assert engine.read()["ok"] is True


def test_an_endless_line_is_read_in_bounded_memory() -> None:
    """A line of 64 MiB with no newline, then end of input: one error line, no
    traceback, and the server never holds much more than ``MAX_LINE``."""
    import io
    import tracemalloc

    from tute_desktop.tep.server import MAX_LINE, serve

    class Endless(io.RawIOBase):
        def __init__(self, size: int, tail: bytes) -> None:
            self.left, self.tail = size, tail

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            view = memoryview(buffer).cast("B")
            if self.left > 0:
                n = min(len(view), self.left)
                view[:n] = b"x" * n
                self.left -= n
                return n
            n = min(len(view), len(self.tail))
            view[:n], self.tail = self.tail[:n], self.tail[n:]
            return n

    out = io.StringIO()
    tracemalloc.start()
    try:
        serve(io.BufferedReader(Endless(64 << 20, b'\n{"cmd": "legal"}\n')), out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in lines] == [False, False], lines
    assert str(MAX_LINE) in lines[0]["error"] and "new" in lines[1]["error"]
    assert peak < 8 * MAX_LINE, peak  # the line itself is 64 MiB
    out = io.StringIO()
    serve(io.BufferedReader(Endless(3 * MAX_LINE, b"")), out)  # ends with no newline
    assert len(out.getvalue().splitlines()) == 1


def test_only_a_newline_ends_a_request(engine: Engine) -> None:
    """A carriage return is JSON whitespace (RFC 8259 §2), not a line end: a
    request with \\r between its tokens is one request with one answer."""
    engine.send_raw(b'{"cmd": "new",\r"variant": "habanero",\r"seed": 7}\r\n')
    first = engine.read()
    assert first["ok"] is True and first["state"]["variant"] == "habanero", first
    engine.send_raw(b'{"cmd":\r"legal"}\n{"cmd": "state"}\r\n')
    assert "actions" in engine.read()
    assert "state" in engine.read()
    assert engine.close() == 0  # nothing left over: one answer per request


@pytest.mark.parametrize("options", [False, 0, "", [], True, 1, "x", [1]])
def test_options_that_are_not_an_object_are_refused(engine: Engine, options: Any) -> None:
    message = engine.error({"cmd": "new", "variant": "habanero", "options": options})
    assert "options" in message
    engine.ok({"cmd": "new", "variant": "habanero", "options": {}})
    engine.ok({"cmd": "new", "variant": "habanero", "options": None})


def test_an_internal_error_is_an_error_line_never_an_exit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever goes wrong inside, even an answer that cannot be written as JSON,
    the server writes one error line and reads on."""
    import io

    from tute_desktop.tep import server

    def broken(self: server.Session, req: dict[str, Any]) -> dict[str, Any]:
        return {"state": {1, 2}}  # a set: json.dumps refuses it

    def boom(self: server.Session, req: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("boom")

    monkeypatch.setitem(server._COMMANDS, "state", broken)
    monkeypatch.setitem(server._COMMANDS, "legal", boom)
    out = io.StringIO()
    requests = b'{"cmd": "state"}\n{"cmd": "legal"}\n{"cmd": "view", "seat": 0}\n'
    assert server.serve(io.BytesIO(requests), out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in lines] == [False, False, False], lines
    assert "internal" in lines[0]["error"] and "internal" in lines[1]["error"]
    assert "new" in lines[2]["error"]

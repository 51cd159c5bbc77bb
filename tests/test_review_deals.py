"""The review's deals a decision (issue 31, item 5): a decision whose sampled
deals cost more work is judged over fewer of them (``review.decision_deals``),
so that no decision, the first of a round or any hinted one, takes longer
than the budget a person waits for; the hint draws exactly the review's deals
for the same view; ``benchmarks/review_speed.py`` times the workers it says."""

from __future__ import annotations

import random
from concurrent.futures import Future
from typing import Any

import pytest
from test_hint import played

from tute_desktop.bots import Budget
from tute_desktop.bots.analysis import SOLVE_CARDS
from tute_desktop.bots.search import WORLDS, exact_mode, sequences
from tute_desktop.engine import resample, view
from tute_desktop.engine.state import PLAYING
from tute_desktop.game import review as R

MOST = 550
"""The variant's deals (habanero's ``ITERATIONS``), more than the bound allows
for the costly decisions here."""


@pytest.fixture
def small_work(monkeypatch: pytest.MonkeyPatch) -> int:
    """A bound small enough that these tests judge a few deals a decision."""
    monkeypatch.setattr(R, "WORK", 4_000)
    monkeypatch.setattr(R, "MIN_DEALS", 3)
    return 4_000


def test_a_costlier_deal_means_fewer_deals_never_more_than_the_variants(small_work: int) -> None:
    payload = R.match_prefix(played("habanero", 3).to_json(), 0)
    states = R.positions(payload)
    counts = []
    for task in R.tasks(payload, 0, iterations=MOST):
        v = view(states[task.step], 0)
        work = R.deal_work(v)
        n = R.decision_deals(v, MOST)
        if work == 0:  # exact: one solve, no sampled deals
            assert n == MOST
            continue
        assert n == min(MOST, max(3, small_work // work))
        assert n * work <= small_work or n == 3
        counts.append((work, n))
    # A rolled-out deal's work: its sequences times every card left to play,
    # those in the hands the seat cannot see too.
    st = states[R.tasks(payload, 0)[0].step]
    v = view(st, 0)
    left = sum(h.bit_count() for h in st.hands) + len(st.stock)
    assert R.deal_work(v) == len(sequences(resample(v, random.Random(0)), 0,
                                           st.legal_actions())) * left
    # The first decision (every card of the round still to play) is the
    # costliest and gets the fewest deals; later ones get more.
    assert counts[0][1] == min(n for _, n in counts) < max(n for _, n in counts)
    # Never more than asked: a small budget (a test's, TEP's) is kept as it is.
    v = view(states[R.tasks(payload, 0)[0].step], 0)
    assert R.decision_deals(v, 2) == 2


def test_a_deal_solved_exactly_costs_by_players_and_hand_size(small_work: int) -> None:
    """tres near the end: each sampled deal solved (``search.WORLDS``), its
    work ``SOLVE_WORK`` for three players and the largest hand."""
    seen = 0
    for seed in range(6):
        payload = R.match_prefix(played("tres", seed).to_json(), 0)
        for st in R.positions(payload):
            if st.phase is not PLAYING or st.to_act is None or len(st.legal_actions()) < 2:
                continue
            if exact_mode(st, st.legal_actions(), SOLVE_CARDS) != WORLDS:
                continue
            most = max(h.bit_count() for h in st.hands)
            assert R.deal_work(view(st, st.to_act)) == R.SOLVE_WORK[(3, most)]
            seen += 1
    assert seen >= 5


def test_the_review_judges_over_the_bounded_deals_and_the_hint_draws_the_same(
        small_work: int) -> None:
    """A decision asked at the variant's deals is judged over
    ``decision_deals`` of them, and the hint at that moment (the table asks it
    at the variant's deals too) names the review's best from those deals."""
    compared = 0
    for seed in range(2):
        payload = R.match_prefix(played("habanero", seed).to_json(), 0)
        states = R.positions(payload)
        for task in R.tasks(payload, 0, iterations=MOST, seed=seed)[:6]:
            d = R.analyse(task)
            v = view(states[task.step], 0)
            assert d.worlds == R.decision_deals(v, MOST) < MOST
            rng = R.decision_rng(task.seed, len(payload["rounds"]), task.step)
            action, _ = R.hint_why(v, rng, Budget(iterations=MOST))
            assert str(action) == d.best, (seed, task.step)
            compared += 1
    assert compared >= 10


class RecordingWorker:
    """A stand-in for ``BotWorker`` in the benchmark: it runs each task at
    once and keeps what it was made with."""

    made: list[dict[str, Any]] = []

    def __init__(self, **kwargs: Any) -> None:
        RecordingWorker.made.append(kwargs)

    def start(self) -> None:
        pass

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        f.set_result(fn(*args, **kwargs))
        return f

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def test_the_speed_benchmark_reviews_in_as_many_workers_as_it_says(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers 2`` starts a worker of two processes (it once started one,
    while its model assumed two), and times the hint of the costliest decision."""
    import review_speed

    RecordingWorker.made = []
    monkeypatch.setattr(review_speed, "BotWorker", RecordingWorker)
    assert review_speed.main(["--short", "--iterations", "2", "--variant", "habanero",
                              "--worker", "--workers", "2"]) == 0
    assert RecordingWorker.made == [{"niceness": 0, "workers": 2}]
    out = capsys.readouterr().out
    assert "| slowest hint s |" in out and "| habanero | 2 |" in out

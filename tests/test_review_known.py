"""Exact values near the end of a round of three or four (two newcomers read
"Loss: 9.0 ± 0.0" after words about sampled deals, where every card was
known): the review says they are exact, with no "±" and no sampled deals;
sampled values keep both."""

from __future__ import annotations

import random

import pytest
from test_review import played
from test_review_tags import quick as quick  # (a fixture)
from test_review_tags import review

from tute_desktop.app import App
from tute_desktop.bots.analysis import SOLVE_CARDS
from tute_desktop.bots.search import WORLDS, exact_mode
from tute_desktop.engine import view
from tute_desktop.engine.view import one_deal, resample
from tute_desktop.game import review as R
from tute_desktop.ui.review import ReviewScene


@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro"])
def test_one_deal_is_said_exactly_where_every_deal_drawn_is_the_same(variant: str) -> None:
    """``one_deal`` against the deals the view draws: at every position near
    the end of two rounds, from every seat, only one deal agrees with the view
    exactly when 60 deals drawn from it are all that one."""
    ones = others = 0
    for seed in range(2):
        payload = R.match_prefix(played(variant, seed).to_json(), 0)
        for st in R.positions(payload):
            for seat in range(st.n):
                v = view(st, seat)
                if st.to_act is None or max(v.hand_sizes) > 6:
                    continue
                drawn = {tuple(resample(v, random.Random(i)).hands) for i in range(60)}
                assert one_deal(v) == (len(drawn) == 1), (seed, seat, len(drawn))
                ones += len(drawn) == 1
                others += len(drawn) > 1
    assert ones >= 5 and others >= 5


def lines(scene: ReviewScene, step: int) -> list[str]:
    scene.go(step)
    return [text for text, _, _ in scene.judgement()]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exact_values_are_said_exact_and_sampled_ones_keep_their_margin(
        app: App, quick: None, lang: str) -> None:
    """A tres round's mistakes: one where every card is known near the
    end (each deal solved, only one deal possible) says its loss with no "±",
    "exact: every card is known" and no sampled deals, its reason the exact
    one; one from sampled deals keeps its "±" and says the deals were tried."""
    app.settings = app.settings.with_(review_numbers=True)  # (the numbers' view)
    scene = review(app, "tres", (1280, 720), lang, seed=3)
    tr = app.tr
    sampled_words = tr("review_sampled", n=0).split("0")[0]  # ("The expert tried ")
    exact_words = tr("review_exact_known")
    known = [s for s, d in sorted(scene.decisions.items()) if d.known and d.mistake]
    sampled = [s for s, d in sorted(scene.decisions.items())
               if d.mistake and not d.known and not d.exact and d.error > 0]
    assert known and sampled, "seed 3's tres round: both kinds of mistake"
    for step in known:
        d = scene.decisions[step]
        st = scene.positions[step]
        assert exact_mode(st, st.legal_actions(), SOLVE_CARDS) == WORLDS
        assert one_deal(view(st, scene.seat)) and d.error == 0
        said = lines(scene, step)
        assert not any("±" in line for line in said), said
        assert exact_words in said and not any(sampled_words in line for line in said)
        assert tr("review_loss_exact", loss=f"{d.loss:.1f}".replace(
            ".", "," if lang == "es" else ".")) in said
        assert {r.kind for r in d.reasons} == {"exact"}
    for step in sampled:
        said = lines(scene, step)
        assert any("±" in line for line in said), said
        assert exact_words not in said and any(sampled_words in line for line in said)


def test_a_sampled_loss_the_same_in_every_deal_says_so_with_no_margin(
        app: App, quick: None) -> None:
    """Deals of different cards, the loss the same in every one: no "± 0.0",
    the loss said the same in every deal tried."""
    scene = review(app, "tres", (1280, 720), seed=3)
    same = [s for s, d in sorted(scene.decisions.items())
            if d.loss > 0 and not d.known and not d.exact and R.shown(d.error, False) == 0]
    assert same
    loss = app.tr("review_loss_same", loss="|").split("|")[0]  # ("Loss: ")
    for step in same:
        said = [line for line in lines(scene, step) if line.startswith(loss)]
        assert said == [app.tr("review_loss_same", loss=f"{scene.decisions[step].loss:.1f}")]


@pytest.mark.parametrize("variant", ["tres", "cuatro"])
def test_the_hint_where_every_card_is_known_says_it_exact_not_in_ways(variant: str) -> None:
    """Three or four players near the end, only one deal fitting the view: the
    hint said "in the 8 ways the cards could lie that the expert tried" of a
    position whose every card was known. Its reason is the exact one (or the
    values, said of one deal), and its words name no sampled deals, in both
    languages; the review already says such values exact."""
    from tute_desktop.bots import Budget
    from tute_desktop.ui.table.why import hint_words

    sampled = {"en": "guesses at the hidden cards", "es": "repartos posibles de las cartas ocultas"}
    seen = 0
    for seed in range(3):
        payload = R.match_prefix(played(variant, seed).to_json(), 0)
        for st in R.positions(payload):
            if st.to_act is None or len(st.legal_actions()) < 2:
                continue
            v = view(st, st.to_act)
            if exact_mode(st, st.legal_actions(), SOLVE_CARDS) != WORLDS or not one_deal(v):
                continue
            action, why = R.hint_why(v, random.Random(seed), Budget(iterations=6))
            assert why, (seed, st.tricks_played)
            assert all(r.deals == 1 or r.kind in ("exact", "line_taken", "line_diez")
                       for r in why), why
            for lang, words in sampled.items():
                said = hint_words(lang, str(action), why[0], variant)
                assert words not in said, said
            seen += 1
    assert seen >= 3


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_review_says_its_numbers_only_when_asked(app: App, quick: None, lang: str) -> None:
    """nc90 to nc95 (newcomers and a grandmother) read "Loss: 20.9 ± 1.2" and
    "in 441 deals of the hidden cards" as statistics. Without its numbers (the
    first view) a sampled mistake's loss is said rounded, with no margin, its
    reason in the hint's words, and how the expert judged is not told; N shows
    them, and the choice is kept for the next review."""
    from tute_desktop.ui import intents as I
    from tute_desktop.ui.table.why import party_of, reason_words

    scene = review(app, "tres", (1280, 720), lang, seed=3)
    assert not app.settings.review_numbers
    sampled = [s for s, d in sorted(scene.decisions.items())
               if d.mistake and not d.known and not d.exact and d.error > 0 and d.reasons]
    assert sampled
    step = sampled[0]
    d = scene.decisions[step]
    said = lines(scene, step)
    sampled_words = app.tr("review_sampled", n=0).split("0")[0]
    assert not any("±" in line for line in said) and not any(sampled_words in w for w in said)
    about = round(d.loss)  # (a mistake: a point or more)
    plain = "review_loss_plain_one" if about == 1 else "review_loss_plain"
    assert app.tr(plain, loss=str(about)) in said
    form = party_of(scene.positions[step], scene.seat)
    plain = [app.tr("review_why", reason=reason_words(lang, r, "tres", form, table=True))
             for r in d.reasons]
    assert all(w in said for w in plain), said
    app.dispatch(I.Intent(I.KEY, char=app.tr("key.review_numbers")))
    assert app.settings.review_numbers
    said = lines(scene, step)
    assert any("±" in line for line in said) and any(sampled_words in w for w in said)
    assert any(b.label == app.tr("review_numbers_hide") for b in scene.buttons.buttons)


def test_a_card_said_to_be_taken_that_was_let_pass_is_said_so(app: App, quick: None) -> None:
    """nc97 led the 3 of cups at 95, won the trick and the game; the review said
    "Your opponent would take it: ... always if you play it now". Where a reason
    says the card played would be taken and in the round it was not, the review
    says it was let pass, and on whom the expert counts."""
    import dataclasses

    from tute_desktop.bots.reasons import HIGH, Reason
    from tute_desktop.engine.actions import Action
    from tute_desktop.ui.table.why import action_in_sentence

    scene = review(app, "habanero", (1280, 720), seed=3)
    outcomes = set()
    for step, d in sorted(scene.decisions.items()):
        played = Action.parse(d.played)
        if played.kind != "play" or not d.scored:
            continue
        # (the card named, with its article: nc101 read "la dejaron pasar" as the trick)
        said = app.tr("review_let_pass", card=action_in_sentence(app.lang, d.played, "habanero",
                                                                 article=True))
        assert "{" not in said and f"the {played.card}" not in said
        card = int(played.card)  # type: ignore[arg-type]
        side = scene.positions[step].side_of(scene.seat)
        won = next(st.side_of(st.last_winner) == side for st in scene.positions[step + 1:]
                   if not st.trick_cards)
        taken = Reason(HIGH, d.best, d.played, 20, 0, 20, what=card)
        scene.decisions[step] = dataclasses.replace(d, reasons=(taken,))
        # (not of a card that closed its trick: nobody played after it, nc108)
        last = len(scene.positions[step].trick_cards) == scene.positions[step].n - 1
        assert (said in lines(scene, step)) == (won and not last)
        kept = Reason(HIGH, d.best, d.played, 20, 20, 0, what=card)  # (said safer played)
        scene.decisions[step] = dataclasses.replace(d, reasons=(kept,))
        assert said not in lines(scene, step)
        outcomes.add((won, last))
    assert {(True, False), (False, False), (True, True)} <= outcomes, outcomes


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_two_trick_reason_apart_from_the_loss_is_put_beside_the_round(
        app: App, quick: None, lang: str) -> None:
    """nc97 and nc98 read "Loss: about 6 points" and "about 11 points better over
    this trick and the next" as two answers to one question. Where a mistake's
    two-trick figure and its loss are apart, the review says the round's
    difference is smaller (or larger) and why; where they agree, nothing more."""
    import dataclasses

    from tute_desktop.bots.reasons import TRICKS, Reason

    scene = review(app, "habanero", (1280, 720), lang, seed=3)
    step, d = next((s, d) for s, d in sorted(scene.decisions.items()) if d.mistake)
    about = round(d.loss)
    for diff, key in ((about + 5, "review_tricks_round_less"),
                      (about - 3, "review_tricks_round_more"), (about + 1, None)):
        r = Reason(TRICKS, d.best, d.played, 60, 10.0 + diff, 10.0)
        scene.decisions[step] = dataclasses.replace(d, reasons=(r,))
        said = lines(scene, step)
        for k in ("review_tricks_round_less", "review_tricks_round_more"):
            assert (app.tr(k, loss=str(about)) in said) == (k == key), (diff, said)
    scene.decisions[step] = dataclasses.replace(d, reasons=(), mistake=False)
    assert not scene.round_beside_tricks(scene.decisions[step])


def test_a_bold_line_of_the_review_is_wrapped_as_bold(
        app: App, quick: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """nc99 saw the review's gold line ("Ningún error, y aun así se perdió la
    mano ...") run to the panel's edge: it was wrapped by the plain face's
    widths and drawn bold, which is wider. Every part of a bold line drawn in
    the judgement panel fits inside it."""
    from window_helpers import words_with_places

    scene = review(app, "habanero", (1366, 768), "es", seed=3)
    long = "Ningún error, y aun así se perdió la mano: en tus decisiones el experto no " \
        "encontró nada claramente mejor. Lo decidieron las cartas repartidas y el juego " \
        "de los demás, una y otra vez, de principio a fin."
    monkeypatch.setattr(scene, "judgement", lambda: [(long, (255, 200, 80), True)])
    drawn = words_with_places(monkeypatch)
    app.draw_frame()
    inside = [(text, rect) for text, rect in drawn
              if text in long and scene.judge.left <= rect.left < scene.judge.right]
    assert len(inside) >= 2, drawn
    assert all(rect.right <= scene.judge.right - 6 for _, rect in inside), inside

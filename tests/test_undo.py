"""Issue 27, point 2: undo against bots shows nothing of the cards the person
has not seen. An undo deals those cards again from the person's view
(``engine.redeal``), logs the redeal in the save (format 2; format-1 saves still
load), and counts in the bots' generator, so the bots answer afresh; a match
without undo stays repeatable from its seed. The table drops a hint asked for
the position taken back and moves no card it dealt again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from window_helpers import new_table, press, settle, tick

from tute_desktop.app import App
from tute_desktop.bots import Budget
from tute_desktop.bots.worker import think
from tute_desktop.engine import (
    CARDS,
    Action,
    InvalidDealError,
    Redeal,
    State,
    apply_redeal,
    find_variant,
    redeal,
)
from tute_desktop.engine.actions import PLAY
from tute_desktop.engine.cards import KINGS_MASK, KNIGHTS_MASK, PAIR_MASKS
from tute_desktop.engine.events import Ask, PlayRecord
from tute_desktop.engine.serialize import state_json, view_json
from tute_desktop.engine.view import view
from tute_desktop.game import persist, review
from tute_desktop.game.match import SAVE_FORMAT, Match, Seat
from tute_desktop.game.persist import SaveSlot, dump_versioned, write_json_atomic
from tute_desktop.game.schema import SAVE_SCHEMA
from tute_desktop.game.stats import FORMAT as STATS_FORMAT
from tute_desktop.game.stats import Stats, round_result

VARIANTS = {"habanero": 2, "corriente": 2, "boricua": 2, "tres": 3, "parejas": 4, "cuatro": 4}


def match(variant: str, seed: int, level: str = "medium") -> Match:
    n = VARIANTS[variant]
    return Match(variant, [Seat("Ana")] + [Seat(f"Bot {i}", level) for i in range(1, n)],
                 seed=seed)


def bot_acts(m: Match) -> Action:
    seat = m.to_act
    assert seat is not None
    level = m.seats[seat].level
    assert level is not None
    action = think(level, m.view(seat), m.bot_rng(), Budget(iterations=4))
    m.apply(action)
    return action


def person_plays(m: Match, card: Action) -> tuple[Action | None, int]:
    """Ana plays ``card``; the bot answers when the trick waits for it. Returns
    the bot's answer and the cards Ana drew."""
    before = m.state.hands[0]
    m.apply(card)
    reply = bot_acts(m) if m.to_act == 1 and m.state.trick_cards else None
    return reply, m.state.hands[0] & ~before


def to_a_draw(m: Match) -> tuple[Action, Action | None, int]:
    """Play (Ana: her first card, or her first other action) until Ana has
    played a card of a trick that ended with both drawing."""
    while True:
        if m.to_act != 0:
            bot_acts(m)
            continue
        actions = m.state.legal_actions()
        plays = [a for a in actions if a.kind == PLAY]
        if len(plays) != len(actions):
            m.apply(next(a for a in actions if a.kind != PLAY))
            continue
        reply, drawn = person_plays(m, plays[0])
        if drawn:
            return plays[0], reply, drawn


# ---------------------------------------------------------------- the stock

def test_after_an_undo_the_card_drawn_is_not_the_next_card_of_the_stock() -> None:
    """The issue's case: play, the trick, both draw, undo, play the same card.
    Before, Ana drew the same card every time (the stock was put back as it
    was); now no more often than her view allows by chance (about 1 in 25)."""
    same = 0
    for seed in range(40):
        m = match("habanero", seed)
        card, _, drawn = to_a_draw(m)
        assert m.undo()
        assert m.to_act == 0
        _, again = person_plays(m, card)
        same += again == drawn
    assert same <= 6, f"{same} of 40 draws repeated after an undo"


def test_after_an_undo_the_bots_answer_is_not_the_replays() -> None:
    """Trying the same card again showed the bot's answer (272 of 272): its hand
    is dealt again and its generator counts the undo."""
    same = replies = 0
    for seed in range(40):
        m = match("habanero", seed)
        card, reply, _ = to_a_draw(m)
        if reply is None:
            continue
        replies += 1
        assert m.undo()
        again, _ = person_plays(m, card)
        same += str(again) == str(reply)
    assert replies >= 10
    assert same <= replies // 2, f"{same} of {replies} answers repeated after an undo"


def test_the_bots_generator_counts_the_undos() -> None:
    m = match("habanero", 3)
    card, _, _ = to_a_draw(m)
    at = len(m.rounds[-1].actions)
    assert m.undo()
    m.apply(card)
    while len(m.rounds[-1].actions) < at:
        bot_acts(m) if m.to_act != 0 else m.apply(m.state.legal_actions()[0])
    key = f"{m.seed}/{len(m.rounds)}/{len(m.rounds[-1].actions)}"
    assert m.bot_rng().getstate() != random.Random(key).getstate()


def test_a_seeded_match_without_undo_is_repeated_exactly() -> None:
    """Same seed, same actions; the bots' generator is the one older versions
    used (a saved match goes on as it would have)."""
    logs = []
    for _ in range(2):
        m = match("tres", 11)
        rng = random.Random(5)
        while m.state.phase == "play":
            if m.to_act == 0:
                m.apply(rng.choice(m.state.legal_actions()))
            else:
                key = f"{m.seed}/{len(m.rounds)}/{len(m.rounds[-1].actions)}"
                assert m.bot_rng().getstate() == random.Random(key).getstate()
                bot_acts(m)
        logs.append(json.dumps(m.to_json()))
    assert logs[0] == logs[1]
    assert json.loads(logs[0])["undos"] == 0


# ---------------------------------------------------------------- the redeal

def _deck_is_whole(m: Match) -> None:
    st = m.state
    where = list(st.stock) + [c for h in st.hands for c in range(40) if h >> c & 1]
    where += [c for c in range(40) if st.played_mask() >> c & 1]
    where += [c for c in (st.faceup, st.pending_card) if c >= 0]
    assert sorted(where) == list(range(40))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_redeal_keeps_everything_the_person_knows(variant: str) -> None:
    """After an undo Ana's view is exactly what it was before her action: her
    hand, the public cards, what the play proved of each hand (voids, RULES §3,
    the ``excluded`` cards), the counts; only cards she has not seen moved, and
    every card is somewhere once. The match plays on legally, and a save of it
    replays to the same position."""
    moved = 0
    for seed in range(6):
        m = match(variant, seed, level="random")
        rng = random.Random(seed)
        for _ in range(60):
            if m.state.phase != "play":
                break
            if m.to_act != 0:
                bot_acts(m)
                continue
            before = m.view(0)
            seen, slots, hidden = view_json(before), before.slots, m.state.clone()
            m.apply(rng.choice(m.state.legal_actions()))
            while m.state.phase == "play" and m.to_act != 0:
                bot_acts(m)
            if not m.can_undo() or rng.random() < 0.3:
                continue
            assert m.undo()
            after = m.view(0)
            assert view_json(after) == seen and after.slots == slots
            assert m.state.hands[0] == hidden.hands[0]
            _deck_is_whole(m)
            moved += m.state.hands != hidden.hands or m.state.stock != hidden.stock
            again = Match.from_json(json.loads(json.dumps(m.to_json())))
            assert state_json(again.state) == state_json(m.state)
    assert moved > 0, "no undo dealt anything again"


def test_a_redeal_that_contradicts_the_persons_view_is_refused() -> None:
    """The engine's check of a redeal (what a save may hold)."""
    m = match("habanero", 4)
    to_a_draw(m)
    st = m.state
    good = redeal(st, 0, random.Random(1))
    hands = [list(h) for h in good.hands]

    def refused(r: Redeal) -> None:
        before = state_json(st)
        with pytest.raises(InvalidDealError):
            apply_redeal(st, r)
        assert state_json(st) == before

    # Ana's own hand may not change.
    mine, theirs = hands[0][0], hands[1][0]
    swapped = [[theirs, *hands[0][1:]], [mine, *hands[1][1:]]]
    refused(Redeal(0, tuple(map(tuple, swapped)), good.stock))
    # A card twice, a card missing, a stock of another size.
    refused(Redeal(0, (tuple(hands[0]), (hands[0][0], *hands[1][1:])), good.stock))
    refused(Redeal(0, good.hands, good.stock[1:]))
    apply_redeal(st, good)  # the one made from the view passes
    assert st.hands[1] == sum(1 << int(c) for c in good.hands[1])


def test_a_redeal_never_gives_a_hand_a_suit_it_showed_it_lacks() -> None:
    """RULES §3 read backwards: a seat that did not follow suit holds none of
    that suit; every redeal made respects it, and one that breaks it is refused."""
    for seed in range(100):
        m = match("tres", seed, level="random")
        while m.state.phase == "play":
            if m.to_act == 0:
                m.apply(m.state.legal_actions()[0])
            else:
                bot_acts(m)
            v = m.view(0)
            for seat, other in ((1, 2), (2, 1)):
                barred = v.excluded(seat) & m.state.hands[other]
                if barred and m.state.hands[seat] & ~v.known[seat]:
                    break
            else:
                continue
            for k in range(20):
                r = redeal(m.state, 0, random.Random(k))
                assert not sum(1 << int(c) for c in r.hands[seat]) & v.excluded(seat)
            # The other bot gives one barred card for an unknown one of `seat`'s.
            hands = [list(h) for h in redeal(m.state, 0, random.Random(0)).hands]
            hands[seat], hands[other] = [CARDS[c] for c in range(40)
                                         if m.state.hands[seat] >> c & 1], \
                [CARDS[c] for c in range(40) if m.state.hands[other] >> c & 1]
            give = CARDS[(barred & -barred).bit_length() - 1]
            take = next(c for c in hands[seat] if not v.known[seat] >> int(c) & 1)
            hands[other][hands[other].index(give)] = take
            hands[seat][hands[seat].index(take)] = give
            with pytest.raises(InvalidDealError, match="cannot"):
                apply_redeal(m.state, Redeal(0, tuple(map(tuple, hands)), ()))
            return
    raise AssertionError("no position with a void shown was found")


def test_a_redeal_tells_again_who_lost_the_right_to_declare() -> None:
    """RULES §4 (3 and 4 players, use_or_lose): a side that wins its first
    trick and declares nothing although it could loses the right for the
    round. After an undo dealt a bot the Rey and Caballo it would have held at
    its silent first trick, it declared them later (cold play nc82, cuatro):
    the redeal now says it lost the right; and a side that lost it with a pair
    the redeal takes away has it back."""
    lost = kept = 0
    for seed in range(60):
        rng = random.Random(seed)
        st = State.new(find_variant("cuatro"))
        while st.phase == "play" and not any(
                s is not None for s in st.silent_first[1:]):
            acts = st.legal_actions()
            plays = [a for a in acts if a.kind == PLAY]
            st.apply(rng.choice(plays) if plays else rng.choice(acts))
        if st.phase != "play":
            continue
        side = next(i for i, s in enumerate(st.silent_first) if i and s is not None)
        before = st.lost_right[side]
        for k in range(40):
            world = st.clone()
            apply_redeal(world, redeal(st, 0, random.Random(k)))
            assert world.lost_right[side] == world.could_have_declared(side)
            if world.lost_right[side] != before:
                # Its right as the new hands make it: at its next window it
                # may declare exactly when it kept the right.
                at, sung, _ = world.silent_first[side]
                held = world.hands[side] | sum(
                    1 << r.card for r in world.history[at:]
                    if type(r) is PlayRecord and r.seat == side)
                pairs = [x for x in range(4) if not sung >> x & 1
                         and held & PAIR_MASKS[x] == PAIR_MASKS[x]]
                tute = held & KINGS_MASK == KINGS_MASK or held & KNIGHTS_MASK == KNIGHTS_MASK
                assert world.lost_right[side] == bool(pairs or tute), (seed, k)
                lost += world.lost_right[side]
                kept += not world.lost_right[side]
        if lost and kept:
            return
    raise AssertionError(f"redeals changing the right: lost {lost}, kept {kept}")


def _parejas_partner_windows(seed: int) -> tuple[State, list[int]] | None:
    """A parejas round played at random (use_or_lose off, so every window is
    a real one) to Ana's first turn after three tricks, and the questions put
    by then."""
    rng = random.Random(seed)
    st = State.new(find_variant("parejas", {"use_or_lose": False}), seed=seed)
    while st.phase == "play":
        acts = st.legal_actions()
        plays = [a for a in acts if a.kind == PLAY]
        st.apply(rng.choice(plays) if plays else rng.choice(acts))
        asked = st.questions_put()
        assert asked is not None  # the true hands always replay
        if st.tricks_played >= 3 and st.to_act == 0 and st.ask is Ask.NONE:
            return st, list(asked)
    return None


def test_a_redeal_keeps_who_was_asked_to_declare_in_pairs() -> None:
    """RULES §9: after a trick the winner's partner is asked first to declare
    when it can; one not asked held no declaration then. A redeal (an undo)
    that dealt a bot partner a pair it would have been asked about let it
    declare later what it could not have held: refused, and every redeal made
    keeps the questions the round put (``State.questions_put``)."""
    refused = 0
    for seed in range(80):
        found = _parejas_partner_windows(seed)
        if found is None:
            continue
        st, _ = found
        for k in range(10):
            r = redeal(st, 0, random.Random(k))
            world = st.clone()
            apply_redeal(world, r)
            assert world.questions_put() == st.questions_put(), (seed, k)
        # Bots 1 and 3 (partners) trade a card Ana has not seen, until the
        # questions change: the redeal is refused, the state unchanged.
        v = view(st, 0)
        held = [[c for c in range(40) if st.hands[i] >> c & 1] for i in range(4)]
        trades = [(a, b) for a in held[1] if not v.known[1] >> a & 1
                  for b in held[3] if not v.known[3] >> b & 1]
        for a, b in trades:
            hands = [list(h) for h in held]
            hands[1][hands[1].index(a)], hands[3][hands[3].index(b)] = b, a
            trial = st.clone()
            trial.hands = [sum(1 << c for c in h) for h in hands]
            if trial.questions_put() in (None, st.questions_put()):
                continue  # (a trade the plays rule out, or one that asks the same)
            before = state_json(st)
            r = Redeal(0, tuple(tuple(CARDS[c] for c in h) for h in hands), ())
            with pytest.raises(InvalidDealError, match="asked"):
                apply_redeal(st, r)
            assert state_json(st) == before
            refused += 1
            break
        if refused >= 3:
            return
    raise AssertionError(f"positions whose questions a trade changes: {refused}")


# ---------------------------------------------------------------- saves
# ---------------------------------------------------------------- saves

def test_a_save_with_an_undo_round_trips_and_replays_to_the_same_state(
        tmp_path: Path) -> None:
    m = match("corriente", 6)
    to_a_draw(m)
    assert m.undo()
    card = next(a for a in m.state.legal_actions() if a.kind == PLAY)
    person_plays(m, card)
    assert m.undo()
    payload = m.to_json()
    assert payload["undos"] == 2 and len(payload["rounds"][-1]["redeals"]) == 1
    slot = SaveSlot("autosave", tmp_path)
    slot.save(payload)
    found = slot.read(SAVE_FORMAT)
    assert found.problem is None and found.value is not None
    again = found.value
    assert state_json(again.state) == state_json(m.state)
    assert again.to_json() == payload
    assert again.bot_rng().getstate() == m.bot_rng().getstate()


def test_the_save_slot_writes_the_format_the_match_reads() -> None:
    """Issue 32: the saved match's version has one home (``schema``), which the
    slot that writes it and the format that reads it both take."""
    import ast

    from tute_desktop.game import schema

    assert persist.SaveSlot.SCHEMA == SAVE_SCHEMA == SAVE_FORMAT.version == 2
    package = Path(persist.__file__).parent
    homes = [str(f.relative_to(package)) for f in sorted(package.rglob("*.py"))
             for node in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
             if isinstance(node, (ast.Assign, ast.AnnAssign))
             and any(isinstance(t, ast.Name) and t.id == "SAVE_SCHEMA"
                     for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))]
    assert homes == [str(Path(schema.__file__).relative_to(package))]


def test_a_format_1_save_still_loads(tmp_path: Path) -> None:
    """Saves written before redeals (format 1) load and play on as before."""
    m = match("tres", 2)
    for _ in range(7):
        bot_acts(m) if m.to_act != 0 else m.apply(m.state.legal_actions()[0])
    old = m.to_json()
    del old["undos"]
    slot = SaveSlot("autosave", tmp_path)
    write_json_atomic(slot.path, dump_versioned("save", 1, old))
    found = slot.read(SAVE_FORMAT)
    assert found.problem is None and found.value is not None
    assert state_json(found.value.state) == state_json(m.state)
    assert found.value.bot_rng().getstate() == m.bot_rng().getstate()
    assert slot.load(SAVE_FORMAT.migrate).data == old  # what New game describes


def test_a_saved_redeal_that_does_not_fit_cuts_the_log_there() -> None:
    m = match("habanero", 8)
    to_a_draw(m)
    assert m.undo()
    m.apply(next(a for a in m.state.legal_actions() if a.kind == PLAY))
    payload = json.loads(json.dumps(m.to_json()))
    rnd = payload["rounds"][-1]
    at = rnd["redeals"][0]["at"]
    hands = rnd["redeals"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # Ana's hand changed
    again, losses = SAVE_FORMAT.read(payload)
    assert [loss.path for loss in losses] == [("rounds", 0, "redeals", 0)]
    assert len(again.rounds[-1].actions) == at and not again.rounds[-1].redeals


# ---------------------------------------------------------------- the review

def test_a_round_with_an_undo_is_reviewed_and_kept_in_the_statistics() -> None:
    m = match("habanero", 9, level="random")
    to_a_draw(m)
    assert m.undo()
    while m.state.phase == "play":
        bot_acts(m) if m.to_act != 0 else m.apply(m.state.legal_actions()[0])
    payload = json.loads(json.dumps(m.to_json()))
    states = review.positions(payload)
    assert state_json(states[-1]) == state_json(m.state)
    assert review.decision_steps(payload, 0)
    stats = Stats()
    stats.record_round(round_result(m))
    data = stats.to_json()
    kept = data["players"]["Ana"]["kept"]
    assert kept and kept[0]["save"] == 2
    again, losses = STATS_FORMAT.read(json.loads(json.dumps(data)))
    assert not losses and again.players["Ana"].kept


def test_the_review_walks_a_round_with_the_engines_one_replay() -> None:
    """Issue 32: the review's positions, decisions and starting state are the
    engine replay's (``engine.replay``) of the match's own log, redeals of an
    undo included, in a second round (the first replayed to reach it)."""
    from tute_desktop.engine.replay import replay, replay_all

    m = match("habanero", 9, level="random")
    while m.state.phase == "play":
        bot_acts(m) if m.to_act != 0 else m.apply(m.state.legal_actions()[0])
    m.next_round()
    to_a_draw(m)
    assert m.undo()
    while m.state.phase == "play":
        bot_acts(m) if m.to_act != 0 else m.apply(m.state.legal_actions()[0])
    payload = json.loads(json.dumps(m.to_json()))
    assert len(payload["rounds"]) == 2 and payload["rounds"][-1]["redeals"]
    start = State.new(m.state.rules, deal=m.rounds[0].deal)
    replay_all(start, m.rounds[0].steps())
    start.start_next_round(deal=m.rounds[1].deal)
    assert state_json(review.round_start(payload)) == state_json(start)
    engine = [b.state for b in replay(start.clone(), m.rounds[1].steps())]
    ours = review.positions(payload)
    assert [state_json(s) for s in ours[:-1]] == [state_json(s) for s in engine]
    assert state_json(ours[-1]) == state_json(m.state)
    assert review.round_steps(m.state.rules, payload["rounds"][-1]) == list(m.rounds[1].steps())
    assert review.decision_steps(payload, 0) == [
        b.index for b in replay(start.clone(), m.rounds[1].steps())
        if b.seat == 0 and len(b.state.legal_actions()) > 1]


def test_a_round_kept_in_format_1_stays_in_the_statistics() -> None:
    m = match("habanero", 9, level="random")
    while m.state.phase == "play":
        bot_acts(m) if m.to_act != 0 else m.apply(m.state.legal_actions()[0])
    stats = Stats()
    stats.record_round(round_result(m))
    data = json.loads(json.dumps(stats.to_json()))
    for k in data["players"]["Ana"]["kept"]:
        k["save"] = 1
        del k["match"]["undos"]
    again, _ = STATS_FORMAT.read(data)
    assert len(again.players["Ana"].kept) == 1


# ---------------------------------------------------------------- the table

def _after_a_draw(app: App) -> tuple[object, int]:
    for seed in range(20):
        table = new_table(app, "habanero", seed=seed)
        settle(app, table)
        hand = table.match.state.hands[0]
        card = next(a for a in table.match.state.legal_actions() if a.kind == PLAY)
        table.act(card)
        settle(app, table)
        drawn = table.match.state.hands[0] & ~hand
        if drawn and table.match.can_undo():
            return table, drawn
    raise AssertionError("no draw found")


def test_a_hint_asked_before_an_undo_is_not_shown_after_it(app: App) -> None:
    """The hint was worked out for the position taken back, where Ana held the
    card she drew: shown after the undo, it could name that card."""
    table, _ = _after_a_draw(app)
    assert table.human_turn()
    press(app, "hint")  # worked out at once (inline), taken at the next frame
    press(app, "undo")
    tick(app)
    assert table.hint_card is None
    assert table.controller.hint is None


def test_after_an_undo_no_card_dealt_again_flies_to_its_new_place(app: App) -> None:
    """The card Ana drew, the bot's answer and every card she has not seen go
    to their new places at once: one flying from the hand or the table to the
    stock would say where it went."""
    table, drawn = _after_a_draw(app)
    press(app, "undo")
    unseen = table.match.view(0).unseen()
    assert unseen >> (drawn.bit_length() - 1) & 1
    for c, sprite in table.sprites.items():
        if unseen >> c & 1:
            assert sprite.tween is None, CARDS[c]


def test_after_an_undo_the_bots_backs_are_held_in_the_redeals_order(app: App) -> None:
    """A face-down hand is held in the order its cards came, so that the place
    a card leaves tells nothing; after a redeal that order is the redeal's, not
    the deal's (which knew where each card was before)."""
    table, _ = _after_a_draw(app)
    press(app, "undo")
    _, dealt = table.match.rounds[-1].redeals[-1]
    assert table.board.held_order(1) == [int(c) for c in dealt.hands[1]]


def test_after_an_undo_no_plate_says_a_declaration_taken_back(app: App) -> None:
    """RULES §4: the plate of a seat that declared says so ("Declared 40")
    until the next trick is won. After an undo past the declaration it kept
    saying it (cold play nc70: "Declared 40" beside a score of 0 declared);
    the plates say what the round, as it now stands, has declared."""
    from tute_desktop.engine.actions import SING

    for seed in range(1, 60):
        table = new_table(app, "habanero", seed=seed)
        for _ in range(40):
            settle(app, table)
            if app.top is not table:
                break
            sing = next((a for a in table.match.state.legal_actions() if a.kind is SING), None)
            if sing is None:
                st = table.match.state
                table.act(next(a for a in st.legal_actions() if a.kind is PLAY))
                continue
            table.act(sing)
            settle(app, table)
            assert 0 in table.hud.declared  # (said by the plate)
            press(app, "undo")  # back to before the declaration
            tick(app)
            assert sing in table.match.state.legal_actions()  # taken back: offered again
            assert 0 not in table.hud.declared, table.hud.declared
            return
    pytest.fail("no declaration came")

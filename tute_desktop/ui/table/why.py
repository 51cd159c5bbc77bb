"""A reason in words (``bots.reasons.Reason``): the sentence a teacher would
say, from the catalog (``reason_<kind>``), with the reason's own numbers. The
round review's mistakes and the table's hint say them the same way. No pygame."""

from __future__ import annotations

from typing import Final

from ...bots.reasons import (
    ANSWERS,
    AUCTION_BID,
    AUCTION_KINDS,
    AUCTION_PASS,
    AUCTION_TOP,
    AUCTION_TRUMP,
    CAPOTE_ON,
    CAPOTE_WINS,
    CAPTURED,
    CLAIM_WINS,
    DECLARE,
    DRAWN,
    EQUAL,
    EXACT,
    HIGH,
    HOLDS_101,
    LIKELY_LOST,
    LINE_DIEZ,
    LINE_GAME,
    LINE_TAKEN,
    LOST_101,
    OPENS,
    PAIRS,
    REACH_101,
    SOLVED,
    SPENT,
    SPREAD,
    TRICKS,
    TRUMPS,
    VALUE,
    WITHIN,
    Reason,
    tenths_up,
)
from ...engine import Action, State, find_variant
from ...engine.actions import BID_STEP, PLAY, SING, SWAP
from ...engine.cards import CARDS, PAIR_MASKS, SUIT_MASKS
from ...engine.errors import UnknownVariantError
from ...engine.events import Cante
from ...engine.rules import Scoring
from ...i18n import in_variant, number, tr
from ...i18n.cards import card_label, in_sentence, suit_name
from ...i18n.catalog import CONTEXT_MARK, lookup, translations
from .describe import action_words

TEAM: Final = "team"
"""Partners score together (parejas; la contra of subastado, RULES §12):
"your side", "the other side"."""
ALONE: Final = "alone"
"""Three or four players, each for themselves (tres, cuatro): "you", "the others"."""
TWO: Final = ""
"""Two players: "you", "your opponent" (the catalog's plain keys)."""
BIDDER: Final = "bidder"
"""subastado's bidder, alone against la contra's two (RULES §12): "you", "la
contra"; where the catalog has no such form, ``ALONE``'s."""
FORMS: Final = {BIDDER: (BIDDER, ALONE), TEAM: (TEAM,), ALONE: (ALONE,), TWO: ()}
"""The catalog forms a party's sentences are looked up in, first found first."""


def party(variant: str) -> str:
    """Who "you" are in ``variant``'s sentences: one seat against one
    opponent (``TWO``), one seat against several (``ALONE``), or a side of
    partners (``TEAM``). A newcomer at a two-player table read "your side"
    as someone else at the table (issue 31): a side is said only where
    partners exist."""
    try:
        rules = find_variant(variant)
    except UnknownVariantError:
        return TWO
    if rules.partners or rules.side_map is None:
        return TEAM
    return TWO if rules.players == 2 else ALONE


def party_of(state: State, seat: int) -> str:
    """Who "you" are for ``seat`` in this round of ``state``, from the engine's
    sides for the round (``State.partner_of``), not from the number of
    players: with a partner (parejas; la contra once subastado's trump is
    named) ``TEAM``; subastado's bidder, alone against two, ``BIDDER``; one of
    two players ``TWO``; else ``ALONE``."""
    if state.partner_of(seat) >= 0:
        return TEAM
    if state.n == 2:
        return TWO
    contract = state.contract
    return BIDDER if contract is not None and contract[0] == seat else ALONE


def said(lang: str, variant: str, key: str, form: str | None = None) -> str:
    """``key`` as said in ``variant`` by ``form`` (a party: ``party_of`` the
    seat in its round; None: ``party`` of the variant): the variant's own words
    for that party (``in_variant``), else the variant's own words, else the
    ``<key>.<party>`` form where the catalog has one (``FORMS``), else the key."""
    forms = FORMS.get(party(variant) if form is None else form, ())
    for f in forms:  # the variant's own words for this party (§12's bidder, la contra)
        own = in_variant(variant, f"{key}.{f}")
        if variant and _has_own(lang, own):
            return own
    own = in_variant(variant, key)
    if variant and _has_own(lang, own):  # the variant's own words come first (§12's)
        return own
    for f in forms:
        if lookup(lang, f"{key}.{f}") is not None:
            return in_variant(variant, f"{key}.{f}")
    return in_variant(variant, key)


def _has_own(lang: str, key: str) -> bool:
    """``key`` (made by ``in_variant``) has an entry of its own, not its plain key's."""
    try:
        translations(lang).gettext(key)
    except KeyError:
        return False
    return True


def and_list(lang: str, items: list[str]) -> str:
    """Items said as a list: "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return tr(lang, "words_and", first=", ".join(items[:-1]), last=items[-1])


def or_list(lang: str, items: list[str]) -> str:
    """Items said as alternatives: "a, b or c"."""
    if len(items) < 2:
        return "".join(items)
    return tr(lang, "words_or", first=", ".join(items[:-1]), last=items[-1])


def mid_sentence(lang: str, words: str) -> str:
    """A card's name inside a sentence (``i18n.cards.in_sentence``: Spanish
    writes it in lower case there, "el 3 de espadas", "la sota de oros")."""
    return in_sentence(lang, words)


def action_in_sentence(lang: str, text: str, variant: str = "", article: bool = False,
                       deferred: bool = False) -> str:
    """An action (its text) inside a sentence: a card by its name, anything
    else (a declaration, the exchange) as its button says it, in quotes.
    ``article``: a card with its definite article, as a reason names the
    choices it compares ("con el rey de oros", "with the 2 of cups": a player
    read "¿Por qué no rey de oros?" as a translation). ``deferred``: the
    exchange is deferred (§7.2), said as its button says it."""
    a = Action.parse(text)
    words = action_words(lang, a, variant, deferred=deferred)
    if a.kind is PLAY:
        if article and a.card is not None:
            sota = str(a.card).startswith("10")
            return tr(lang, "card_article_f" if sota else "card_article_m",
                      card=mid_sentence(lang, words))
        return mid_sentence(lang, words)
    return tr(lang, "reason_quoted", action=words)


def reason_words(lang: str, r: Reason, variant: str = "", form: str | None = None,
                 table: bool = False, deferred: bool = False) -> str:
    """The sentence of ``r`` in ``lang``: whole counts as counts, means with
    one decimal (points signed), exact values in whole points with two
    players (with three or four, one decimal, as the review shows them: a
    mean of the others' points may be a half; ``i18n.number``).
    ``form``: who "you" are (``party_of`` the seat in its round: subastado's
    bidder alone, la contra with a partner); None: as the variant has it.
    ``table``: the hint's words (``table_key``): no number of deals, and a
    count of deals said as how often ("3 times in 10", ``freq_words``); the
    review's "Why" keeps the numbers. Three Spanish players read the hint's
    "2,4 triunfos de media en 192 repartos posibles de las cartas ocultas",
    its number changing at every hint, as statistics (cold plays nc67-nc69).
    ``deferred``: the exchange is deferred (§7.2): said as its button says it
    (nc99 read "Cambiar el 7" in a reason beside "Dejar el 7 bajo el triunfo")."""
    best = action_in_sentence(lang, r.best, variant, article=True, deferred=deferred)
    other = action_in_sentence(lang, r.other, variant, article=True, deferred=deferred)

    def say(key: str, counted: tuple[float, float] = (0.0, 0.0), **fields: object) -> str:
        """``key``'s sentence, the hint's where ``table`` asks for it and the
        catalog has it (``counted``: the two counts of deals, said as how often)."""
        table_ = table_key(lang, key) if table else None
        freq = often(lang, *counted, r.deals) if table_ is not None else None
        if table_ is None or freq is None:
            return tr(lang, key, **fields)
        return tr(lang, table_, **{**fields, **freq, **how_much(lang, r)})  # (the hint's diff)

    if r.kind in (VALUE, WITHIN, EQUAL):
        return _by_value(lang, r, variant, best, other, form, table)
    if r.kind == CLAIM_WINS:
        return tr(lang, "reason_claim", best=best, points=number(lang, r.best_stat, 0))
    if r.kind in (REACH_101, LOST_101):  # (``what`` 1: 101 must still be claimed, §10.1)
        claim = "_claim" if r.kind == REACH_101 and r.what == 1 else \
            "_only" if r.kind == LOST_101 and r.what == 1 else ""  # (the only legal card)
        # (a declaration that takes the side to 101: ``best_stat`` is that total;
        # a card that takes the trick led, ``answer``: not "whatever they play")
        shape = "" if r.kind != REACH_101 else "_sing" if Action.parse(r.best).kind is SING \
            else "_answer" if r.answer else ""
        return tr(lang, in_variant(variant, f"reason_{r.kind}{shape}{claim}"), best=best,
                  total=number(lang, r.best_stat, 0))
    if r.kind == HOLDS_101:  # (``what`` 1: the only card that holds)
        return tr(lang, in_variant(variant, "reason_holds_101" + ("_only" if r.what == 1 else "")),
                  best=best, other=other)
    if r.kind == CAPOTE_WINS:
        return tr(lang, "reason_capote", best=best)
    if r.kind in CAPOTE_ON:  # (``_any``: every card does as well as ``best``)
        return tr(lang, f"reason_{r.kind}" + ("_any" if r.other == r.best else ""),
                  best=best, other=other)
    key = said(lang, variant, f"reason_{r.kind}", form)
    if r.kind == SOLVED and r.what > 0:  # subastado: each deal's value is +bid or -bid (§12)
        # (a newcomer could not read "your total would change by +44.2 on average")
        def made(stat: float) -> int:
            return round(r.deals * (stat / r.what + 1) / 2)
        return say(said(lang, variant, "reason_solved_made", form),
                   (made(r.best_stat), made(r.other_stat)), n=r.deals, best=best,
                   other=other, bid=r.what, best_count=count_words(lang, made(r.best_stat)),
                   other_count=count_words(lang, made(r.other_stat)))
    if r.kind in (TRICKS, SOLVED):  # (``diff``: two minus signs, "−32.9 ... −37.6",
        # read as two losses, not as one choice better by 4.7, nc88)
        return say(key, n=r.deals, best=best, other=other,
                   best_points=number(lang, r.best_stat, 1, sign=True),
                   other_points=number(lang, r.other_stat, 1, sign=True),
                   diff=number(lang, r.best_stat - r.other_stat, 1))
    if r.kind in (CAPTURED, TRUMPS, DRAWN):
        if r.kind == DRAWN and r.what == 1:
            # A trump led: said as the table says it, "Arrastrando con el 3 de
            # oros"; else only that fewer trumps are left to them (a player
            # read "you would draw their trumps" of a plain lead as odd, nc67,
            # and "make them spend trumps" of an Ace thrown on a trick, nc70).
            key = said(lang, variant, "reason_drawn_lead", form)
        text = say(key, n=r.deals, best=best, other=other,
                   best_mean=number(lang, r.best_stat, 1), other_mean=number(lang, r.other_stat, 1))
        # The best card takes this trick (``reasons``' what 2): the lead it gives.
        return text + " " + tr(lang, "reason_drawn_take") if r.kind == DRAWN and r.what == 2 \
            else text
    if r.kind == EXACT and r.race:  # (two players, whole points; the game counted too)
        if table:  # the hint: no number (nc109 read "-171 and -174 ... counts 130
            # more" as points nobody plays with; the review keeps them)
            return tr(lang, "table.reason_exact_race", best=best, other=other)
        measure = tr(lang, in_variant(variant, "reason_measure_race"),
                     measure=tr(lang, said(lang, variant, "reason_measure", form)))
        return tr(lang, "reason_exact_race", best=best, other=other, measure=measure,
                  best_points=number(lang, r.best_stat, 0, sign=True),
                  other_points=number(lang, r.other_stat, 0, sign=True))
    if r.kind == EXACT:  # (whole points with two players, as the review's values)
        two = (party(variant) if form is None else form) == TWO
        if table and two:  # the hint: ahead, behind or level in words (a newcomer
            # read "would be 0 with the 4 of clubs" as scoring nothing, nc77)
            return tr(lang, "table.reason_exact_two", best=best, other=other,
                      best_lead=lead_words(lang, r.best_stat),
                      other_lead=lead_words(lang, r.other_stat))
        places = 0 if two else 1
        return tr(lang, key, best=best, other=other,
                  best_points=number(lang, r.best_stat, places, sign=True),
                  other_points=number(lang, r.other_stat, places, sign=True))
    if r.kind == LINE_TAKEN:  # (each with its article: "te quitaría sota de copas"
        # read as missing a word, nc106)
        cards = [action_in_sentence(lang, f"play {c}", variant, article=True) for c in CARDS
                 if r.cards >> int(c) & 1]
        return tr(lang, key, best=best, other=other, cards=and_list(lang, cards))
    if r.kind == LINE_DIEZ:
        return tr(lang, key, best=best, other=other)
    if r.kind == LINE_GAME:  # (1 against -1; boricua's match may also be undecided, 0)
        shape = "" if r.best_stat > 0 > r.other_stat else "_won" if r.best_stat > 0 else "_saved"
        return tr(lang, said(lang, variant, f"reason_line_game{shape}", form),
                  best=best, other=other)
    if r.kind in AUCTION_KINDS:
        return auction_words(lang, r, key, table)
    counts = {"best_count": count_words(lang, r.best_stat),
              "other_count": count_words(lang, r.other_stat), "n": r.deals}
    if r.kind == PAIRS:  # (no count: so in every deal)
        partner = PAIR_MASKS[r.what // 10] & ~(1 << r.what)
        return tr(lang, key, given=mid_sentence(lang, card_label(
                      lang, int(Action.parse(r.best).card or 0))),
                  card_the=action_in_sentence(lang, f"play {CARDS[r.what]}", variant,
                                              article=True),
                  partner=mid_sentence(lang, card_label(lang, partner.bit_length() - 1)))
    if r.kind in (SPENT, OPENS):  # (no count: so in every deal)
        pair = tr(lang, "reason_pair_40") if _is_forty(r) else \
            tr(lang, "reason_pair_20", suit=suit_name(lang, r.what))
        return tr(lang, key, best=best, other=other, pair=pair)
    if r.kind == DECLARE:
        pair = tr(lang, "reason_pair_40") if _is_forty(r) else \
            tr(lang, "reason_pair_20", suit=suit_name(lang, r.what))
        shape = "now" if _declares(r) else "keep" if r.kept and _plays_piece(r) else "make"
        # ("now": the hint is that very declaration; "With «Declare the 20 in
        # clubs» you would keep your 20 in clubs" read as circular, nc70;
        # "keep" where the other plays a piece of it: "With the 4 of coins you
        # would keep your 20 in swords. Why not the 7 of swords?" puzzled a
        # newcomer, the 7 being no piece of it, nc77)
        key = said(lang, variant, f"reason_declare_{shape}", form)
        words = say(key, (r.best_stat, r.other_stat), best=best, other=other, pair=pair,
                    **counts)
        if r.forfeit and shape == "now":  # (the rule, not the deal's luck: nc81)
            words += " " + tr(lang, "reason_declare_forfeit" + (
                ".team" if variant == "parejas" else ""))
        return words
    if r.kind == HIGH:
        card = mid_sentence(lang, card_label(lang, r.what))
        if r.best == f"play {CARDS[r.what]}":  # the card itself: said once, "played now"
            key = said(lang, variant, "reason_high_now", form)  # (not "With 3 of coins
            # your 3 of coins would be safer", which a newcomer read twice)
        elif r.other == f"play {CARDS[r.what]}":  # compared with playing it: "kept"
            key = said(lang, variant, "reason_high_kept", form)  # (nc70 read "in 257
            # with the Ace of clubs" of the Ace of clubs itself)
        return say(key, (r.best_stat, r.other_stat), best=best, other=other, card=card, **counts)
    # (``likely_lost`` says how often after the best only)
    shown = r.best_stat if r.kind == LIKELY_LOST else r.other_stat
    return say(key, (r.best_stat, shown), best=best, other=other, **counts)


def table_key(lang: str, key: str) -> str | None:
    """The hint's version of a reason's catalog ``key`` (made by ``said``):
    ``table.<msgid>``, in the variant's context where the key has words of
    its own there, where the catalog has it; else None (the review's
    sentence is said)."""
    ctx, mark, msgid = key.rpartition(CONTEXT_MARK)
    if ctx and _has_own(lang, key):  # the variant's own words (boricua's «acuso»)
        own = f"{ctx}{mark}table.{msgid}"
        return own if _has_own(lang, own) else None
    plain = f"table.{msgid}"
    return plain if lookup(lang, plain) is not None else None


def freq_words(lang: str, count: float, n: int) -> str:
    """How often ``count`` of ``n`` deals is, in words: never, almost never
    (under 5%), "3 times in 10" (the nearest tenth; half the time), almost
    always (over 95%), always."""
    if count <= 0:
        return tr(lang, "freq_never")
    if count >= n:
        return tr(lang, "freq_always")
    share = count / n
    if share < 0.05:
        return tr(lang, "freq_almost_never")
    if share > 0.95:
        return tr(lang, "freq_almost_always")
    k = min(9, max(1, round(share * 10)))
    if k == 5:
        return tr(lang, "freq_half")
    return tr(lang, "freq_once") if k == 1 else tr(lang, "freq_tenths", k=k)


def often(lang: str, best: float, other: float, n: int) -> dict[str, str] | None:
    """The hint's ``best_freq`` and ``other_freq`` (``freq_words``); two
    different counts said alike ("3 times in 10" both) in percent instead;
    None where even those are alike (then the counts themselves are said)."""
    b, o = freq_words(lang, best, n), freq_words(lang, other, n)
    if b == o and int(best) != int(other) and n > 0:
        b, o = (tr(lang, "freq_percent", p=number(lang, 100 * x / n, 0)) for x in (best, other))
        if b == o:
            return None
    return {"best_freq": b, "other_freq": o}


AMOUNTS: Final = {TRUMPS: "table_more_trumps", DRAWN: "table_fewer_trumps",
                  CAPTURED: "table_more_high"}
"""The hint's words for a difference of means (``how_much``), by kind."""


def how_much(lang: str, r: Reason) -> dict[str, str]:
    """The hint's ``diff`` (the two values' difference in round points, in
    words: about so many whole points from 1.5, else about one point or less
    than a point) and ``amount`` (a difference of means of trumps or
    of Aces and Threes in words: "sometimes one more trump", "about one more",
    "about 2 more"): a player read "you would hold 4.4 trumps on average" as
    statistics nobody holds (cold play nc72)."""
    d = abs(r.best_stat - r.other_stat)
    # (in words below 1.5: nc102 read "unos 0,9 puntos" as nobody talks of cards)
    out = {"diff": tr(lang, "table_points_about", n=number(lang, d, 0)) if d >= 1.5
           else tr(lang, "table_points_one" if d >= 0.5 else "table_points_less")}
    stem = AMOUNTS.get(r.kind)
    if stem is not None:
        k = round(d)
        # (one: "almost" below a whole one; a club player read "cerca de un
        # triunfo más" as nobody talks, cold play nc76)
        out["amount"] = tr(lang, f"{stem}_some") if k == 0 else \
            tr(lang, f"{stem}_almost" if d < 1 else f"{stem}_one") if k == 1 \
            else tr(lang, f"{stem}_n", n=k)
    return out


def lead_words(lang: str, margin: float) -> str:
    """A round's end for two players in words: level, or so many points ahead
    or behind the other player (whole points)."""
    n = round(margin)
    if n == 0:
        return tr(lang, "table_lead_level")
    key = "table_lead_ahead" if n > 0 else "table_lead_behind"
    return tr(lang, key + ("_one" if abs(n) == 1 else ""), n=abs(n))


def count_words(lang: str, count: float) -> str:
    """A count of deals inside a reason: none said as a word ("in none with
    the Ace of cups"; a strong player read "in 0 with" as a slip)."""
    return tr(lang, "count_none") if int(count) == 0 else str(int(count))


def hint_reason(reasons: tuple[Reason, ...] | list[Reason]) -> Reason | None:
    """The one reason the hint tells of the review's (``bots.reasons.ORDER``):
    the first, unless it is the points of this trick and the next and another
    follows it: a newcomer read "+2.3 points on average" as no reason at all,
    and its short horizon against the review's whole-round values as a second
    verdict; "you would keep your trumps" told them why."""
    if len(reasons) > 1 and reasons[0].kind == TRICKS:
        return reasons[1]
    return reasons[0] if reasons else None


def hint_words(lang: str, hint: str, r: Reason, variant: str = "",
               form: str | None = None, deferred: bool = False) -> str:
    """The hint's words (``hint``: the action hinted, said) with its reason
    ``r``: the choice the reason compares the hint with named plainly ("Why
    not 5 of cups?"), where there is one, then the reason. (Its place among
    the choices, "the third best choice", puzzled a newcomer: the compared
    card is the best-valued one the sampled deals tell apart from the hint,
    not always the next best.)"""
    reason = reason_words(lang, r, variant, form, table=True, deferred=deferred)
    reason = reason[:1].upper() + reason[1:]  # (one may open with a card: "el 2 de oros ...")
    if r.rank > 0 and r.other != r.best:
        other = action_in_sentence(lang, r.other, variant, article=True, deferred=deferred)
        if Action.parse(r.best).kind is not PLAY and Action.parse(r.other).kind is PLAY:
            # "Why not play the 2 of swords?": after "Exchange the 2 of swords",
            # "Why not the 2 of swords?" read as the same thing (cold play nc70).
            other = tr(lang, "hint_why_play", card=other)
        if r.tie:  # a near tie the reason does not tell apart, named first (nc76)
            tie = action_in_sentence(lang, r.tie, variant, article=True, deferred=deferred)
            text = tr(lang, "hint_why_other_tie", hint=hint, other=other, reason=reason,
                      tie=tie[:1].upper() + tie[1:])
        else:
            text = tr(lang, "hint_why_other", hint=hint, other=other, reason=reason)
    else:
        text = tr(lang, "hint_why", hint=hint, reason=reason)
    if hint[-1:] in ("!", "?", ".", "…") and text.startswith(hint + "."):
        # (a hint that ends a sentence of its own: "Hint: 101!", not "101!.")
        text = hint + text[len(hint) + 1:]
    return text


def threat_words(lang: str, variant: str, threat: tuple[int, int]) -> str:
    """The hint's warning where 101 ends the game in play (``review.declare_threat``):
    what the other player lacks of 101, and the declaration that would take them there."""
    value, need = threat
    return tr(lang, in_variant(variant, f"hint_threat_{value}"), need=need)


def _plays_piece(r: Reason) -> bool:
    """``r`` (``declare``): its other action plays the Rey or the Caballo of
    the pair (the 40's: ``what`` is its suit too)."""
    card = Action.parse(r.other).card
    return card is not None and r.what >= 0 and bool(PAIR_MASKS[r.what] >> int(card) & 1)


def _declares(r: Reason) -> bool:
    """``r`` (``declare``) is about the pair its best action itself declares."""
    a = Action.parse(r.best)
    if a.kind is not SING:
        return False
    return r.what == (r.trump if a.cante is Cante.FORTY else a.suit)


def _by_value(lang: str, r: Reason, variant: str, best: str, other: str,
              form: str | None = None, table: bool = False) -> str:
    """A reason from the values alone (``bots.reasons.FALLBACKS``): the two
    values (or the one all choices share) over the deals, what a value
    measures in ``variant`` for ``form``'s party (``reason_measure``), and, for
    a declaration or the exchange, what the action does (``_swap``, ``_sing``)."""
    exact = r.deals == 1  # (only ``equal`` is said of exact values: ``exact`` says two)
    places = 0 if exact else 1
    measure = tr(lang, said(lang, variant, "reason_measure", form))
    if r.race:  # (the values count the game at 101 too: a newcomer read -162.0
        # against -173.0 in round points, which a round never reaches)
        measure = tr(lang, in_variant(variant, "reason_measure_race"), measure=measure)
    a = Action.parse(r.best)
    shape = "_swap" if a.kind is SWAP else "_sing" if a.kind is SING else ""
    if r.kind == WITHIN and a.kind is PLAY and r.what > 0:  # following (``ANSWERS``)
        shape = ANSWERS[r.what]
    if r.kind == EQUAL and table and r.end:  # (a first deal, every card known: where it ends)
        mine, theirs, game = r.end
        outcome = {1: "won", -1: "lost"}.get(game, "vuelta")
        return tr(lang, f"table.reason_equal_end_{outcome}", mine=mine, theirs=theirs)
    if r.kind == EQUAL:
        key = "reason_equal_exact" if exact else "reason_equal"
    else:
        key = f"reason_{r.kind}{shape}"
    words = {"best": best, "other": other, "n": r.deals, "measure": measure,
             "best_points": number(lang, r.best_stat, places, sign=True),
             "other_points": number(lang, r.other_stat, places, sign=True),
             "margin": number(lang, tenths_up(r.margin), 1)}
    if shape == "_swap":
        words["card"] = mid_sentence(lang, card_label(lang, r.what))
        # (with its article where a language's sentence wants one: "la carta que
        # pinta, el 5 de oros"; a Spanish player read it without as translated)
        words["card_the"] = action_in_sentence(lang, f"play {CARDS[r.what]}", variant,
                                               article=True)
        words["given"] = mid_sentence(lang, card_label(lang, int(a.card or 0)))
    # (Not where the values count the game, nor subastado's contract: a mean
    # mixing +-130, or +-bid, said "ahead either way" of deals some of which
    # lost the game, and "la contra would gain points either way" of a mean.)
    sign = "" if r.race or _contract(variant) else _same_sign(r, places)
    if r.kind == VALUE and sign:
        # Two values of one sign: said in words first ("you would end the round
        # behind your opponent either way, by less with ..."): a newcomer read
        # "-3.2 on average with the 4 of clubs, -5.9 with the King" as nonsense.
        with_best = tr(lang, "reason_with_it") if shape else tr(lang, "reason_with", best=best)
        words["either"] = tr(lang, said(lang, variant, f"reason_either_{sign}", form),
                             with_best=with_best)
        key = f"reason_value_either{shape}"
    # (The hint's words: the difference in round points, about; not where the
    # values count the game, whose mean mixes +-130 in.)
    near = r.kind == VALUE and not exact and r.clear < SPREAD
    table_ = table_key(lang, key) if table else None
    if table_ is not None and r.race and r.kind == VALUE and not near:
        # Where the values count the game at 101 too, no number: their means
        # mix +-130 in ("+92,5 de media ... margen de ±13,9 ... 130 más", five
        # lines a village player read as statistics, cold play nc74).
        table_ = f"table.reason_value_race{shape}"
    if table_ is not None:
        words.update(how_much(lang, r))
        if near:  # (no number where it is noise: "unos 3 puntos mejor ... casi lo
            # mismo" read as a contradiction, cold play nc73)
            table_ = f"table.reason_value_near{shape}"
    sentence = tr(lang, key if table_ is None else table_, **words)
    if table_ is not None and near and not shape:
        return sentence  # (the near sentence says "either would do about as well")
    if near:
        # A hint between near equals said two close numbers and no more: a
        # newcomer read -39.3 against -39.5 as a reason they could not see.
        # A declaration or the exchange is kept on a near tie (``search._choice``:
        # made later it is worth the same only if the chance comes again): a
        # player read "either would do about as well" of declaring the 20.
        close = in_variant(variant, f"reason_value_close{shape}")
        close = (table_key(lang, close) or close) if table_ is not None else close
        sentence += " " + tr(lang, close)
    return sentence


def _contract(variant: str) -> bool:
    """``variant`` scores a contract (subastado, §12): each deal's value +-bid."""
    try:
        return find_variant(variant).scoring is Scoring.CONTRACT
    except UnknownVariantError:
        return False


def _same_sign(r: Reason, places: int) -> str:
    """"below" when both values compared are under zero as shown (to
    ``places`` decimals), "above" when both are over it, else ""."""
    best, other = round(r.best_stat, places), round(r.other_stat, places)
    if best < 0 and other < 0:
        return "below"
    if best > 0 and other > 0:
        return "above"
    return ""


def auction_words(lang: str, r: Reason, key: str, table: bool = True) -> str:
    """An auction's reason (§12, ``bots.reasons.AUCTION_KINDS``) in ``lang``:
    counts of deals with their percentages, the bids and the suits. A bid
    ``shown`` is the one the stepper shows (the hint, ``table``), or in the
    review (not ``table``) the one the person made."""
    def pct(count: float) -> str:
        return number(lang, 100 * count / max(1, r.deals), 0)

    other = Action.parse(r.other)
    fields: dict[str, object] = {
        "n": r.deals, "suit": suit_name(lang, r.trump),
        "best_count": int(r.best_stat), "best_pct": pct(r.best_stat),
        "other_count": int(r.other_stat), "other_pct": pct(r.other_stat),
        "share": r.what, "bid": Action.parse(r.best).bid or 0, "over": other.bid or 0}
    if r.kind == AUCTION_BID and r.other == r.best:  # the others passed: it ends the auction
        key = key.replace(AUCTION_BID, f"{AUCTION_BID}_final")
    elif r.kind == AUCTION_BID:  # (the expert's limit: the bid under the first it would not make)
        fields["limit"] = limit = (other.bid or 0) - BID_STEP
        if limit == fields["bid"]:
            key = key.replace(AUCTION_BID, f"{AUCTION_BID}_last")
    if r.kind == AUCTION_PASS:
        fields["bid"] = other.bid or 0
        if r.shown:  # the stepper shows a higher bid: its share too
            fields.update(shown=r.shown, shown_count=int(r.shown_stat),
                          shown_pct=pct(r.shown_stat))
            key = key.replace(AUCTION_PASS, f"{AUCTION_PASS}_shown")
            if not table:
                key = "review_auction_pass_shown"
        elif key.endswith(f"reason_{AUCTION_PASS}") and int(r.other_stat) == 0:
            key = key.replace(AUCTION_PASS, f"{AUCTION_PASS}_none")  # (not "0 of 128 (0%)")
    if r.kind == AUCTION_TRUMP:
        if not r.rank:  # the review's mistake: compared with the suit the person named
            key = key.replace(AUCTION_TRUMP, f"{AUCTION_TRUMP}_named")
        fields["bid"] = r.what
        fields["other_suit"] = suit_name(lang, other.suit if other.suit is not None else 0)
    said_ = tr(lang, key, **fields)
    if r.kind == AUCTION_TRUMP and r.cards and other.suit is not None:
        # what the hand holds in the two suits weighed (nc108 read only percentages)
        forty = r.cards & PAIR_MASKS[r.trump] == PAIR_MASKS[r.trump]  # (its King and
        # Knight: the 40 once trumps, what makes a suit of fewer cards the better, nc110)
        said_ += " " + tr(lang, "reason_auction_trump_held_forty" if forty
                          else "reason_auction_trump_held", suit=suit_name(lang, r.trump),
                          held=(r.cards & SUIT_MASKS[r.trump]).bit_count(),
                          other_suit=fields["other_suit"],
                          other_held=(r.cards & SUIT_MASKS[other.suit]).bit_count())
    if r.kind in (AUCTION_BID, AUCTION_TOP) and r.shown:  # the stepper's higher bid too
        said_ += " " + tr(lang, "reason_auction_stepper" if table else "review_auction_bid_shown",
                          shown=r.shown, n=r.deals,
                          shown_count=int(r.shown_stat), shown_pct=pct(r.shown_stat))
    return said_


def _is_forty(r: Reason) -> bool:
    return r.trump == r.what


__all__ = ["ALONE", "BIDDER", "TEAM", "TWO", "action_in_sentence", "and_list", "hint_words",
           "mid_sentence", "party", "party_of", "reason_words", "said", "threat_words"]

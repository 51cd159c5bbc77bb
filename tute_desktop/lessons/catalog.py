"""The lessons, in the order a newcomer takes them: habanero first (about
fifteen minutes to a whole round), then what differs in the other variants.
Every fact is from RULES.md (the section is named beside the step)."""

from __future__ import annotations

from typing import Final

from .steps import ANY, STOCK_OUT, Lesson, Step


def _says(name: str, *numbers: int) -> tuple[Step, ...]:
    return tuple(Step(f"lesson.{name}.{n}") for n in numbers)


CARDS_LESSON = Lesson(
    name="cards", variant="habanero", dealer=1,
    hands=("1c 3c 12c 11c 10c 7e 4e 6o", "4c 2e 5e 6e 7o 4o 5o 3o"), trump="5b",
    steps=(
        Step("lesson.cards.1"),  # §1: forty cards, four suits
        Step("lesson.cards.2", point=("1c", "3c", "12c", "11c", "10c")),  # §1 order
        Step("lesson.cards.3", point=("1c", "3c", "12c", "11c", "10c")),  # §1 points
        Step("lesson.cards.4"),  # §1: 120 + 10
        Step("lesson.cards.5", point=("trump",)),  # §6: the face-up card marks trumps
        Step("lesson.cards.6", point=("1c",), expect="play 1c", wrong="lesson.cards.wrong",
             replies=("play 4c",)),
        Step("lesson.cards.7"),  # §6: the winner draws first and leads
    ),
)

TRICKS_LESSON = Lesson(
    name="tricks", variant="habanero", dealer=0,
    hands=("3b 4b 1e 12e 7c 6c 2o 4o", "12b 1c 10c 5c 6e 7e 5o 6o"), trump="5b",
    setup=("play 12b",),
    steps=(
        Step("lesson.tricks.1", point=("12b",)),
        Step("lesson.tricks.2", point=("3b",), expect="play 3b",  # §3 arrastre
             wrong="lesson.tricks.wrong_trump"),
        Step("lesson.tricks.3", point=("7c",), expect="play 7c",
             replies=("play 10c", "play 1c")),
        Step("lesson.tricks.4", point=("1c", "4b"), expect="play 4b",  # §2
             wrong="lesson.tricks.wrong_as"),
        Step("lesson.tricks.5"),  # §3 strict, §6 once the stock is gone
    ),
)

CANTES_LESSON = Lesson(
    name="cantes", variant="habanero", dealer=1,
    hands=("7o 12o 11o 12c 11c 4e 5e 6b", "4o 2e 6e 7e 10b 11b 3c 2c"), trump="1o",
    stock_top="5c 6c",
    steps=(
        Step("lesson.cantes.1", point=("trump",)),
        Step("lesson.cantes.2", point=("7o", "trump"), expect="swap 7o",  # §5
             wrong="lesson.cantes.wrong_swap"),
        Step("lesson.cantes.3", point=("trump",)),  # §5: the 7 and the 2
        Step("lesson.cantes.4", point=("1o",), expect="play 1o", replies=("play 4o",)),
        Step("lesson.cantes.5", point=("12o", "11o", "12c", "11c")),  # §4
        Step("lesson.cantes.6", point=("12o", "11o"), expect="sing 40",
             wrong="lesson.cantes.wrong_40"),
        Step("lesson.cantes.7", point=("12c", "11c")),  # §4 one per trick, until the stock
    ),
)

ROUND_LESSON = Lesson(
    name="round", variant="habanero", dealer=1,
    hands=("1o 12c 3e 10b 4o 5c 6e 7b", "3o 11c 1e 11b 5o 6c 7e 2b"), trump="10o",
    setup=(STOCK_OUT,),
    steps=(
        *_says("round", 1, 2, 3, 4, 5),  # §6 strict, §1 diez, §7.1 capote, §10.1
        Step("lesson.round.6", expect=ANY),
        Step("lesson.round.7"),
    ),
)

CORRIENTE_LESSON = Lesson(
    name="corriente", variant="corriente", dealer=1,
    hands=("7c 12o 12c 12e 12b 4e", "2e 5o 6o 4b 5b 6b"), trump="3c",
    steps=(
        Step("lesson.corriente.1"),  # §7.2 free
        Step("lesson.corriente.2", point=("7c", "trump")),
        Step("lesson.corriente.3", point=("7c",), expect="swap 7c",  # §7.2 deferred
             wrong="lesson.corriente.wrong_swap"),
        Step("lesson.corriente.4", point=("4e",), expect="play 4e", replies=("play 2e",)),
        Step("lesson.corriente.5", point=("3c", "trump")),
        Step("lesson.corriente.6", point=("12o", "12c", "12e", "12b"),  # §10.1 tute
             expect="sing tute 12", wrong="lesson.corriente.wrong_tute"),
        Step("lesson.corriente.7"),
    ),
)

BORICUA_LESSON = Lesson(
    name="boricua", variant="boricua", dealer=1,
    hands=("1e 12c 11c 5b 4b 2o 3o", "4e 5e 6c 7b 10b 5o 4o"), trump="6o",
    steps=(
        Step("lesson.boricua.1"),  # §10.3
        Step("lesson.boricua.2"),  # §10.3 buenas and malas
        Step("lesson.boricua.3", point=("1e",), expect="play 1e", replies=("play 4e",)),
        Step("lesson.boricua.4", point=("12c", "11c"), expect="sing 20 c",  # §7.3 acusos
             wrong="lesson.boricua.wrong_acuso"),
        Step("lesson.boricua.5", point=("trump",)),  # §7.3 only the 7
    ),
)

TRES_LESSON = Lesson(
    name="tres", variant="tres", dealer=2,
    hands=("2o 12o 11o 1c 12e 11e 4e 5e 6e 4b 5b 6b 7b",
           "7o 4c 3c 10c 11c 1e 3e 7e 1b 3b 12b 11b 10b",
           "3o 4o 5o 6o 10o 2c 5c 6c 7c 12c 2e 10e 2b"),
    trump="1o",
    steps=(
        Step("lesson.tres.1", point=("trump",)),  # §8
        Step("lesson.tres.2", point=("7o",)),  # §8 compulsory exchange
        Step("lesson.tres.3"),  # §8 strict
        Step("lesson.tres.4", point=("1c",), expect="play 1c", replies=("play 4c", "play 2c")),
        Step("lesson.tres.5", point=("12o", "11o"), expect="sing 40",  # §4 use or lose
             wrong="lesson.tres.wrong_40"),
        Step("lesson.tres.6"),  # §8 stones
    ),
)

PAREJAS_LESSON = Lesson(
    name="parejas", variant="parejas", dealer=0,
    hands=("1c 2c 6e 4o 5o 6o 4b 5b 6b 7b",
           "4c 1o 3o 1b 3b 10o 11o 2e 7e 10e",
           "12c 12b 11b 3c 7c 2o 7o 2b 10b 4e",
           "5c 6c 10c 11c 12o 1e 3e 12e 11e 5e"),
    trump="6e",
    setup=("play 4c", "play 12c", "play 5c"),
    steps=(
        Step("lesson.parejas.1"),  # §9 teams
        Step("lesson.parejas.2", point=("6e",)),  # §9 the dealer's card
        Step("lesson.parejas.3", point=("12c",)),
        Step("lesson.parejas.4", point=("1c",), expect="play 1c",  # §3 no partner exception
             replies=("sing 20 b",)),
        Step("lesson.parejas.5"),  # §9 the team declares
        Step("lesson.parejas.6"),  # §9 round winner
    ),
)

CUATRO_LESSON = Lesson(
    name="cuatro", variant="cuatro", dealer=0,
    hands=PAREJAS_LESSON.hands,  # the same deal: here the King of cups is an opponent's
    trump="6e",
    setup=("play 4c", "play 12c", "play 5c"),
    steps=(
        Step("lesson.cuatro.1"),  # §13 each for themselves
        Step("lesson.cuatro.2", point=("6e",)),  # §13 the dealer's card, as §9
        Step("lesson.cuatro.3", point=("12c",), expect="play 1c"),  # §13 strict (§3)
        Step("lesson.cuatro.4"),  # §13 §4 declarations for oneself
        Step("lesson.cuatro.5"),  # §13 piedras
    ),
)

SUBASTADO_LESSON = Lesson(
    name="subastado", variant="subastado", dealer=2,  # the person is the mano: speaks first
    hands=("1o 3o 12o 11o 10o 1c 3c 12c 1e 3e 1b 3b",
           "7o 6o 5o 4o 12e 11e 10e 7e 6e 5e 4e 12b",
           "4c 5c 6c 7c 10c 11c 4b 5b 6b 7b 10b 11b"),
    trump="",  # no card is turned: the auction's winner names trump (§12)
    steps=(
        Step("lesson.subastado.1"),  # §12: 36 cards, no 2s, 12 each, no trump yet
        Step("lesson.subastado.2", point=("12o", "11o", "1o", "1c", "1e", "1b"),  # §12 auction
             expect="bid 60", wrong="lesson.subastado.wrong_bid",
             replies=("bid 65", "pass"), wrong_pass="lesson.subastado.wrong_pass"),
        Step("lesson.subastado.3", expect="bid 70",  # §12: higher, by fives; a pass is out
             wrong="lesson.subastado.wrong_bid", replies=("pass",),
             wrong_pass="lesson.subastado.wrong_pass"),
        Step("lesson.subastado.4", point=("12o", "11o"), expect="trump o",  # §12 names trump
             wrong="lesson.subastado.wrong_trump"),
        Step("lesson.subastado.5"),  # §12 la contra; only the bidder declares
        Step("lesson.subastado.6", point=("1o",), expect="play 1o",  # §12 the contract
             replies=("play 4o", "play 4c")),
        Step("lesson.subastado.7", point=("12o", "11o"), expect="sing 40",  # §12, §4
             wrong="lesson.subastado.wrong_40"),
        Step("lesson.subastado.8", expect=ANY),  # play on until the contract is decided
        Step("lesson.subastado.9"),  # §12 stop_when_decided: the early end
        Step("lesson.subastado.10"),  # §12 score: plus or minus the bid, to 500
    ),
)

LESSONS: Final[tuple[Lesson, ...]] = (
    CARDS_LESSON, TRICKS_LESSON, CANTES_LESSON, ROUND_LESSON,
    CORRIENTE_LESSON, BORICUA_LESSON, TRES_LESSON, PAREJAS_LESSON, CUATRO_LESSON,
    SUBASTADO_LESSON,
)
LESSON_NAMES: Final[tuple[str, ...]] = tuple(lesson.name for lesson in LESSONS)

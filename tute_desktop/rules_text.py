"""The rules of each variant written for players, in Spanish and English.

``rules_text("habanero", "es")`` gives the sections of the in-game rules screen,
each a heading and short paragraphs (at most ``MAX_PARAGRAPH`` characters, so a
paragraph fits a screen column). The text follows RULES.md but is written to
teach, not to specify. ``OPTION_LABELS`` and ``OPTION_VALUE_LABELS`` name the
house-rule options (``engine.rules.OPTIONS``) on the new-game screen; values are
looked up by ``str(value)``: ``"True"``, ``"1"``, ``"all"``, ``"strict"``...
"""

from __future__ import annotations

from typing import Final

from .engine.rules import VARIANTS

LANGUAGES: Final = ("es", "en")
MAX_PARAGRAPH: Final = 350

Section = tuple[str, list[str]]

VARIANT_TITLES: Final[dict[str, dict[str, str]]] = {
    "es": {
        "habanero": "Tute habanero",
        "corriente": "Tute corriente",
        "boricua": "Tute boricua",
        "tres": "Tute a tres",
        "parejas": "Tute por parejas",
    },
    "en": {
        "habanero": "Tute habanero",
        "corriente": "Tute corriente",
        "boricua": "Tute boricua",
        "tres": "Tute for three",
        "parejas": "Tute in pairs",
    },
}

OPTION_LABELS: Final[dict[str, dict[str, str]]] = {
    "es": {
        "stock_rules": "Juego con montón",
        "declare_until": "Se puede cantar",
        "cantes_per_trick": "Cantes por baza",
        "claim": "101 en la vuelta",
        "target": "Objetivo",
        "undertrump": "Fallar aunque no se supere",
        "exchange": "Cambio del 7 y del 2",
        "tute": "El tute vale",
        "use_or_lose": "Cantar o perder el derecho",
        "throw_in": "Tirar una mano floja",
    },
    "en": {
        "stock_rules": "Play while the stock lasts",
        "declare_until": "Declarations allowed",
        "cantes_per_trick": "Declarations per trick",
        "claim": "Reaching 101 in la vuelta",
        "target": "Match target",
        "undertrump": "Trump even if lower",
        "exchange": "Exchanging the 7 and 2",
        "tute": "A tute is worth",
        "use_or_lose": "Declare or lose the right",
        "throw_in": "Throw in a weak hand",
    },
}

_TARGETS: Final = (1, 2, 3, 4, 5, 6, 8, 10, 12)
_YES_NO: Final = {"es": {"True": "Sí", "False": "No"}, "en": {"True": "Yes", "False": "No"}}

OPTION_VALUE_LABELS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "es": {
        "stock_rules": {"arrastre": "Arrastre", "strict": "Estricto (asistir y montar)"},
        "declare_until": {"stock": "Mientras quede montón", "stock_gt_2": "Hasta las dos últimas"},
        "cantes_per_trick": {"1": "Uno", "all": "Todos a la vez"},
        "claim": {"auto": "Automático", "manual": "Hay que cantarlo"},
        "target": {str(n): str(n) for n in _TARGETS},
        "undertrump": dict(_YES_NO["es"]),
        "exchange": {"deferred": "Diferido (bajo la vista)", "immediate": "Inmediato"},
        "tute": {"two_rounds": "Dos rondas", "match": "La partida"},
        "use_or_lose": dict(_YES_NO["es"]),
        "throw_in": dict(_YES_NO["es"]),
    },
    "en": {
        "stock_rules": {"arrastre": "Arrastre", "strict": "Strict (follow and beat)"},
        "declare_until": {"stock": "While the stock lasts", "stock_gt_2": "Until the last two"},
        "cantes_per_trick": {"1": "One", "all": "All at once"},
        "claim": {"auto": "Automatic", "manual": "Must be claimed"},
        "target": {str(n): str(n) for n in _TARGETS},
        "undertrump": dict(_YES_NO["en"]),
        "exchange": {"deferred": "Deferred (under the trump card)", "immediate": "Immediate"},
        "tute": {"two_rounds": "Two rounds", "match": "The match"},
        "use_or_lose": dict(_YES_NO["en"]),
        "throw_in": dict(_YES_NO["en"]),
    },
}

# One-line explanations of each option, for the rules screen (and tooltips).
OPTION_EXPLANATIONS: Final[dict[str, dict[str, str]]] = {
    "es": {
        "stock_rules": "solo arrastre (a triunfo se responde con triunfo) o estricto, con "
        "todas las obligaciones desde la primera baza.",
        "declare_until": "cantar mientras quede alguna carta en el montón, o solo mientras "
        "queden más de dos.",
        "cantes_per_trick": "un cante por baza ganada, o todos los que tengas a la vez, "
        "de mayor a menor.",
        "claim": "el 101 de la vuelta se cuenta solo, o hay que cantarlo en tu turno (si "
        "es cierto ganas la partida; si no, la pierdes).",
        "target": "cuántas partidas hay que ganar para llevarse el encuentro.",
        "undertrump": "si debes fallar pero no puedes superar el triunfo de la mesa, "
        "aun así tienes que echar triunfo en vez de cualquier carta.",
        "exchange": "el 7 (o el 2) espera bajo la carta vista hasta que ganes una baza "
        "(diferido), o se cambia en el acto como en el habanero (inmediato).",
        "tute": "el tute cuenta como dos rondas, o gana la partida entera.",
        "use_or_lose": "con «Sí», quien puede cantar tras su primera baza ganada y no lo "
        "hace pierde el derecho a cantar en esa ronda.",
        "throw_in": "quien tenga una mano de 10 puntos o menos puede tirarla antes de la "
        "primera baza, y el mismo jugador vuelve a repartir.",
    },
    "en": {
        "stock_rules": "either arrastre only (answer a trump lead with a trump) or strict "
        "play, with every duty from the first trick.",
        "declare_until": "declare while the stock holds any card, or only while more than "
        "two are left.",
        "cantes_per_trick": "one declaration per trick won, or all the ones you hold at "
        "once, highest first.",
        "claim": "101 during la vuelta is counted for you, or you must claim it on your "
        "turn (a true claim wins the game, a false one loses it).",
        "target": "how many games win the match.",
        "undertrump": "when you must trump but cannot beat the trump on the table, you "
        "still have to play a trump instead of any card.",
        "exchange": "the 7 (or 2) waits under the trump card until you win a trick "
        "(deferred), or is swapped at once as in habanero (immediate).",
        "tute": "a tute counts as two rounds, or wins the whole match.",
        "use_or_lose": "with Yes, a side that could declare after its first won trick but "
        "doesn't loses the right to declare for that round.",
        "throw_in": "a player whose hand is worth 10 points or less may throw it in "
        "before the first trick, and the same dealer deals again.",
    },
}

# Where an option means something different in one variant.
_VARIANT_EXPLANATIONS: Final[dict[str, dict[tuple[str, str], str]]] = {
    "es": {
        ("tres", "target"): "cuántas piedras (rondas perdidas) terminan la partida.",
        ("parejas", "target"): "cuántas rondas hay que ganar para llevarse la partida.",
        ("tres", "tute"): "el tute da dos piedras a cada rival, o gana la partida entera.",
    },
    "en": {
        ("tres", "target"): "how many lost rounds end the match.",
        ("parejas", "target"): "how many won rounds win the match.",
        ("tres", "tute"): "a tute gives each opponent two lost rounds, or wins the whole "
        "match.",
    },
}

_TWO: Final = ("habanero", "corriente", "boricua")


def option_label(lang: str, option: str) -> str:
    """The short label of a house-rule option, e.g. ``option_label("es", "claim")``."""
    return OPTION_LABELS[_lang(lang)][option]


def option_value_label(lang: str, option: str, value: object) -> str:
    """The label of one value of an option; its ``str`` when none is written."""
    text = str(value)
    return OPTION_VALUE_LABELS[_lang(lang)].get(option, {}).get(text, text)


def option_explanation(lang: str, variant: str, option: str) -> str:
    """One sentence saying what the option changes in this variant."""
    lang = _lang(lang)
    special = _VARIANT_EXPLANATIONS[lang].get((variant, option))
    return special or OPTION_EXPLANATIONS[lang][option]


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"no rules text in {lang!r}; languages: {', '.join(LANGUAGES)}")
    return lang


def rules_text(variant: str, lang: str) -> list[Section]:
    """The rules of `variant` for players, as (heading, paragraphs) sections."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    build = _spanish if _lang(lang) == "es" else _english
    sections = build(variant)
    sections.append(_options_section(variant, lang))
    return sections


def _options_section(variant: str, lang: str) -> Section:
    defaults = VARIANTS[variant].options()
    if lang == "es":
        heading, intro, default_word = (
            "Reglas opcionales", "Se eligen en la pantalla de partida nueva.", "Por defecto"
        )
    else:
        heading, intro, default_word = (
            "House rules", "Choose these on the new-game screen.", "Default"
        )
    paragraphs = [intro]
    for option, value in defaults.items():
        explanation = option_explanation(lang, variant, option)
        shown = option_value_label(lang, option, value)
        paragraphs.append(
            f"{option_label(lang, option)}: {explanation} {default_word}: {shown}."
        )
    return heading, paragraphs


# --------------------------------------------------------------------------- English


def _english(variant: str) -> list[Section]:
    hand = VARIANTS[variant].hand_size
    two = variant in _TWO
    overview = {
        "habanero": "Tute habanero (also called americano) is the usual game for two. Each "
        "player holds 8 cards and refills the hand from the stock after every trick. Win "
        "tricks holding valuable cards, declare pairs of Rey and Caballo, and be the first "
        "to reach 101 points.",
        "corriente": "Tute corriente is the original game for two. It is like habanero with "
        "hands of 6 cards, but you may play any card while the stock lasts, the 7 is "
        "exchanged more slowly, and a tute (all four Reyes or Caballos) wins the game "
        "outright.",
        "boricua": "Tute boricua is the Puerto Rican game for two. Each player holds 7 cards. "
        "Points go into a running total kept from round to round, and the first player to "
        "reach 101 wins the match at that very moment.",
        "tres": "Tute for three players. All the cards are dealt, so there is no stock and "
        "nothing to draw. In each round the player who takes the most points wins, and the "
        "other two each record a lost round. When someone has lost enough rounds, the match "
        "ends and the player with the fewest lost rounds wins.",
        "parejas": "Tute for four players in two teams of two, partners sitting opposite "
        "each other. All the cards are dealt. In each round the team with more points wins, "
        "and the first team to win the agreed number of rounds wins the match.",
    }[variant]
    sections: list[Section] = [("The game", [overview])]

    sections.append(("The cards", [
        "Tute is played with the Spanish 40-card deck: four suits, oros (coins), copas "
        "(cups), espadas (swords) and bastos (clubs), each with the As (ace), 2 to 7, Sota "
        "(jack), Caballo (knight) and Rey (king).",
        "In every suit the cards rank from highest to lowest: As, 3, Rey, Caballo, Sota, 7, "
        "6, 5, 4, 2. Note that the 3 beats the Rey.",
        "Only five cards score: the As 11 points, the 3 10 points, the Rey 4, the Caballo 3 "
        "and the Sota 2; the rest are worth nothing. The deck holds 120 points, and whoever "
        "wins the last trick of a round scores 10 more, the diez de últimas.",
    ]))

    if two:
        deal = [
            f"The dealer gives each player {hand} cards"
            + (", three at a time" if variant == "corriente" else "")
            + ", turns the next card face up and puts the rest face down on it: that is the "
            "stock. The suit of the face-up card is trumps for the round, and that card is "
            "the last one to be drawn.",
            "The player who did not deal, the mano, leads the first trick. After each trick, "
            "while the stock lasts, the winner draws a card first and the loser second. The "
            "loser of the last trick with a stock takes the face-up card.",
        ]
        if variant == "boricua":
            deal.insert(1, "The first dealer is drawn at random and then deals every round of "
                        "the match. The face-up card is called la Vira.")
    elif variant == "tres":
        deal = [
            "The dealer deals all the cards, 13 to each player, and turns the last one face "
            "up: its suit is trumps, and that card is not played.",
            "The player after the dealer leads the first trick. The next round is dealt by "
            "the player after the last dealer.",
        ]
    else:
        deal = [
            "The dealer deals all the cards, 10 to each player. The dealer's last card is "
            "shown to everyone: its suit is trumps, and the card stays in the dealer's hand. "
            "There is no exchange of the 7.",
            "The player after the dealer leads the first trick. The next round is dealt by "
            "the player after the last dealer.",
        ]
    sections.append(("Dealing", deal))

    play = [
        "The leader plays any card, then each other player adds one card in turn. The "
        "highest trump wins the trick; if no trump was played, the highest card of the suit "
        "led wins. Cards of other suits never win. The winner takes the trick and leads the "
        "next one.",
    ]
    if variant in ("habanero", "boricua"):
        play.append(
            "While the stock lasts there is only one duty, arrastre: when a trump is led and "
            "you hold a trump, you must play a trump, though not necessarily a higher one. "
            "Otherwise you may play any card."
        )
    elif variant == "corriente":
        play.append("While the stock lasts you may play any card you like.")
    if two:
        play.append(
            f"Once the stock is empty, the last {hand} tricks are played strictly. In order, "
            "the first rule your hand allows applies:"
        )
    else:
        play.append(
            "Every trick is played strictly. In order, the first rule your hand allows "
            "applies:"
        )
    play += [
        "1. Follow suit: if you hold the suit led you must play it, and beat the highest "
        "card of that suit on the table if you can (montar). If someone has already trumped "
        "a non-trump lead, any card of the suit led will do.",
        "2. Trump: if you cannot follow, you must play a trump (fallar). If a trump is "
        "already on the table you must beat it if you can (contrafallar); if you cannot, "
        "you may play any card.",
        "3. Only when you hold neither the suit led nor a trump may you play any card.",
    ]
    if variant == "parejas":
        play.append(
            "There is no exception for your partner: you must beat a partner's card too "
            "when the rules say so."
        )
    play.append(
        "No need to learn this by heart: the game only accepts legal cards and tells you "
        "which rule applies."
    )
    sections.append(("Playing a trick", play))

    if two:
        sing = [
            "If you hold the Rey and Caballo of one suit, you may declare them (cantar) right "
            "after winning a trick, before you lead the next one. In a plain suit they are "
            "las veinte, worth 20 points; in trumps they are las cuarenta, worth 40.",
            "You may make one declaration per trick you win, and each suit counts once per "
            "round. The declared cards stay in your hand and are shown to your opponent. "
            "The points are yours at once.",
            "You may declare only while the stock still holds a card after that trick's "
            "draws: once it is empty, there are no more declarations.",
        ]
        if variant == "habanero":
            sing.append("All four Reyes or all four Caballos (a tute) are worth nothing "
                        "special in this variant.")
        elif variant == "corriente":
            sing.append("A tute, all four Reyes or all four Caballos in your hand, is "
                        "declared the same way and wins the game at once.")
        else:
            sing.append("In boricua you say «Acuso veinte» or «Acuso cuarenta», and the points "
                        "go straight into your running total. There is no tute.")
    else:
        first = "your team's first won trick" if variant == "parejas" else "your first won trick"
        who = "your team loses" if variant == "parejas" else "you lose"
        sing = [
            "If you hold the Rey and Caballo of one suit, you may declare them (cantar) right "
            "after winning a trick, before leading: las veinte in a plain suit (20 points), "
            "las cuarenta in trumps (40). You may declare until the end of the round.",
            "One declaration per trick won, and each suit once per round. The cuarenta must "
            "come before any veinte. The declared cards stay in hand and are shown to all.",
            f"Careful: if at {first} you could declare but don't, {who} the right to declare "
            "for the rest of the round.",
        ]
        if variant == "parejas":
            sing.insert(2, "Declarations belong to the team: after your team wins a trick, "
                        "either partner may declare for it. The winner's partner is asked "
                        "first, then the winner, before leading.")
            sing.append("A tute, all four Reyes or all four Caballos in one hand, is declared "
                        "the same way. It ends the round at once and counts as two rounds "
                        "won.")
        else:
            sing.append("A tute, all four Reyes or all four Caballos, is declared the same "
                        "way. It ends the round at once, and each other player records two "
                        "lost rounds.")
    sections.append(("Declarations", sing))

    if variant in ("habanero", "corriente"):
        swap = [
            "If you hold the 7 of trumps, you may exchange it for the face-up card when that "
            "card is an As, 3, Rey, Caballo or Sota. If you hold the 2 of trumps, you may "
            "exchange it for a face-up 7, 6, 5 or 4. Both can happen, one after the other.",
        ]
        if variant == "habanero":
            swap.append(
                "You may exchange when you are about to lead after winning a trick, while "
                "the stock lasts. Before the first trick the dealer is asked first, then the "
                "mano. Exchanging is optional, and your opponent sees it."
            )
        else:
            swap += [
                "In corriente the exchange is deferred: on your turn, while the stock has "
                "cards, you announce it and put your 7 (or 2) under the face-up card. You "
                "play one card short until you win a trick; then you take the face-up card "
                "and yours becomes the new face-up card.",
                "Only one exchange can be waiting. If the stock runs out first, the loser of "
                "the last trick with a stock takes every card left in it, which evens the "
                "hands again.",
            ]
        sections.append(("Exchanging the 7 and the 2", swap))
    elif variant == "boricua":
        sections.append(("Exchanging the 7", [
            "Only the 7 of trumps can be exchanged, for a face-up As, 3, Rey, Caballo or "
            "Sota. You may do it before the first trick or right after winning a trick, "
            "while the stock lasts. Your opponent sees it.",
        ]))
    elif variant == "tres":
        sections.append(("Exchanging the 7 and the 2", [
            "Before the first trick the exchange is compulsory, and the game does it for you: "
            "whoever holds the 7 of trumps takes a face-up As, 3, Rey, Caballo or Sota in "
            "exchange for it.",
            "Then, if the face-up card is a 7, 6 or 5, the holder of the 2 of trumps takes it "
            "in exchange for the 2. A face-up 4 stays where it is.",
        ]))

    if variant == "habanero":
        sections.append(("Capote", [
            "When the stock is empty, the player about to lead the first of the last 8 "
            "tricks may announce capote: a promise to win all eight. Win them all and you "
            "win the game; lose a single one and your opponent wins the game at once.",
            "Without an announcement, winning every trick brings nothing special.",
        ]))

    if variant in ("habanero", "corriente"):
        at_once = ("A capote decides the game at once." if variant == "habanero"
                   else "A tute wins the game at once.")
        score = [
            "At the end of a round each player adds up the points in the tricks they won, "
            "10 for the last trick if it was theirs, and their declarations.",
            "If you have 101 or more after the first deal, you win the game. If both players "
            "have, the higher total wins; a tie goes to whoever won the last trick.",
            "If nobody has 101, the cards are dealt again: la vuelta, dealt by whoever won "
            "the last trick. Points carry over, and the first player to reach 101 during la "
            "vuelta wins on the spot. " + at_once,
            "The first to win 3 games (or the number chosen) wins the match. The deal "
            "passes to the other player with each new game.",
        ]
    elif variant == "boricua":
        score = [
            "Points from cards, the last trick and declarations go into a running total that "
            "carries from round to round. The first player to reach 101 wins the match at "
            "that moment, even in the middle of a round.",
            "Scores are called in malas and buenas: from 0 to 50 points you are in malas; "
            "from 51 each point is a buena, so 51 is one buena and 60 is ten buenas.",
            "In a tournament, 2 to 6 players meet in a knockout draw, each match one against "
            "one to 101. Players waiting their turn may watch without seeing hidden cards.",
        ]
    elif variant == "tres":
        score = [
            "At the end of the round each player adds up the points in their tricks, 10 for "
            "the last trick if it was theirs, and their declarations. The highest total wins "
            "the round; a tie goes to the tied player who won the later trick.",
            "Each other player records a lost round (a piedra), or two after a tute. When "
            "someone reaches the target (3 lost rounds unless you chose otherwise), the "
            "match ends and the player with the fewest lost rounds wins.",
        ]
    else:
        score = [
            "At the end of the round each team adds up the points in its tricks, 10 for the "
            "last trick if it was theirs, and its declarations. The team with more points "
            "wins the round; a tie goes to the team that won the last trick.",
            "The first team to win 3 rounds (or the number chosen) wins the match; a tute "
            "counts as two rounds won.",
        ]
    sections.append(("Scoring and winning", score))
    return sections


# --------------------------------------------------------------------------- Spanish


def _spanish(variant: str) -> list[Section]:
    hand = VARIANTS[variant].hand_size
    two = variant in _TWO
    overview = {
        "habanero": "El tute habanero (o americano) es el juego habitual para dos. Cada "
        "jugador tiene 8 cartas y repone su mano del montón después de cada baza. Gana "
        "bazas con cartas de valor, canta las parejas de rey y caballo y sé el primero en "
        "llegar a 101 puntos.",
        "corriente": "El tute corriente es el juego original para dos. Se parece al habanero, "
        "con manos de 6 cartas, pero mientras hay montón se juega libre, el 7 se cambia más "
        "despacio y el tute (los cuatro reyes o los cuatro caballos) gana la partida de "
        "golpe.",
        "boricua": "El tute boricua es el juego puertorriqueño para dos. Cada jugador tiene 7 "
        "cartas. Los puntos se suman a un total que pasa de una ronda a otra, y el primero "
        "en llegar a 101 gana en ese mismo momento.",
        "tres": "Tute para tres jugadores. Se reparten todas las cartas, así que no hay montón "
        "ni se roba. En cada ronda gana quien hace más puntos y los otros dos se apuntan una "
        "ronda perdida (una piedra). Cuando alguien llega al límite de piedras, se acaba la "
        "partida y gana quien tenga menos.",
        "parejas": "Tute para cuatro jugadores en dos parejas; los compañeros se sientan uno "
        "frente al otro. Se reparten todas las cartas. En cada ronda gana la pareja que hace "
        "más puntos, y la primera que gana las rondas acordadas se lleva la partida.",
    }[variant]
    sections: list[Section] = [("El juego", [overview])]

    sections.append(("Las cartas", [
        "El tute se juega con la baraja española de 40 cartas: cuatro palos, oros, copas, "
        "espadas y bastos, y en cada uno el as, del 2 al 7, la sota, el caballo y el rey.",
        "En todos los palos las cartas mandan en este orden, de mayor a menor: as, 3, rey, "
        "caballo, sota, 7, 6, 5, 4 y 2. Ojo: el tres gana al rey.",
        "Solo cinco cartas dan puntos: el as 11, el tres 10, el rey 4, el caballo 3 y la sota "
        "2; las demás no valen nada. La baraja suma 120 puntos, y quien gana la última baza "
        "de la ronda se apunta 10 más: las diez de últimas.",
    ]))

    if two:
        deal = [
            f"Quien da reparte {hand} cartas a cada jugador"
            + (", de tres en tres" if variant == "corriente" else "")
            + ", vuelve boca arriba la siguiente y deja el resto boca abajo encima de ella: "
            "es el montón. El palo de la carta vista (la que pinta) es el triunfo de la "
            "ronda, y esa carta es la última que se roba.",
            "Sale el jugador que no ha repartido, la mano. Tras cada baza, mientras quede "
            "montón, roba primero quien la ganó y después el otro. Quien pierde la última "
            "baza con montón se lleva la carta vista.",
        ]
        if variant == "boricua":
            deal.insert(1, "El primer repartidor se sortea y luego reparte todas las rondas "
                        "de la partida. La carta vista se llama la Vira.")
    elif variant == "tres":
        deal = [
            "Quien da reparte todas las cartas, 13 a cada jugador, y vuelve boca arriba la "
            "última: su palo es el triunfo, y esa carta no se juega.",
            "Sale el jugador siguiente al que da. La ronda siguiente la reparte el jugador "
            "que va después del último que dio.",
        ]
    else:
        deal = [
            "Quien da reparte todas las cartas, 10 a cada jugador. Su última carta se enseña "
            "a todos: su palo es el triunfo y la carta se queda en su mano. No hay cambio "
            "del 7.",
            "Sale el jugador siguiente al que da. La ronda siguiente la reparte el jugador "
            "que va después del último que dio.",
        ]
    sections.append(("El reparto", deal))

    play = [
        "Quien sale juega la carta que quiera y los demás echan una cada uno, por turno. "
        "Gana la baza el triunfo más alto; si nadie ha echado triunfo, la carta más alta del "
        "palo que salió. Las cartas de otros palos nunca ganan. Quien gana recoge la baza y "
        "sale en la siguiente.",
    ]
    if variant in ("habanero", "boricua"):
        play.append(
            "Mientras quede montón solo hay una obligación, el arrastre: si sale un triunfo y "
            "tienes triunfo, debes echar triunfo, aunque no sea más alto. Si no, puedes "
            "jugar cualquier carta."
        )
    elif variant == "corriente":
        play.append("Mientras quede montón puedes jugar la carta que quieras.")
    if two:
        play.append(
            f"Cuando se acaba el montón, las últimas {hand} bazas se juegan con todas las "
            "obligaciones. Se cumple la primera que tu mano permita:"
        )
    else:
        play.append(
            "Todas las bazas se juegan con todas las obligaciones. Se cumple la primera que "
            "tu mano permita:"
        )
    play += [
        "1. Asistir: si tienes cartas del palo que salió, debes echar una, y montar "
        "(superar la más alta de ese palo en la mesa) si puedes. Si alguien ya ha fallado "
        "con triunfo a un palo que no es triunfo, vale cualquier carta del palo.",
        "2. Fallar: si no tienes del palo, debes echar triunfo. Si ya hay triunfo en la "
        "mesa, debes superarlo si puedes (contrafallar); si no puedes, echas la carta que "
        "quieras.",
        "3. Solo si no tienes ni del palo que salió ni triunfo puedes echar cualquier carta.",
    ]
    if variant == "parejas":
        play.append(
            "No hay excepción por el compañero: también hay que montar o contrafallar sobre "
            "su carta cuando toca."
        )
    play.append(
        "No hace falta aprendérselo de memoria: el juego solo acepta cartas válidas y te "
        "dice qué regla se aplica."
    )
    sections.append(("Cómo se juega una baza", play))

    if two:
        sing = [
            "Si tienes el rey y el caballo de un mismo palo, puedes cantarlos justo después "
            "de ganar una baza, antes de salir a la siguiente. En un palo que no es triunfo "
            "son las veinte (20 puntos); en el de triunfo, las cuarenta (40 puntos).",
            "Se canta una sola vez por baza ganada, y cada palo una vez por ronda. Las "
            "cartas cantadas siguen en tu mano y se enseñan al rival. Los puntos se te "
            "apuntan en el acto.",
            "Solo se puede cantar mientras quede alguna carta en el montón después de robar "
            "en esa baza; acabado el montón, ya no hay cantes.",
        ]
        if variant == "habanero":
            sing.append("Tener los cuatro reyes o los cuatro caballos (un tute) no da nada "
                        "especial en esta variante.")
        elif variant == "corriente":
            sing.append("El tute, los cuatro reyes o los cuatro caballos en tu mano, se canta "
                        "igual y gana la partida en el acto.")
        else:
            sing.append("En el boricua se dice «Acuso veinte» o «Acuso cuarenta», y los "
                        "puntos pasan directamente a tu total. No hay tute.")
    else:
        first = ("la primera baza que gana tu pareja" if variant == "parejas"
                 else "tu primera baza ganada")
        who = "tu pareja pierde" if variant == "parejas" else "pierdes"
        sing = [
            "Si tienes el rey y el caballo de un mismo palo, puedes cantarlos justo después "
            "de ganar una baza, antes de salir: las veinte en un palo que no es triunfo (20 "
            "puntos), las cuarenta en el de triunfo (40). Se puede cantar hasta el final de "
            "la ronda.",
            "Un cante por baza ganada, y cada palo una vez por ronda. Las cuarenta se cantan "
            "antes que cualquier veinte. Las cartas cantadas siguen en la mano y se enseñan "
            "a todos.",
            f"Atención: si en {first} se puede cantar y no se canta, {who} el derecho a "
            "cantar el resto de la ronda.",
        ]
        if variant == "parejas":
            sing.insert(2, "Los cantes son de la pareja: cuando tu pareja gana una baza, "
                        "cualquiera de los dos puede cantar por ella. Primero se pregunta al "
                        "compañero del que ganó y después al ganador, antes de salir.")
            sing.append("El tute, los cuatro reyes o los cuatro caballos en una mano, se "
                        "canta igual: acaba la ronda en el acto y cuenta como dos rondas "
                        "ganadas.")
        else:
            sing.append("El tute, los cuatro reyes o los cuatro caballos, se canta igual: "
                        "acaba la ronda en el acto y cada uno de los otros jugadores se apunta "
                        "dos piedras.")
    sections.append(("Los cantes", sing))

    if variant in ("habanero", "corriente"):
        swap = [
            "Si tienes el 7 de triunfo, puedes cambiarlo por la carta vista cuando es as, 3, "
            "rey, caballo o sota. Si tienes el 2 de triunfo, puedes cambiarlo por un 7, 6, 5 "
            "o 4 visto. Pueden darse los dos cambios, uno tras otro.",
        ]
        if variant == "habanero":
            swap.append(
                "Puedes cambiar cuando vas a salir tras ganar una baza, mientras quede "
                "montón. Antes de la primera baza se pregunta primero al que da y después a "
                "la mano. Cambiar es voluntario, y el rival lo ve."
            )
        else:
            swap += [
                "En el corriente el cambio es diferido: en tu turno, mientras quede montón, "
                "lo anuncias y pones tu 7 (o tu 2) debajo de la carta vista. Juegas con una "
                "carta menos hasta que ganes una baza; entonces te llevas la carta vista y "
                "la tuya pasa a ser la vista.",
                "Solo puede haber un cambio pendiente. Si el montón se acaba antes, quien "
                "pierde la última baza con montón se lleva todas las cartas que quedan en "
                "él, y las manos vuelven a igualarse.",
            ]
        sections.append(("El cambio del 7 y del 2", swap))
    elif variant == "boricua":
        sections.append(("El cambio del 7", [
            "Solo se cambia el 7 de triunfo, por un as, 3, rey, caballo o sota visto. Puedes "
            "hacerlo antes de la primera baza o justo después de ganar una baza, mientras "
            "quede montón. El rival lo ve.",
        ]))
    elif variant == "tres":
        sections.append(("El cambio del 7 y del 2", [
            "Antes de la primera baza el cambio es obligatorio, y lo hace el juego: quien "
            "tiene el 7 de triunfo se lleva la carta vista si es as, 3, rey, caballo o sota, "
            "y deja el 7 en su lugar.",
            "Después, si la carta vista es un 7, un 6 o un 5, se la lleva quien tiene el 2 de "
            "triunfo, a cambio del 2. Un 4 visto se queda donde está.",
        ]))

    if variant == "habanero":
        sections.append(("Capote", [
            "Acabado el montón, el jugador que va a salir en la primera de las últimas 8 "
            "bazas puede anunciar capote: se compromete a ganarlas todas. Si lo consigue, "
            "gana la partida; si pierde una sola, la partida es del rival en ese momento.",
            "Sin anunciarlo, ganar todas las bazas no tiene premio.",
        ]))

    if variant in ("habanero", "corriente"):
        at_once = ("Un capote decide la partida en el acto." if variant == "habanero"
                   else "Un tute gana la partida en el acto.")
        score = [
            "Al final de la ronda cada jugador suma los puntos de las bazas que ganó, las "
            "diez de últimas si son suyas y sus cantes.",
            "Si tras el primer reparto tienes 101 o más, ganas la partida. Si llegan los dos, "
            "gana quien más tiene, y a igualdad, quien ganó la última baza.",
            "Si nadie llega a 101, se da la vuelta: reparte de nuevo quien ganó la última "
            "baza y los puntos se conservan. El primero que llega a 101 durante la vuelta "
            "gana en ese momento. " + at_once,
            "Gana el encuentro el primero que gana 3 partidas (o las que se elijan). En cada "
            "partida nueva reparte el otro jugador.",
        ]
    elif variant == "boricua":
        score = [
            "Los puntos de las cartas, las diez de últimas y los acusos se suman a un total "
            "que pasa de ronda en ronda. El primero que llega a 101 gana la partida en ese "
            "momento, aunque sea a mitad de ronda.",
            "Los tantos se cuentan en malas y buenas: de 0 a 50 puntos estás en malas; desde "
            "51 cada punto es una buena, así que 51 es una buena y 60 son diez buenas.",
            "En un torneo, de 2 a 6 jugadores se enfrentan por eliminatorias, cada cruce uno "
            "contra uno a 101. Quien espera su turno puede mirar sin ver las cartas ocultas.",
        ]
    elif variant == "tres":
        score = [
            "Al final de la ronda cada jugador suma los puntos de sus bazas, las diez de "
            "últimas si son suyas y sus cantes. Gana la ronda quien más tiene; si hay empate, "
            "el empatado que ganó la baza más tardía.",
            "Cada uno de los demás se apunta una piedra (una ronda perdida), o dos tras un "
            "tute. Cuando alguien llega al límite (3 piedras, si no se elige otro), se acaba "
            "la partida y gana quien tenga menos piedras.",
        ]
    else:
        score = [
            "Al final de la ronda cada pareja suma los puntos de sus bazas, las diez de "
            "últimas si son suyas y sus cantes. Gana la ronda la pareja con más puntos; a "
            "igualdad, la que ganó la última baza.",
            "Gana la partida la primera pareja que gana 3 rondas (o las que se elijan); un "
            "tute cuenta como dos rondas ganadas.",
        ]
    sections.append(("Puntos y victoria", score))
    return sections

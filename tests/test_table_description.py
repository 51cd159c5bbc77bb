"""Issue 28: one description of the table, built from what a viewer may see and
painted by one painter; one function for an action's words."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from window_helpers import new_table, settle

from tute_desktop.app import App
from tute_desktop.engine import Action, find_variant, public_view, view
from tute_desktop.engine.cards import bits, card_name
from tute_desktop.engine.view import View
from tute_desktop.game.match import Match, Seat
from tute_desktop.ui.gfx import Canvas, pixel_box
from tute_desktop.ui.table import TableScene, picture
from tute_desktop.ui.table.board import OPPONENT_SCALE
from tute_desktop.ui.table.describe import Box, action_words
from tute_desktop.ui.table.picture import RING_WIDTH, paint_plate, paint_ring, paint_table
from tute_desktop.ui.table.still import describe_table
from tute_desktop.ui.widgets import GOLD


def _match(variant: str, seed: int = 3) -> Match:
    n = find_variant(variant).players
    return Match(variant, [Seat("Ana")] + [Seat(f"Bot {i}", "random") for i in range(1, n)],
                 seed=seed)


def test_a_public_view_knows_no_hand() -> None:
    """The seatless view (spectators, the privacy screen) holds only what the
    public record shows: no hand's unrevealed card, no stock card."""
    match = _match("habanero")
    st = match.state
    pv = public_view(st)
    assert all(h == 0 for h in pv.state.hands)  # nothing declared or shown yet
    assert pv.hand_sizes == [h.bit_count() for h in st.hands]
    assert all(c == -1 for c in pv.state.stock)
    assert pv.state.faceup == st.faceup  # the face-up trump card is public


def test_a_table_described_from_a_seats_view_names_only_what_it_sees(app: App) -> None:
    """From a seat's view: that hand face up, every other hand as many backs as
    it holds cards (not only its known ones), the stock as backs; from the
    public view every hand is backs."""
    for variant in ("habanero", "tres", "parejas"):
        match = _match(variant)
        st = match.state
        seen = view(st, 0)
        desc = describe_table(app, match, seen, size=(1280, 720))
        faces = {c.face for c in desc.cards if c.face is not None}
        assert set(bits(st.hands[0])) <= faces
        for s in range(1, st.n):  # (parejas: the dealer's turned-up trump is public)
            assert faces & set(bits(st.hands[s])) <= set(bits(seen.known[s]))
        backs = sum(c.face is None for c in desc.cards)
        others = {c for h in st.hands[1:] for c in bits(h)}
        assert backs + len(faces & others) == len(others) + len(st.stock)
        assert [p.seat for p in desc.plates] == list(range(st.n))
        public = describe_table(app, match, public_view(st), size=(1280, 720))
        shown = {c.face for c in public.cards if c.face is not None}
        known = public_view(st).known
        assert shown & {c for h in st.hands for c in bits(h)} <= \
            {c for h in known for c in bits(h)}
        assert len(public.cards) == len(desc.cards)


def test_parejas_plates_take_their_side_from_the_engine(app: App) -> None:
    """A team's colour strip comes from ``State.side_of``: partners share it."""
    match = _match("parejas")
    desc = describe_table(app, match, view(match.state, 0), size=(1280, 720))
    colours = [p.side_colour for p in desc.plates]
    st = match.state
    assert all(c is not None for c in colours)
    for a in range(4):
        for b in range(4):
            assert (colours[a] == colours[b]) == (st.side_of(a) == st.side_of(b))
    two = describe_table(app, _match("habanero"), view(_match("habanero").state, 0),
                         size=(1280, 720))
    assert all(p.side_colour is None for p in two.plates)


def test_a_described_table_paints_its_cards_where_it_says(app: App) -> None:
    """``paint_table`` paints a description: the felt, and a card face where
    the description puts a card of the hand."""
    app.set_window_size((1280, 720))
    match = _match("habanero")
    desc = describe_table(app, match, view(match.state, 0))
    canvas = app.screen.canvas()
    canvas.clear((0, 0, 0))
    paint_table(canvas, desc, app)
    frame = app.screen.read_pixels()
    felt = tuple(app.settings.table_rgb)
    assert tuple(frame.get_at((640, 5)))[:3] != (0, 0, 0)
    spot = min((c for c in desc.cards if c.face is not None), key=lambda c: abs(c.angle))
    assert tuple(frame.get_at((int(spot.x), int(spot.y))))[:3] != felt


def test_the_table_scene_describes_what_it_paints(app: App) -> None:
    """The scene's frame is its description painted: the same pixels."""
    table = new_table(app, "habanero", seed=2)
    settle(app, table)
    shown = pygame.image.tobytes(app.picture(), "RGB")
    canvas = app.screen.canvas()
    canvas.clear((0, 0, 0))
    paint_table(canvas, table.describe(), app)
    assert pygame.image.tobytes(app.screen.read_pixels(), "RGB") == shown


def test_an_action_has_one_name_everywhere() -> None:
    """``action_words`` names every kind of action, each apart, in both languages."""
    texts = ("play 3o", "sing 20 e", "sing 40", "sing tute 12", "sing tute 11", "swap 7o",
             "pass")
    for lang in ("en", "es"):
        words = [action_words(lang, Action.parse(t)) for t in texts]
        assert all(words) and len(set(words)) == len(texts)
        assert not set(words) & set(texts)


def test_the_description_and_its_painter_load_without_the_table_scene() -> None:
    """A lesson or the review imports them without the table's scene."""
    code = ("import sys; import tute_desktop.ui.table.still, tute_desktop.ui.table.picture; "
            "assert 'tute_desktop.ui.table.scene' not in sys.modules, 'scene loaded'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_card_in_flight_is_one_picture_scaled_not_one_a_frame(app: App) -> None:
    """Cards dealt grow from the dealer's pack to their hands' sizes: each is
    drawn from one picture scaled by the renderer, not a picture made at every
    size it passes (an SVG rasterised per card per frame: frames of 13-18 ms)."""
    from window_helpers import tick

    new_table(app, "habanero", seed=2)
    sizes: dict[object, set[object]] = {}
    for _ in range(40):
        tick(app, 1, 0.05)
        app.draw_frame()
        for full in list(app.screen.textures._kept):
            key = full[0] if len(full) == 2 else None
            if isinstance(key, tuple) and isinstance(key[0], tuple) and key[0][0] == "card":
                sizes.setdefault(key[0][1], set()).add(full[1])
    assert sizes and max(len(s) for s in sizes.values()) <= 3, sizes


def test_no_frame_rasterises_the_dealt_hand_at_once(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The faces the person will see are rasterised from their SVG one a frame
    while the deal runs, not all in the frame that turns the hand up (ten in one
    frame: 34 ms at 1280x720, issue 28); and only faces that person may see."""
    from window_helpers import tick

    table = new_table(app, "habanero", seed=2)
    made: list[tuple[int, str, int]] = []
    frame = [0]
    real = app.resources._svg

    def counting(key: str, path: Path, width: int) -> pygame.Surface:
        if (key, width) not in app.resources._images:
            made.append((frame[0], key, width))
        return real(key, path, width)

    monkeypatch.setattr(app.resources, "_svg", counting)
    # Faces the person was shown so far, holds, or will see turned up at the deal.
    seen: set[str] = {card_name(table.board.faceup)}
    for frame[0] in range(1, 150):
        tick(app, 1, 1 / 60)
        seen |= {card_name(c) for c in table.describe().faces()}
        seen |= {card_name(c) for c in bits(table.match.state.hands[0])}
    per_frame = [sum(1 for f, k, _ in made if f == i and not k.startswith("back"))
                 for i in range(1, 150)]
    assert sum(per_frame) >= 8  # the hand was made during these frames
    assert max(per_frame) <= 2, per_frame
    # (the trump's mark is drawn from its Ace's art, at a size of its own)
    sizes = {round(table.geo.card_w * s * app.screen.ratio) for s in (1.0, OPPONENT_SCALE)}
    cards = {k for _, k, w in made if w in sizes and not k.startswith("back")}
    assert cards <= seen, "a face the person was not shown"


def _settled_parejas(app: App) -> TableScene:
    table = new_table(app, "parejas", seed=3)
    settle(app, table)
    table.toggle_last()
    table.toggle_chronicle()
    return table


def test_a_table_frame_is_its_cards_and_one_picture_per_plate_panel_and_button(
        app: App) -> None:
    """Each plate, panel, button, name beside a card of the trick and the
    trump's mark is painted as one picture (its box and words together): on a
    CPU rasteriser every texture drawn costs, and a plate drawn as a box, a
    rim, a chip and three words took six."""
    table = _settled_parejas(app)
    desc = table.describe()
    assert desc.trick_tags  # (the person is not the first to play to this trick)
    # backs lying one over the next are one picture (test_a_pile_of_backs_...)
    at_rest = picture._at_rest(desc.cards, desc.card_size)
    cards = len(at_rest) + sum(1 for c in desc.cards if c.flying) \
        + sum(len(p.cards) for p in (*desc.panels, *desc.overlays))
    outlines = sum(1 for c in desc.cards if c.outline is not None)
    groups = len(desc.plates) + len(desc.panels) + len(desc.overlays) + len(desc.buttons) + \
        len(desc.trick_tags) + 1
    labels = sum(1 for w in desc.labels if w.words)
    canvas = app.screen.canvas()
    paint_table(canvas, desc, app)
    assert canvas.drawn == 5 + cards + outlines + groups + labels  # the felt, its ring in 4


@pytest.mark.parametrize("variant", ["habanero", "tres"])
def test_a_pile_of_backs_is_one_picture_that_looks_like_its_cards(
        app: App, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stock and a hand the viewer may not see (backs at rest, each over the
    next, turned alike: the left and right seats' hands in tres) are painted as
    one picture each, which looks as the backs painted one by one do (issue 28:
    the stock alone was 23 of a frame's 57 draws)."""
    table = new_table(app, variant, seed=3)
    settle(app, table)
    for _ in range(200):  # until the last card played lands
        if not any(c.flying for c in table.describe().cards):
            break
        table.update(1 / 60)
    desc = table.describe()
    assert not any(c.flying for c in desc.cards)
    backs = [c for c in desc.cards if c.face is None]
    runs = [r for r in picture._at_rest(desc.cards, desc.card_size)
            if len(r) >= picture.PILE_LEAST]
    assert runs and all(c.face is None for r in runs for c in r)
    if variant == "tres":  # the two other hands, each turned a quarter
        assert len(runs) == 2 and all(abs(r[0].angle) == 90 for r in runs)
    else:  # the stock, and the other seat's hand
        assert len(runs) == 2 and sum(len(r) for r in runs) == len(backs)

    def pixels() -> pygame.Surface:
        canvas = app.screen.canvas()
        paint_table(canvas, desc, app)
        drawn = canvas.drawn
        return app.screen.read_pixels(), drawn

    piled, piled_draws = pixels()
    monkeypatch.setattr(picture, "PILE_LEAST", 10 ** 6)
    one_by_one, single_draws = pixels()
    assert single_draws - piled_draws == sum(len(r) - 1 for r in runs)
    # the same picture: each straight pile's top card exactly (a sample of its
    # pixels), the cards under it within half a pixel (only their edges show)
    ratio = app.screen.ratio
    for run in runs:
        top = run[-1]
        cw, ch = desc.card_size[0] * top.scale, desc.card_size[1] * top.scale
        if abs(top.angle) == 90:
            cw, ch = ch, cw
        box = pygame.Rect(0, 0, int(cw * ratio) - 4, int(ch * ratio) - 4)
        box.center = (round(top.x * ratio), round(top.y * ratio))
        box = box.clip(piled.get_rect())
        a, b = piled.subsurface(box), one_by_one.subsurface(box)
        mean_a, mean_b = pygame.transform.average_color(a), pygame.transform.average_color(b)
        assert all(abs(p - q) <= 1 for p, q in zip(mean_a, mean_b, strict=True))
        if top.angle:  # turned on the renderer about another centre: within a
            continue   # fraction of a pixel (the crosshatch's phase), not exactly
        far = sum(1 for x in range(0, box.w, 3) for y in range(0, box.h, 3)
                  if max(abs(p - q) for p, q in zip(a.get_at((x, y))[:3],
                                                    b.get_at((x, y))[:3], strict=True)) > 8)
        assert far == 0
    mean = pygame.transform.average_color(piled), pygame.transform.average_color(one_by_one)
    assert all(abs(p - q) <= 1 for p, q in zip(mean[0], mean[1], strict=True))


@pytest.mark.parametrize("ratio", [1, 2])
def test_a_plates_picture_is_the_plate_and_words_painted_one_by_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ratio: int) -> None:
    """A plate's one picture looks as its box and words drawn one by one on the
    frame (the words at their pixel size: sharp at ratio 2)."""
    from window_helpers import inline_app

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app("--pixel-ratio", str(ratio))
    try:
        table = _settled_parejas(app)
        plate = replace(table.describe().plates[0], side_colour=None, turn=False, chip=None,
                        chip_word=None)
        one = _painted(app, lambda c: paint_plate(c, app, plate), plate.box)
        canvas = app.screen.canvas()
        canvas.clear((0, 0, 0))
        canvas.rect(plate.colour, plate.box, 0, 8)
        for w in (plate.name, plate.status, plate.chip_word):
            if w is not None:
                app.text.draw(canvas, w.words, w.size, w.at, w.colour, w.anchor, w.bold)
        apart = app.screen.read_pixels().subsurface(pixel_box(plate.box, ratio))
        assert one.get_size() == apart.get_size()
        w, h = one.get_size()
        # the words' pixels where they were (translucent edges may differ a little)
        differ = sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
                     if max(abs(a - b) for a, b in zip(one.get_at((x, y))[:3],
                                                       apart.get_at((x, y))[:3], strict=True)) > 48)
        assert differ <= w * h // 4 // 50, differ
    finally:
        app.nav.close_all()
        app.writer.close()


def _painted(app: App, paint: Callable[[Canvas], None], box: Box) -> pygame.Surface:
    canvas = app.screen.canvas()
    canvas.clear((0, 0, 0))
    paint(canvas)
    return app.screen.read_pixels().subsurface(pixel_box(box, canvas.ratio)).copy()


@pytest.mark.parametrize("ratio", [1, 2])
def test_the_ring_in_four_pieces_is_the_ring_drawn_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ratio: int) -> None:
    """The felt's ring is drawn without its empty middle (four pictures: its
    transparent pixels cost a CPU rasteriser as much as visible ones), and looks
    exactly as the ellipse drawn whole."""
    from window_helpers import inline_app

    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    app = inline_app("--pixel-ratio", str(ratio))
    try:
        app.set_window_size((1280, 720))
        for ring in ((390.0, 200.0, 504.0, 342.0), (100.0, 60.0, 300.0, 204.0),
                     (10.0, 10.0, 60.0, 40.0)):
            canvas = app.screen.canvas()
            canvas.clear((0, 80, 0))
            canvas.ellipse((0, 60, 0), ring, RING_WIDTH)
            whole = pygame.image.tobytes(app.screen.read_pixels(), "RGB")
            canvas = app.screen.canvas()
            canvas.clear((0, 80, 0))
            paint_ring(canvas, ring, (0, 60, 0))
            assert pygame.image.tobytes(app.screen.read_pixels(), "RGB") == whole, ring
    finally:
        app.nav.close_all()
        app.writer.close()


def _mid_trick(variant: str, seed: int = 3) -> Match:
    """A round of ``variant`` with every seat but the last to play a card in
    the trick (the first legal play each time; subastado from its play, coins
    named by the seat after the dealer, §12)."""
    from window_helpers import bid_by

    match = _match(variant, seed)
    st = match.state
    if variant == "subastado":
        bid_by(match, (st.dealer + 1) % st.n)
    while st.tricks_played < 1 or len(st.trick_cards) < st.n - 1:
        acts = st.legal_actions()
        match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
    return match


@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro", "subastado"])
def test_each_card_of_the_trick_is_named_by_its_seat(app: App, variant: str) -> None:
    """At three and four players each card of the trick on the table has its
    seat's name beside it, as the seat's plate says it (a newcomer could not
    tell who had played what): in the description the game, a lesson and the
    review paint, next to its card and on none (the top and bottom cards'
    on their own card, a ribbon across its foot), painted where it says."""
    match = _mid_trick(variant)
    st = match.state
    desc = describe_table(app, match, view(st, 0), size=(1280, 720))
    names = {p.seat: p.name.words for p in desc.plates}
    assert [t.seat for t in desc.trick_tags] == list(st.trick_seats)
    first, *rest = st.trick_seats  # the first card's tag says it was led
    assert [t.words.words for t in desc.trick_tags] == [
        app.tr("trick_tag_led", name=names[first]), *(names[s] for s in rest)]
    cw, ch = desc.card_size
    spots = {c.face: c for c in desc.cards}
    gap = max(4, int(ch * 0.06))
    for seat, card in zip(st.trick_seats, st.trick_cards, strict=True):
        seat_tag = next(t for t in desc.trick_tags if t.seat == seat)
        tag = pygame.Rect(seat_tag.box)
        spot = spots[int(card)]
        mine = pygame.Rect(0, 0, cw, ch)
        mine.center = (round(spot.x), round(spot.y))
        assert mine.inflate(4 * gap, 4 * gap).colliderect(tag), (seat, tag, mine)  # beside it
        if seat_tag.card >= 0:  # a ribbon on its own card (the top and bottom ones)
            assert seat_tag.card == int(card) and mine.contains(tag), (seat, tag, mine)
        for other in desc.cards:  # on no card (but its own, as a ribbon)
            if seat_tag.card >= 0 and other.face == card:
                continue
            rect = pygame.Rect(0, 0, cw * other.scale, ch * other.scale)
            rect.center = (round(other.x), round(other.y))
            assert not rect.colliderect(tag), (seat, tag, other)
    app.set_window_size((1280, 720))
    canvas = app.screen.canvas()
    canvas.clear((0, 0, 0))
    paint_table(canvas, desc, app)
    frame = app.screen.read_pixels()
    felt = tuple(app.settings.table_rgb)
    for t in desc.trick_tags:  # a dark box on the felt
        x, y, w, h = t.box
        assert tuple(frame.get_at((int(x + 1), int(y + h / 2))))[:3] != felt
    # With two players the bottom card is the person's and the top the other's:
    # only the card led is tagged, saying who led it (a newcomer in boricua
    # could not tell).
    two = _mid_trick("habanero")
    [tag] = describe_table(app, two, view(two.state, 0), size=(1280, 720)).trick_tags
    [first] = two.state.trick_seats
    assert tag.seat == first and tag.words.words.endswith(app.tr("trick_tag_led", name=""))


@pytest.mark.parametrize("offsets", [
    [(0, 0), (-1, -1), (-1, -1), (-2, -2), (-3, -3), (-13, -13)],  # the stock
    [(0, 0), (29, 0), (58, 0), (86, 0)],  # a hand of backs in a row
    [(0, 0), (0, 18), (0, 36), (200, 0)],  # one that lies apart
], ids=["stock", "row", "apart"])
@pytest.mark.parametrize("width", [73, 192])
def test_a_pile_laid_from_the_parts_that_show_is_the_pile_laid_whole(
        app: App, offsets: list[tuple[int, int]], width: int) -> None:
    """A pile's picture lays each card but the top one only where the card
    over it may leave it showing (``picture._showing``): the same pixels as
    laying every card whole."""
    card = picture._exact(app.resources.card_back("red", width), width, round(width * 1.54))
    w, h = card.get_size()
    left, up = min(x for x, _ in offsets), min(y for _, y in offsets)
    size = (max(x for x, _ in offsets) - left + w, max(y for _, y in offsets) - up + h)
    at = [(x - left, y - up) for x, y in offsets]
    whole, parts = pygame.Surface(size, pygame.SRCALPHA), pygame.Surface(size, pygame.SRCALPHA)
    for p in at:
        whole.blit(card, p)
    laid = 0
    for p, above in zip(at, [*at[1:], None], strict=True):
        for part in picture._showing(card, p, above):
            parts.blit(card, (p[0] + part.x, p[1] + part.y), part)
            laid += part.w * part.h
    assert pygame.image.tobytes(whole, "RGBA") == pygame.image.tobytes(parts, "RGBA")
    if len(offsets) > 4:  # the stock: far fewer pixels laid than the cards' own
        assert laid < 0.45 * len(offsets) * w * h


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("variant", ["tres", "parejas", "cuatro"])
def test_the_led_card_says_who_led_it(app: App, lang: str, variant: str) -> None:
    """A newcomer could not tell which card of a trick was led: its tag says so
    ("Bot 2 led", "Salió Bot 2"), in gold; the others' say only the name."""
    app.set_settings(replace(app.settings, language=lang))
    match = _mid_trick(variant)
    st = match.state
    desc = describe_table(app, match, view(st, 0), size=(1280, 720))
    led = desc.trick_tags[0]
    name = next(p.name.words for p in desc.plates if p.seat == st.trick_seats[0])
    assert led.seat == st.trick_seats[0]
    assert led.words.words == {"en": f"{name} led", "es": f"Salió {name}"}[lang]
    assert led.words.colour == GOLD
    assert all(t.words.colour != GOLD for t in desc.trick_tags[1:])


@pytest.mark.parametrize("size", [(960, 540), (1366, 768), (1920, 1080)])
def test_a_card_led_alone_has_its_tag_at_its_foot_not_its_middle(
        app: App, size: tuple[int, int]) -> None:
    """Two players, the other seat led: its tag ("Salió Bot") lay where the
    person's card would cover the led card's foot, so across the led card's
    middle before the person had played (two village players read it as
    hiding the card, cold plays nc68 and nc69). Alone, the card led has its
    tag at its own foot."""
    match = _match("habanero", 3)
    st = match.state
    while not (st.trick_seats == [1] and st.to_act == 0):
        acts = st.legal_actions()
        match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
    cw, ch = describe_table(app, match, view(st, 0), size=size).card_size

    def tag_and_cards() -> tuple[pygame.Rect, dict[int, pygame.Rect]]:
        desc = describe_table(app, match, view(st, 0), size=size)
        (tag,) = desc.trick_tags
        rects = {}
        for spot in desc.cards:
            if spot.face in st.trick_cards:
                r = pygame.Rect(0, 0, cw, ch)
                r.center = (round(spot.x), round(spot.y))
                rects[int(spot.face)] = r
        return pygame.Rect(tag.box), rects

    tag, rects = tag_and_cards()
    led = rects[int(st.trick_cards[0])]
    assert led.contains(tag) and tag.top > led.top + ch * 3 // 4, (tag, led)
    # (once the person's card lies there too, the tag clear of it on the led
    # card: ``test_with_two_players_the_card_led_says_who_led_it``'s layout check
    # while the trick is called out)


@pytest.mark.parametrize("variant", ["parejas", "cuatro"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_four_cards_of_a_trick_hide_no_index(app: App, variant: str,
                                            size: tuple[int, int]) -> None:
    """With four players a newcomer found their own card of the trick almost
    hidden under the partner's: the side cards touch no other card of the
    trick, the person's (bottom) card is drawn over the top one whoever played
    first, and the top card keeps its upper index (its top fifth) clear."""
    match = _mid_trick(variant)
    st = match.state
    while len(st.trick_cards) != 3 or not {0, 2} <= set(st.trick_seats):
        acts = st.legal_actions()  # to three cards of a trick, the person's and the top one's
        match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
    desc = describe_table(app, match, view(st, 0), size=size)
    cw, ch = desc.card_size
    spots = {c.face: c for c in desc.cards}
    geo_where = {0: "bottom", 1: "right", 2: "top", 3: "left"}
    rects, z = {}, {}
    for seat, card in zip(st.trick_seats, st.trick_cards, strict=True):
        spot = spots[int(card)]
        rect = pygame.Rect(0, 0, cw, ch)
        rect.center = (round(spot.x), round(spot.y))
        rects[geo_where[seat]], z[geo_where[seat]] = rect, spot.z
    for side in {"left", "right"} & set(rects):
        assert all(not rects[side].colliderect(r) for w, r in rects.items() if w != side)
    assert z["bottom"] > z["top"]
    index = pygame.Rect(rects["top"].x, rects["top"].y, cw, ch // 5)
    assert not index.colliderect(rects["bottom"])


def test_a_teams_won_pile_is_counted_in_the_teams_colour(app: App) -> None:
    """In parejas a newcomer took the won pile beside them for theirs alone:
    each pile's count is in its team's colour, as the plates and the score
    panel are; with no teams the count stays dim."""
    from tute_desktop.ui.table.hud import TEAM_INK
    from tute_desktop.ui.widgets import DIM

    for variant, colours in (("parejas", set(TEAM_INK)), ("tres", {DIM})):
        match = _mid_trick(variant)
        st = match.state
        while sum(1 for pile in st.collected if pile) < 2:  # two sides have won a trick
            acts = st.legal_actions()
            match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
        desc = describe_table(app, match, view(st, 0), size=(1280, 720))
        said = {app.tr(key, n=k) for k in range(14)
                for key in ("tricks_count", "tricks_yours", "tricks_ours", "tricks_theirs")}
        said |= {app.tr("tricks_of", name=f"Bot {i}", n=k) for i in range(4) for k in range(14)}
        counts = [w for w in desc.labels if w.words in said]
        assert len(counts) >= 2
        assert {w.colour for w in counts} == colours


@pytest.mark.parametrize("variant", ["habanero", "tres", "cuatro", "parejas"])
def test_the_viewers_own_pile_says_it_is_theirs_where_each_plays_alone(
        app: App, variant: str) -> None:
    """A newcomer took their pile, at the bottom right beside the next seat's
    plate, for that seat's: each alone, the viewer's own count reads "Yours:
    N" (with two as well: "Tricks" for one's own pile in boricua, beside
    "Yours" with three, puzzled another); another seat's says its name ("Bot
    1: 2": with two, "Tricks: 2" left a newcomer asking whose), seen by
    nobody in particular (a spectator) every seat's; a team's (parejas) says
    "Ours" / "Theirs" to the viewer, "Tricks" to a spectator, in its colour."""
    from tute_desktop.engine import public_view
    from tute_desktop.i18n.defaults import short_name

    match = _mid_trick(variant)
    st = match.state
    while not (st.collected[0] and sum(1 for pile in st.collected if pile) >= 2):
        acts = st.legal_actions()
        match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
    piles = sum(1 for pile in st.collected if pile)
    for seen, mine in ((view(st, 0), variant != "parejas"), (public_view(st), False)):
        desc = describe_table(app, match, seen, size=(1280, 720))
        yours = [w for w in desc.labels if w.words.startswith(app.tr("tricks_yours", n=0)[:5])]
        plain = [w for w in desc.labels
                 if w.words in {app.tr("tricks_count", n=k) for k in range(14)}]
        named = {app.tr("tricks_of", name=short_name(app.lang, s.name, s.level), n=k): i
                 for i, s in enumerate(match.seats) for k in range(14)}
        by_name = sorted(named[w.words] for w in desc.labels if w.words in named)
        assert len(yours) == (1 if mine else 0), [w.words for w in desc.labels]
        teams = {app.tr(key, n=k): key for k in range(14)
                 for key in ("tricks_ours", "tricks_theirs")}
        team = sorted(teams[w.words] for w in desc.labels if w.words in teams)
        if variant == "parejas":
            assert by_name == [] and len(plain) == piles - len(team)
        else:
            assert plain == [] and len(by_name) == piles - len(yours)
            assert by_name == sorted(i for i, pile in enumerate(st.collected)
                                     if pile and not (mine and i == 0))
        # parejas: a team's pile lies beside one of its seats; its count says
        # whose it is to the viewer ("Ours", "Theirs"; a newcomer read the other
        # team's pile, beside Bot 2, as Bot 2's when Bot 4 had won).
        viewer = isinstance(seen, View) and variant == "parejas"
        assert team == (["tricks_ours", "tricks_theirs"] if viewer else [])


def test_the_dealers_turned_up_trump_stands_out_only_in_anothers_hand(app: App) -> None:
    """parejas (§9): the dealer's last card is shown to all and kept. In the
    person's own hand it stays in line (raised all round it read as a card
    chosen, and beside a hinted card two stood up); a side seat's lies face
    up in front of it, off its hand (it lay on the backs, which hid most of
    it)."""
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "random") for i in range(1, 4)]
    mine = Match("parejas", seats, seed=2)  # Ana deals
    st = mine.state
    assert st.dealer == 0
    desc = describe_table(app, mine, view(st, 0), size=(1280, 720))
    turned = next(k.card for k in st.history if type(k).__name__ == "KnownRecord")
    hand = [c for c in desc.cards if c.face is not None and st.hands[0] >> c.face & 1]
    spot = next(c for c in hand if c.face == turned)
    assert not spot.raised
    assert spot.y >= min(c.y for c in hand if c.face != turned)  # not above the others
    other = Match("parejas", seats, seed=0)  # Bot 3, on the left, deals
    st = other.state
    assert st.dealer == 3
    desc = describe_table(app, other, view(st, 0), size=(1280, 720))
    turned = next(k.card for k in st.history if type(k).__name__ == "KnownRecord")
    spot = next(c for c in desc.cards if c.face == turned)
    from layout_check import card_corners, card_hits, card_rect

    backs = [c for c in desc.cards if c.face is None and c.x < desc.size[0] / 4
             and c.angle == 90]  # the left hand
    assert backs and spot.angle == 90  # (across, as the hand's cards lie)
    shown = card_rect(desc, spot)
    assert not any(card_hits(card_corners(desc, c), shown) for c in backs)


@pytest.mark.parametrize(("lang", "said"), [("en", "You led"), ("es", "Saliste tú")])
def test_the_persons_led_card_speaks_to_them(app: App, lang: str, said: str) -> None:
    """The person named as the game names them ("Tú"/"You"): their led card's
    tag is their own form ("Salió Tú" was wrong Spanish)."""
    app.set_settings(replace(app.settings, language=lang))
    you = app.tr("you")
    match = Match("parejas", [Seat(you)] + [Seat(f"Bot {i}", "random") for i in (1, 2, 3)],
                  seed=3)
    st = match.state
    while not st.trick_seats or st.trick_seats[0] != 0:  # a trick the person led
        acts = st.legal_actions()
        match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
    desc = describe_table(app, match, view(st, 0), size=(1280, 720))
    assert desc.trick_tags[0].seat == 0 and desc.trick_tags[0].words.words == said


@pytest.mark.parametrize(("size", "lang", "text_size"), [
    ((1280, 720), "es", "normal"), ((960, 540), "es", "large"), ((1920, 1080), "en", "large")])
def test_a_long_name_on_a_won_pile_is_cut_not_dropped(
        app: App, size: tuple[int, int], lang: str, text_size: str) -> None:
    """At a hot-seat table the piles read "Tuyas: 1", "Leo: 1" and, where a
    name did not fit, "Bazas: 1" (nc95): a name too long for the pile's room is
    cut with an ellipsis ("Maximil…: 2"), so every pile says whose it is; a
    short one stays whole."""
    from window_helpers import sized

    sized(app, size, lang, text_size)
    for other in ("Maximiliano Rodríguez de la Fuente", "Leo"):
        match = Match("habanero", [Seat("Guadalupe"), Seat(other)], seed=3)
        st = match.state
        while not all(st.collected):
            acts = st.legal_actions()
            match.apply(next((a for a in acts if a.kind == "play"), acts[0]))
        desc = describe_table(app, match, view(st, 0), size=size)
        counts = {app.tr(key, n=k) for k in range(21) for key in ("tricks_count",)}
        assert not [w for w in desc.labels if w.words in counts]
        others = {app.tr(key, n=0).rsplit(":", 1)[0] for key in ("tricks_yours", "stock")}
        theirs = [m.group(1) for w in desc.labels
                  if (m := re.fullmatch(r"(.+): \d+", w.words)) and m.group(1) not in others]
        assert len(theirs) == 1, [w.words for w in desc.labels]
        name = theirs[0]
        if other == "Leo":
            assert name == "Leo"
        else:
            assert name.endswith("…") and other.startswith(name[:-1]) and len(name) >= 4

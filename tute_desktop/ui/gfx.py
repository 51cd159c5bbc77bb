"""The window and its painter: SDL's renderer at the display's pixel density.

The one module of the game that touches ``pygame._sdl2.video`` (not a stable
API, and not importable under SDL3): everything else paints through ``Canvas``.

Points and pixels
-----------------
Layout and input are in *points*, the units the system gives window sizes and
pointer positions in; painting and screenshots are in *pixels*. The pixel ratio
is the drawable's size over the window's: 2 on a Retina Mac (the window is made
with ``allow_high_dpi``), 1 where the system scales nothing. ``--pixel-ratio R``
forces a ratio where the system gives none (Linux, Xvfb): the window is then R
times larger in pixels, the layout stays in points and the pointer is divided by
R (``Screen.to_points``). Where the system already has a ratio other than 1, the
forced one is multiplied into the window's size the same way: a window R times
larger, painted at R times the system's ratio, the pointer divided by R.

Painting
--------
``Canvas`` takes points and paints pixels: every rectangle is mapped once
(``Canvas.px``), text is rendered at its pixel size, pictures (cards, rounded
boxes, shapes) are made at their pixel size by the caller's ``make`` and kept as
textures, drawn rotated with linear filtering from a transparent margin so that
their edges are smooth. Painting changes nothing in the game: a frame is
``clear``, everything drawn in order, ``present``; ``Screen.read_pixels`` gives
the frame (read before ``present``).
"""

from __future__ import annotations

import math
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import pygame

# Linear filtering for scaled and rotated textures: set before any texture is made.
os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")

from pygame._sdl2 import sdl2, video  # noqa: E402 - after the hint, read when a texture is made

RendererError = (pygame.error, sdl2.error)
"""What a failing renderer raises (``_sdl2``'s error is not ``pygame.error``)."""

Color = Sequence[int]
PointRect = pygame.Rect | pygame.FRect | tuple[float, float, float, float]
Make = Callable[[int, int], pygame.Surface]
"""Makes a picture ``w`` x ``h`` pixels (transparent where nothing is drawn)."""

BLEND = 1
"""SDL_BLENDMODE_BLEND."""
NO_BLEND = 0
"""SDL_BLENDMODE_NONE."""
PAD = 2
"""Transparent pixels around a picture drawn rotated: linear filtering then
softens its edges instead of cutting them jagged."""
TEXTURES_SCREENS = 3.0
"""Textures kept: three times the window's pixels' bytes (cards, words, boxes)."""
TEXTURES_MOST = 3000
LEAST_BYTES = 8 << 20


class Textures:
    """Textures kept for reuse, least recently used first out, within a budget of
    bytes (their pixels) and a count."""

    def __init__(self, most_bytes: int = LEAST_BYTES, most: int = TEXTURES_MOST) -> None:
        self._kept: OrderedDict[Hashable, tuple[video.Texture, int]] = OrderedDict()
        self.bytes = 0
        self.most_bytes = most_bytes
        self.most = most
        self.made = 0
        self.made_bytes = 0
        """Textures put here (each made from a picture and uploaded to the
        renderer) since it was made, and their pixels' bytes: a frame's first-time
        work, counted by ``--frame-log`` and bounded by tests."""

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    def get(self, key: Hashable) -> video.Texture | None:
        found = self._kept.get(key)
        if found is None:
            return None
        self._kept.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, texture: video.Texture) -> video.Texture:
        size = texture.width * texture.height * 4
        self.made += 1
        self.made_bytes += size
        old = self._kept.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._kept[key] = (texture, size)
        self.bytes += size
        self._trim()
        return texture

    def limit(self, most_bytes: int) -> None:
        self.most_bytes = max(LEAST_BYTES, most_bytes)
        self._trim()

    def clear(self) -> None:
        self._kept.clear()
        self.bytes = 0

    def _trim(self) -> None:
        while len(self._kept) > 1 and (self.bytes > self.most_bytes
                                       or len(self._kept) > self.most):
            _, (_, size) = self._kept.popitem(last=False)
            self.bytes -= size


def pixel_box(rect: PointRect, ratio: float) -> pygame.Rect:
    """The pixels covering ``rect`` (points): edges rounded, so that two boxes
    that touch in points touch in pixels."""
    x, y, w, h = (rect.x, rect.y, rect.w, rect.h) if not isinstance(rect, tuple) else rect
    left, top = round(x * ratio), round(y * ratio)
    return pygame.Rect(left, top, round((x + w) * ratio) - left, round((y + h) * ratio) - top)


class TextLike(Protocol):
    """What ``Canvas.text`` needs of ``widgets.Text``: a rendered word at a size
    in pixels (kept by the caller) and its size at a size in points."""

    def render(self, text: str, size: int, color: tuple[int, ...] = (255, 255, 255),
               bold: bool = False) -> pygame.Surface:
        raise NotImplementedError


class Canvas:
    """Paints in points on SDL's renderer at ``ratio`` pixels a point.

    ``fill``, ``rect``, ``line``, ``lines`` and ``ellipse``
    take what ``pygame.draw`` takes (without the surface), in points; colours
    with alpha blend. ``picture`` draws a picture made at its pixel size and kept;
    ``text`` words rendered at their pixel size; ``clipped`` limits drawing to a
    rectangle."""

    def __init__(self, renderer: video.Renderer, ratio: float, size: tuple[int, int],
                 textures: Textures) -> None:
        self.renderer = renderer
        self.ratio = ratio
        self.size = size
        """The window's size in points."""
        self.textures = textures
        self._origin = (0, 0)
        """Pixels: the top left of the clip rectangle (the renderer's viewport)."""
        self._clip: pygame.Rect | None = None
        """Pixels: the clip rectangle (None: the whole window)."""
        self.drawn = 0
        """Textures and rectangles drawn since the frame began (for tests and benchmarks)."""

    # -- what pygame.Surface answers
    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_rect(self, **where: Any) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size).move_to(**where) if where else \
            pygame.Rect((0, 0), self.size)

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    # -- mapping
    def px(self, rect: PointRect) -> pygame.Rect:
        """``rect`` (points) in the renderer's pixels, relative to the clip."""
        box = pixel_box(rect, self.ratio)
        box.move_ip(-self._origin[0], -self._origin[1])
        return box

    def px_len(self, points: float) -> int:
        """A length (a line's width, a radius) in whole pixels, at least 1."""
        return max(1, round(points * self.ratio))

    # -- plain shapes
    def clear(self, color: Color) -> None:
        self.renderer.draw_color = _rgba(color)
        self.renderer.clear()

    def fill(self, color: Color, rect: PointRect | None = None) -> None:
        """``rect`` (all of the window when None) in ``color``; with alpha, blended."""
        rgba = _rgba(color)
        if rect is None and rgba[3] == 255 and self._clip is None:
            # The whole window in one colour is a clear: on a CPU rasteriser
            # (Mesa's llvmpipe) a window-sized quad costs about 2 ms a frame more.
            self.clear(rgba)
            self.drawn += 1
            return
        box = self.px(rect if rect is not None else (0, 0, *self.size))
        if box.w <= 0 or box.h <= 0:
            return
        r = self.renderer
        # (an opaque fill replaces what is under it: no blending, cheaper on a
        # CPU rasteriser)
        r.draw_blend_mode = BLEND if rgba[3] < 255 else NO_BLEND
        r.draw_color = rgba
        r.fill_rect(box)
        self.drawn += 1

    def rect(self, color: Color, rect: PointRect, width: float = 0, radius: float = 0) -> None:
        """A box as ``pygame.draw.rect`` draws it: filled (``width`` 0) or outlined,
        square or with rounded corners."""
        if radius <= 0 and width <= 0:
            self.fill(color, rect)
            return
        box = self.px(rect)
        if box.w <= 0 or box.h <= 0:
            return
        wpx = self.px_len(width) if width > 0 else 0
        rpx = round(radius * self.ratio)
        if rpx <= 0:  # a square outline: four filled edges
            edges = ((box.x, box.y, box.w, wpx), (box.x, box.bottom - wpx, box.w, wpx),
                     (box.x, box.y, wpx, box.h), (box.right - wpx, box.y, wpx, box.h))
            r = self.renderer
            r.draw_blend_mode = BLEND
            r.draw_color = _rgba(color)
            for edge in edges:
                r.fill_rect(edge)
            self.drawn += 1
            return
        key = ("rect", box.w, box.h, tuple(color), wpx, rpx)

        def make(w: int, h: int) -> pygame.Surface:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(s, color, s.get_rect(), wpx, border_radius=rpx)
            return s

        self._draw_texture(self._texture(key, box.size, make), box)

    def line(self, color: Color, start: tuple[float, float], end: tuple[float, float],
             width: float = 1) -> None:
        """A straight line ``width`` points thick."""
        self.lines(color, False, [start, end], width)

    def lines(self, color: Color, closed: bool, points: Sequence[tuple[float, float]],
              width: float = 1) -> None:
        self._shape("lines", color, points, width, closed)

    def ellipse(self, color: Color, rect: PointRect, width: float = 0) -> None:
        x, y, w, h = _xywh(rect)
        self._shape("ellipse", color, [(x, y), (x + w, y + h)], width)

    def _shape(self, kind: str, color: Color, points: Sequence[tuple[float, float]],
               width: float, closed: bool = False) -> None:
        """A shape drawn by ``pygame.draw`` at pixel size into a picture of its
        bounding box (kept while the same shape comes again)."""
        r = self.ratio
        wpx = self.px_len(width) if width > 0 else 0
        pts = [(x * r - self._origin[0], y * r - self._origin[1]) for x, y in points]
        margin = wpx + 2
        left = math.floor(min(p[0] for p in pts)) - margin
        top = math.floor(min(p[1] for p in pts)) - margin
        right = math.ceil(max(p[0] for p in pts)) + margin
        bottom = math.ceil(max(p[1] for p in pts)) + margin
        local = tuple((round(x - left, 1), round(y - top, 1)) for x, y in pts)
        box = pygame.Rect(left, top, right - left, bottom - top)
        key = (kind, box.size, tuple(color), wpx, closed, local)

        def make(w: int, h: int) -> pygame.Surface:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            if kind == "ellipse":
                (x0, y0), (x1, y1) = local
                pygame.draw.ellipse(s, color, pygame.Rect(round(x0), round(y0),
                                                          round(x1 - x0), round(y1 - y0)), wpx)
            else:
                pygame.draw.lines(s, color, closed, local, max(1, wpx))
            return s

        self._draw_texture(self._texture(key, box.size, make), box)

    # -- pictures
    def picture(self, key: Hashable, rect: PointRect, make: Make, *, angle: float = 0.0,
                alpha: int = 255, tint: Color | None = None, pad: bool = False,
                made: tuple[float, float] | None = None, show: bool = True) -> None:
        """The picture ``key`` made by ``make`` at the pixel size of ``rect`` and kept,
        drawn over ``rect`` (points), turned ``angle`` degrees clockwise about its
        centre, ``alpha`` opaque and multiplied by ``tint``. ``pad``: made with a
        transparent margin, for smooth edges when turned or moving by fractions of a
        pixel (cards). ``made``: the size (points) to make it at instead, scaled to
        ``rect`` by the renderer (a card growing or shrinking in flight: one picture,
        not one a frame). ``show`` False: made and kept, not drawn (a picture a
        later frame will show, made while a frame has time to spare)."""
        x, y, w, h = _xywh(rect)
        r = self.ratio
        pw, ph = self._picture_size(rect, made)
        sx, sy = (1.0, 1.0) if made is None else (w * r / pw, h * r / ph)
        if pad:
            def padded(w2: int, h2: int) -> pygame.Surface:
                inner = make(pw, ph)
                s = pygame.Surface((w2, h2), pygame.SRCALPHA)
                s.blit(inner, (PAD, PAD))
                return s
            texture = self._texture((key, "pad"), (pw + 2 * PAD, ph + 2 * PAD), padded)
            dest = pygame.FRect(0, 0, (pw + 2 * PAD) * sx, (ph + 2 * PAD) * sy)
            # keep the picture's centre where the rectangle's is
            dest.center = ((x + w / 2) * r - self._origin[0], (y + h / 2) * r - self._origin[1])
        else:
            texture = self._texture(key, (pw, ph), make)
            dest = pygame.FRect(x * r - self._origin[0], y * r - self._origin[1],
                                pw * sx, ph * sy)
        if show:
            self._draw_texture(texture, dest, angle, alpha, tint)

    def kept(self, key: Hashable, rect: PointRect, *, pad: bool = False) -> bool:
        """The picture ``key`` is kept at the pixel size of ``rect``: ``picture``
        would draw it without making it (asked to make pictures ahead of the
        frame that shows them, without the cost of asking ``picture``)."""
        pw, ph = self._picture_size(rect, None)
        full = ((key, "pad"), (pw + 2 * PAD, ph + 2 * PAD)) if pad else (key, (pw, ph))
        return full in self.textures

    def _picture_size(self, rect: PointRect, made: tuple[float, float] | None
                      ) -> tuple[int, int]:
        """The pixels of a picture over ``rect`` (points), made at ``made``'s size."""
        _, _, w, h = _xywh(rect)
        mw, mh = made if made is not None else (w, h)
        return max(1, round(mw * self.ratio)), max(1, round(mh * self.ratio))

    def text(self, fonts: TextLike, words: str, size: int, pos: tuple[float, float],
             color: Color = (245, 240, 225), anchor: str = "topleft",
             bold: bool = False) -> pygame.Rect:
        """``words`` at ``size`` points, rendered at ``size * ratio`` pixels, placed
        by ``anchor`` at ``pos``; returns where (points)."""
        px_size = max(1, round(size * self.ratio))
        key = ("text", words, px_size, tuple(color), bold)
        texture = self.textures.get(key)
        if texture is None:
            rendered = fonts.render(words, px_size, tuple(color), bold)
            if 0 in rendered.get_size():  # no words (an empty line): it takes its height
                rendered = pygame.Surface((max(1, rendered.get_width()),
                                           max(1, rendered.get_height())), pygame.SRCALPHA)
            texture = self.textures.put(key, video.Texture.from_surface(self.renderer, rendered))
        w, h = texture.width / self.ratio, texture.height / self.ratio
        rect = pygame.FRect(0, 0, w, h)
        setattr(rect, anchor, (int(pos[0]), int(pos[1])))
        rect.x, rect.y = round(rect.x * self.ratio) / self.ratio, \
            round(rect.y * self.ratio) / self.ratio
        dest = pygame.Rect(round(rect.x * self.ratio) - self._origin[0],
                           round(rect.y * self.ratio) - self._origin[1],
                           texture.width, texture.height)
        self._draw_texture(texture, dest)
        return pygame.Rect(round(rect.x), round(rect.y), math.ceil(w), math.ceil(h))

    @contextmanager
    def clipped(self, rect: PointRect | None) -> Iterator[None]:
        """Drawing inside the block only shows within ``rect`` (points) and
        within the clip around it, which holds again after the block."""
        if rect is None:
            yield
            return
        before = self._clip
        box = pixel_box(rect, self.ratio)
        box = box.clip(before) if before is not None else box
        self._set_clip(box)
        try:
            yield
        finally:
            self._set_clip(before)

    def _set_clip(self, box: pygame.Rect | None) -> None:
        """Clip to ``box`` (pixels from the window's corner; None: the window)."""
        self._clip = box
        self.renderer.set_viewport(box)
        self._origin = box.topleft if box is not None else (0, 0)

    # -- inside
    def _texture(self, key: Hashable, size: tuple[int, int], make: Make) -> video.Texture:
        full = (key, size)
        texture = self.textures.get(full)
        if texture is None:
            picture = make(*size)
            texture = self.textures.put(full, video.Texture.from_surface(self.renderer, picture))
        return texture

    def _draw_texture(self, texture: video.Texture, dest: pygame.Rect | pygame.FRect,
                      angle: float = 0.0, alpha: int = 255, tint: Color | None = None) -> None:
        if alpha != 255 or texture.alpha != 255:
            texture.alpha = alpha
        color = (255, 255, 255) if tint is None else tuple(tint[:3])
        if tuple(texture.color)[:3] != color:
            texture.color = color
        texture.draw(dstrect=dest, angle=angle)
        self.drawn += 1


def _rgba(color: Color) -> tuple[int, int, int, int]:
    return (color[0], color[1], color[2], color[3] if len(color) > 3 else 255)


def _xywh(rect: PointRect) -> tuple[float, float, float, float]:
    if isinstance(rect, tuple):
        return rect
    return (rect.x, rect.y, rect.w, rect.h)


_OPEN: weakref.WeakSet[Screen] = weakref.WeakSet()
"""Screens not closed yet: ``pygame.quit`` closes them first (``close_all``)."""
_CLOSED: list[tuple[pygame.Window, video.Renderer]] = []
"""The windows and renderers of closed screens, kept so that Python never frees
them. SDL frees a texture with its renderer and a renderer with its window;
Python's objects for them do not know, and one freed later (the garbage
collector takes a window's objects in any order) frees again whatever SDL has
made since at the same address: another window's texture ('Parameter
'texture' is invalid' in its next frame). So a screen is closed in one order,
its textures first while their renderer lives, and its window's objects are
never freed twice. A game opens one window; tests open many, each of which
leaves two small objects here."""


_quit_hook = False
"""``close_all`` is among ``pygame.quit``'s functions (which it forgets once called)."""


def close_all() -> None:
    """Close every screen still open: ``pygame.quit`` calls it before SDL's video
    quits (and forgets it then: the next screen asks again)."""
    global _quit_hook
    _quit_hook = False
    for screen in list(_OPEN):
        screen.close()


class Screen:
    """The game's window and its renderer (see the module doc for points and
    pixels). ``forced_ratio``: ``--pixel-ratio``."""

    def __init__(self, title: str, size: tuple[int, int], *, fullscreen: bool = False,
                 forced_ratio: float | None = None, icon: pygame.Surface | None = None) -> None:
        self.forced = forced_ratio if forced_ratio and forced_ratio != 1 else None
        f = self.forced or 1.0
        self.window = pygame.Window(title, (round(size[0] * f), round(size[1] * f)),
                                    resizable=True, allow_high_dpi=True)
        if icon is not None:
            self.window.set_icon(icon)
        self.renderer = video.Renderer(self.window)
        self.renderer.draw_blend_mode = BLEND
        self._ratio: float | None = None
        """``ratio``'s answer while it holds (None: ask again)."""
        self._prime()
        self.textures = Textures()
        self.closed = False
        _OPEN.add(self)
        global _quit_hook
        if not _quit_hook:
            pygame.register_quit(close_all)
            _quit_hook = True
        self.fullscreen = False
        if fullscreen:
            self.set_fullscreen(True)

    # -- sizes
    @property
    def size(self) -> tuple[int, int]:
        """The window's size in points."""
        w, h = self.window.size
        f = self.forced or 1.0
        return (max(1, round(w / f)), max(1, round(h / f)))

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The drawable's size in pixels (asked while a canvas is clipped too:
        the clip stays)."""
        with self._whole():
            view = self.renderer.get_viewport()
        return (view.w, view.h)

    @contextmanager
    def _whole(self) -> Iterator[None]:
        """The renderer's viewport the whole drawable within the block, and as it
        was after it (a canvas's clip)."""
        before = self.renderer.get_viewport()
        self.renderer.set_viewport(None)
        whole = self.renderer.get_viewport()
        try:
            yield
        finally:
            if before != whole:
                self.renderer.set_viewport(before)

    @property
    def ratio(self) -> float:
        """Pixels a point: the drawable's width over the window's in points
        (asked of the system once a frame, in ``canvas``, or while no frame has
        asked since the window changed: the table asks a dozen times a frame)."""
        if self._ratio is None:
            self._ratio = self.pixel_size[0] / max(1, self.size[0])
        return self._ratio

    def to_points(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A position the system gave (a pointer's) in points."""
        if self.forced is None:
            return (int(pos[0]), int(pos[1]))
        return (int(pos[0] / self.forced), int(pos[1] / self.forced))

    def from_system(self, size: tuple[int, int]) -> tuple[int, int]:
        """A size the system gave (a resize's) in points."""
        f = self.forced or 1.0
        return (max(1, round(size[0] / f)), max(1, round(size[1] / f)))

    def changed(self) -> None:
        """The system says the window changed (its size, its display): ask its
        pixel ratio again."""
        self._ratio = None

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` points (windowed)."""
        self._ratio = None
        f = self.forced or 1.0
        self.window.size = (round(size[0] * f), round(size[1] * f))

    def set_fullscreen(self, on: bool) -> None:
        self._ratio = None
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
        self.fullscreen = on

    def fit_textures(self) -> None:
        """Keep as many textures as suit the window's pixels now."""
        w, h = self.pixel_size
        self.textures.limit(int(min(w * h, 3840 * 2160 * 4) * 4 * TEXTURES_SCREENS))

    # -- frames
    def canvas(self) -> Canvas:
        """A new frame's canvas (the renderer's viewport reset)."""
        self.renderer.set_viewport(None)
        self._ratio = None  # the window may have moved to another display
        return Canvas(self.renderer, self.ratio, self.size, self.textures)

    def read_pixels(self) -> pygame.Surface:
        """The frame drawn so far, in pixels (call before ``present``)."""
        with self._whole():
            return self.renderer.to_surface()

    def present(self) -> None:
        self.renderer.present()

    def finish(self) -> None:
        """Wait until the renderer has drawn what it was asked to (one pixel read
        back), without showing it: a CPU rasteriser's first use of new textures
        and states then costs the caller, not the next frame shown."""
        with self._whole():
            self.renderer.to_surface(area=pygame.Rect(0, 0, 1, 1))

    def _prime(self) -> None:
        """Draw once what frames draw (a clear, a rectangle blended and one not,
        a picture blended, turned, scaled, tinted and clipped), and wait until the
        renderer has drawn it (one pixel read back), without showing it: on a CPU
        rasteriser (Mesa's llvmpipe) the first frame a process draws also
        compiles the renderer's shaders, 15-20 ms of CPU; done here, the first
        frame shown costs what the others do (issue 28)."""
        r = self.renderer
        r.draw_color = (0, 0, 0, 255)
        r.clear()
        for mode in (NO_BLEND, BLEND):
            r.draw_blend_mode = mode
            r.draw_color = (40, 40, 40, 128)
            r.fill_rect(pygame.Rect(0, 0, 8, 8))
        r.draw_blend_mode = BLEND
        picture = pygame.Surface((8, 8), pygame.SRCALPHA)
        picture.fill((200, 200, 200, 128))
        texture = video.Texture.from_surface(r, picture)
        texture.draw(dstrect=pygame.FRect(0.5, 0.5, 8, 8))
        texture.alpha, texture.color = 128, (160, 160, 160)
        texture.draw(dstrect=pygame.FRect(2.5, 1.5, 6, 6), angle=7.0)
        r.set_viewport(pygame.Rect(1, 1, 4, 4))  # (clipped: a scissor)
        texture.draw(dstrect=pygame.FRect(0, 0, 8, 8))
        r.set_viewport(None)
        self.finish()
        r.clear()

    def recover(self) -> bool:
        """After an error in the middle of a frame (the crash screen comes next):
        nothing kept from before (a picture may be what failed), the viewport the
        whole window, a cleared frame. False when the renderer draws no more (its
        window or its device lost)."""
        self.textures.clear()
        try:
            self.renderer.set_viewport(None)
            self.renderer.draw_blend_mode = BLEND
            self.renderer.draw_color = (0, 0, 0, 255)
            self.renderer.clear()
            video.Texture.from_surface(self.renderer, pygame.Surface((1, 1)))
        except RendererError:
            return False
        return True

    def close(self) -> None:
        """Close the window: its textures first, while their renderer lives, then
        the window; their objects are kept (``_CLOSED``). Again: nothing."""
        if self.closed:
            return
        self.closed = True
        _OPEN.discard(self)
        self.textures.clear()
        _CLOSED.append((self.window, self.renderer))
        self.window.destroy()

    def __del__(self) -> None:
        # A screen nobody closed (tests, tools): closed in the safe order, before
        # the collector takes its window's objects apart (they are still whole
        # when a finaliser runs).
        if not getattr(self, "closed", True):
            self.close()

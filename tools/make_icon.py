"""Make the application icon from the project's own card art, for the installers.

Run ``python tools/make_icon.py`` from the repository root after
``tools/make_cards.py``.  It draws the As de oros in front of a red card back,
both with pygame's own SVG loader (the one the game uses for its window icon),
and writes under ``installer/icons/``:

- ``tute-<N>.png`` for N in 16..512: the freedesktop hicolor sizes (Linux
  ``.deb``, ``.tar.gz``, AppImage);
- ``tute.ico``: Windows (exe icon, Inno Setup shortcuts and uninstaller), PNG
  entries 16..256;
- ``tute.icns``: macOS ``.app`` bundle, PNG entries 16..512 plus their @2x forms
  (up to 1024 px, 512@2x, which the Finder and the App Store ask for);
- ``assets/icon.png`` (256 px): the game's window icon on every system.

The ``.ico`` and ``.icns`` containers are written here byte by byte (both are a
small header and a list of PNG blobs), so no extra tool or library is needed.
The output is committed; re-run only when the card art changes.
"""

from __future__ import annotations

import io
import os
import struct
import sys
import tempfile
from pathlib import Path

# Headless: the icon is drawn off-screen, so no window or sound device is needed.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment must be set before pygame loads)

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
OUT = ROOT / "installer" / "icons"
MASTER = 1024
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns entry type -> pixel size (PNG payloads, macOS 10.7+).
ICNS_TYPES = (
    ("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
    ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512), ("ic10", 1024),
)
# Below this size the fan of two cards turns to mush: draw the single card upright.
FAN_FROM = 48


def _card(name: str, height: int) -> pygame.Surface:
    width = height * 2 // 3  # the art's viewBox is 200 x 300
    return pygame.image.load_sized_svg(str(CARDS / f"{name}.svg"), (width, height))


def _blit_center(dst: pygame.Surface, src: pygame.Surface, dx: int = 0, dy: int = 0) -> None:
    rect = src.get_rect(center=(dst.get_width() // 2 + dx, dst.get_height() // 2 + dy))
    dst.blit(src, rect)


def fan(size: int) -> pygame.Surface:
    """The As de oros over a red back, slightly fanned, on a transparent square."""
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    height = round(size * 0.80)
    back = pygame.transform.rotozoom(_card("back-red", height), 14, 1.0)
    front = pygame.transform.rotozoom(_card("1o", height), -7, 1.0)
    _blit_center(canvas, back, round(size * 0.08), round(-size * 0.01))
    _blit_center(canvas, front, round(-size * 0.07), round(size * 0.02))
    return canvas


def single(size: int) -> pygame.Surface:
    """The As de oros alone, upright and as tall as the square allows."""
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    _blit_center(canvas, _card("1o", size))
    return canvas


def icon(size: int, master: pygame.Surface) -> pygame.Surface:
    if size < FAN_FROM:
        return single(size)
    if size == master.get_width():
        return master
    return pygame.transform.smoothscale(master, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    # pygame saves by file name extension; a temporary file keeps that unambiguous.
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "icon.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose images are PNG blobs (Windows Vista and later)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = io.BytesIO(), io.BytesIO()
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256 in the directory entry
        entries.write(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.write(data)
        offset += len(data)
    return header + entries.getvalue() + blobs.getvalue()


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose images are PNG blobs."""
    body = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
        for kind, s in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    master = fan(MASTER)
    wanted = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {s: png_bytes(icon(s, master)) for s in wanted}
    for s in PNG_SIZES:
        (OUT / f"tute-{s}.png").write_bytes(pngs[s])
    (OUT / "tute.ico").write_bytes(ico(pngs))
    (OUT / "tute.icns").write_bytes(icns(pngs))
    (ROOT / "assets" / "icon.png").write_bytes(pngs[256])
    pygame.quit()
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

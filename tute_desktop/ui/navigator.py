"""The scene stack, and scenes opened by name.

A scene asks for another by its name (``nav.push("rules", variant="tres")``), so
no scene module imports another: the names are bound to classes once, in
``ui.registry``. Lifecycle (STYLE: Tuxemon's state stack): a scene is entered
once when it opens and exited once when it closes; a scene covered by another is
paused, and resumed when it is uncovered, never entered again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .scene import Scene
from .services import Services

SceneFactory = Callable[..., Scene]
"""Builds a scene from the services and the scene's own arguments."""


class Navigator:
    """The stack of open scenes, the top one active."""

    def __init__(self, services: Services, factories: Mapping[str, SceneFactory],
                 size: Callable[[], tuple[int, int]]) -> None:
        self.services = services
        self.factories = factories
        self.size = size
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def make(self, name: str, **kwargs: Any) -> Scene:
        """A new scene of kind ``name`` (a key of the registry)."""
        return self.factories[name](self.services, **kwargs)

    # -- by name (what scenes use)
    def push(self, name: str, **kwargs: Any) -> Scene:
        """Open ``name`` over the current scene, which pauses."""
        return self.push_scene(self.make(name, **kwargs))

    def replace(self, name: str, **kwargs: Any) -> Scene:
        """Close the current scene and open ``name`` in its place."""
        return self.replace_scene(self.make(name, **kwargs))

    def reset(self, name: str, **kwargs: Any) -> Scene:
        """Close every scene and open ``name``."""
        return self.reset_scene(self.make(name, **kwargs))

    def pop(self) -> None:
        """Close the current scene; the one below resumes."""
        if self.stack:
            self.stack.pop().exit()
        if self.stack:
            self.stack[-1].resume()

    # -- with a scene already made (the window's first scene, tests, tools)
    def push_scene(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].pause()
        return self._open(scene)

    def replace_scene(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().exit()
        return self._open(scene)

    def _open(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        scene.layout(self.size())
        scene.enter()
        return scene

    def reset_scene(self, scene: Scene) -> Scene:
        while self.stack:
            self.stack.pop().exit()
        return self.push_scene(scene)

    def close_all(self) -> None:
        while self.stack:
            self.stack.pop().exit()

"""Hot-seat privacy: which hand may be face up, and to whom.

With several people at one screen, each sees their hand only after the privacy
screen, and only until their turn ends: it goes face down the moment they have
acted and another seat is to act (the bots' moves that follow are watched with
every hand face down), and the privacy screen comes when a person's turn does
(but for a last card that is all they may do: the table plays it for them).
A spectator (a tournament match between bots, watched) sees every hand face
down.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Viewers:
    """Who is looking at the table."""

    hot_seat: bool
    """Several people share the screen."""
    perspective: int
    """The seat shown at the bottom."""
    viewer: int | None
    """The person whose hand may be face up now (None: every hand is hidden)."""
    face_up: frozenset[int]
    """The hands drawn face up."""
    waiting_for: int | None = None
    """The person the privacy screen waits for."""

    @staticmethod
    def for_table(humans: list[int], spectate: bool) -> Viewers:
        hot_seat = len(humans) >= 2 and not spectate
        perspective = humans[0] if humans else 0
        if spectate or hot_seat:
            return Viewers(hot_seat, perspective, None, frozenset())
        viewer = humans[0] if humans else None
        return Viewers(hot_seat, perspective, viewer, frozenset({perspective}))

    def show(self, seat: int | None) -> None:
        """``seat``'s hand face up at the bottom (None: hide every hand)."""
        self.viewer = seat
        if seat is not None:
            self.perspective = seat
        self.face_up = frozenset() if seat is None else frozenset({seat})

    def needs_screen(self, seat: int) -> bool:
        """``seat``, a person, is to act but is not the one looking: the privacy
        screen must come first."""
        return self.hot_seat and seat != self.viewer

    def turn_over(self, to_act: int | None) -> bool:
        """At a shared screen the person looking is no longer the one to act
        (another seat is, or the round is over): their hand must go face down
        before the next frame, whoever comes next."""
        return self.hot_seat and self.viewer is not None and self.viewer != to_act

    def confirmed(self) -> int | None:
        """The privacy screen was dismissed; the person it waited for, if any."""
        seat, self.waiting_for = self.waiting_for, None
        return seat


@dataclass(frozen=True)
class HandsShown:
    """What the table shows of the hands now, told in seats and cards (not in
    pixels or sprites): what a test of privacy checks, whatever draws it."""

    face_up: tuple[frozenset[int], ...]
    """Each seat's cards drawn face up in its hand."""
    public: frozenset[int]
    """Cards in a hand that everyone may see: declared cards raised (§4),
    parejas' turned-up trump card in the dealer's hand (§9), and the face-up
    card an exchange took, shown by its seat while the exchange is (§5)."""
    viewer: int | None
    """The person who said they are looking (their hand may be face up)."""
    waiting_for: int | None
    """The person a privacy screen over the table waits for."""
    hint_for: int | None
    """Whose hint is on show (the card it marks, or its words), if any."""

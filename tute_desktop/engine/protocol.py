"""The Tute Engine Protocol (PROTOCOL.md): one JSON request per line in, one JSON
response per line out. ``Session.handle`` maps a request to a response and never
raises; ``serve`` runs the loop over text streams."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import IO, Any

from .actions import Action
from .deal import Deal, parse_deal
from .errors import TuteError
from .rules import find_variant
from .serialize import state_json, view_json
from .state import PLAYING, ROUND_OVER, State
from .view import view

BotChooser = Callable[[State, dict[str, Any]], Action]
"""Chooses an action for the seat to act from ``(state, request)``; set by the bots."""


class ProtocolError(TuteError):
    """A request the protocol cannot take: malformed, unknown command, bad field."""


class Session:
    """One engine conversation: the current match, if any."""

    def __init__(self, bot: BotChooser | None = None) -> None:
        self.state: State | None = None
        self.bot = bot
        # Deals for later rounds come from the match's own generator, so a seed
        # given to 'new' replays the whole match.
        self.rng = random.Random(0)

    def handle_line(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as e:
            return _error(f"not JSON: {e}")
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            return _error("a request is a JSON object with a 'cmd' field")
        cmd = request.get("cmd")
        if cmd is None:
            return _error("missing 'cmd'")
        method = _COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if method is None:
            return _error(f"unknown command {cmd!r}; commands: {', '.join(_COMMANDS)}")
        try:
            return {"ok": True, **method(self, request)}
        except TuteError as e:
            return _error(str(e))
        except (ValueError, TypeError, KeyError) as e:
            return _error(f"bad request: {e}")

    # -- commands
    def _new(self, req: dict[str, Any]) -> dict[str, Any]:
        rules = find_variant(req.get("variant"), req.get("options"))  # type: ignore[arg-type]
        deal, seed = _deal_or_seed(rules, req)
        events: list[dict[str, Any]] = []
        if deal is None and seed is None:
            seed = random.SystemRandom().randrange(1 << 31)  # told back, to replay
        self.rng = random.Random(seed if seed is not None else 0)
        if deal is not None:
            state = State.new(rules, deal=deal, events=events)
        else:
            state = State.new(rules, rng=self.rng, events=events)
        self.state = state
        out: dict[str, Any] = {"events": events, "state": state_json(state)}
        if seed is not None:
            out["seed"] = seed
        return out

    def _need(self) -> State:
        if self.state is None:
            raise ProtocolError("no game: send 'new' first")
        return self.state

    def _legal(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self._need()
        return {"seat": st.to_act, "actions": [str(a) for a in st.legal_actions()]}

    def _act(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self._need()
        text = req.get("action")
        if not isinstance(text, str):
            raise ProtocolError("act needs 'action', a string such as 'play 1o'")
        action = Action.parse(text)
        events = st.apply(action)
        return {"events": events, "state": state_json(st)}

    def _state(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"state": state_json(self._need())}

    def _view(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self._need()
        seat = req.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
            raise ProtocolError(f"view needs 'seat', a seat number 0..{st.n - 1}")
        return {"view": view_json(view(st, seat))}

    def _next(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self._need()
        if st.phase != ROUND_OVER:
            raise ProtocolError(
                "'next' starts the next round only when phase is round_over"
                + (" (the round is still being played)" if st.phase == PLAYING
                   else " (the match is over; send 'new')"))
        deal, seed = _deal_or_seed(st.rules, req)
        trial = st.clone()  # a bad deal must leave the state as it was
        if deal is not None:
            events = trial.start_next_round(deal=deal)
        else:
            rng = random.Random(seed) if seed is not None else self.rng
            events = trial.start_next_round(rng=rng)
        self.state = trial
        return {"events": events, "state": state_json(trial)}

    def _bot(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self._need()
        if self.bot is None:
            raise ProtocolError("bots are not available in this build")
        if st.phase != PLAYING:
            raise ProtocolError("nobody is to act")
        return {"action": str(self.bot(st, req))}


_COMMANDS: dict[str, Callable[[Session, dict[str, Any]], dict[str, Any]]] = {
    "new": Session._new,
    "legal": Session._legal,
    "act": Session._act,
    "state": Session._state,
    "view": Session._view,
    "next": Session._next,
    "bot": Session._bot,
}


def _deal_or_seed(rules: Any, req: dict[str, Any]) -> tuple[Deal | None, int | None]:
    if "deal" in req and "seed" in req:
        raise ProtocolError("give either 'deal' or 'seed', not both")
    if "deal" in req:
        return parse_deal(rules, req["deal"]), None
    seed = req.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ProtocolError("'seed' must be an integer")
    return None, seed


def _error(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}


def serve(inp: IO[str], out: IO[str], bot: BotChooser | None = None) -> int:
    """Read requests until end of input; one response line each. Returns 0."""
    session = Session(bot)
    for line in inp:
        if not line.strip():
            continue
        try:
            response = session.handle_line(line)
        except Exception as e:  # noqa: BLE001 - never a traceback on standard output
            print(f"internal error: {e!r}", file=sys.stderr)
            response = _error(f"internal error: {e}")
        out.write(json.dumps(response, separators=(",", ":")) + "\n")
        out.flush()
    return 0

"""The Tute Engine Protocol (docs/protocol.md): one JSON request per line in, one
JSON response per line out. ``Session.handle`` maps a request to a response and
never raises; ``serve`` runs the loop over text streams; ``main`` is the
``tute-engine`` command."""

from __future__ import annotations

import io
import json
import random
import sys
from collections.abc import Callable
from typing import IO, Any, Final

from ..engine import IllegalActionError, State, TuteError, find_variant, view
from ..engine.actions import Action
from ..engine.deal import Deal, parse_deal
from ..engine.events import events_json
from ..engine.rules import Rules
from ..engine.seeds import SeedError, check_seed
from ..engine.serialize import state_json, view_json
from ..engine.state import PLAYING, ROUND_OVER
from .players import analyze_request, choose_request
from .words import refusal

MAX_ECHO: Final = 200
"""Characters of a bad request quoted back in an error line, at most."""
MAX_LINE: Final = 1 << 20
"""Bytes of one request line, at most, its newline included (1 MiB; the largest
real request, a ``new`` with a full ``deal``, is under 1 KB). A longer line gets
one error line and is skipped to its newline without being held in memory."""


class ProtocolError(TuteError):
    """A request the protocol cannot take: malformed, unknown command, bad field."""


class Session:
    """One engine conversation: the current match, if any."""

    def __init__(self) -> None:
        self.state: State | None = None
        # Deals for later rounds come from the match's own generator, so a seed
        # given to 'new' replays the whole match.
        self.rng = random.Random(0)

    def handle_line(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
        except (ValueError, RecursionError) as e:  # ValueError: also a 5,000-digit number
            return _error(f"not JSON: {_short(str(e))}")
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            return _error("a request is a JSON object with a 'cmd' field")
        cmd = request.get("cmd")
        if cmd is None:
            return _error("missing 'cmd'")
        method = _COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if method is None:
            return _error(f"unknown command {_short(repr(cmd))}; commands: {', '.join(_COMMANDS)}")
        try:
            return {"ok": True, **method(self, request)}
        except IllegalActionError as e:
            return {"ok": False, "error": refusal(e), "rule": e.code}
        except SeedError as e:  # any request's seed: one range, one code
            return {**_error(str(e)), "code": e.code}
        except TuteError as e:
            return _error(_short(str(e)))
        except (ValueError, TypeError, KeyError, OverflowError) as e:
            return _error(f"bad request: {_short(str(e))}")

    # -- commands
    def _new(self, req: dict[str, Any]) -> dict[str, Any]:
        options = req.get("options")
        # Only an object is options: false, 0, "" or [] are refused, not taken
        # for "no options" (absent or null is none).
        if options is not None and not isinstance(options, dict):
            raise ProtocolError(f"'options' must be an object, not {_short(json.dumps(options))}")
        rules = find_variant(req.get("variant"), options)  # type: ignore[arg-type]
        deal, seed = _deal_or_seed(rules, req)
        if deal is None and seed is None:
            seed = random.SystemRandom().randrange(1 << 31)  # told back, to replay
        self.rng = random.Random(seed if seed is not None else 0)
        events: list[Any] = []
        if deal is not None:
            state = State.new(rules, deal=deal, events=events)
        else:
            state = State.new(rules, rng=self.rng, events=events)
        self.state = state
        out: dict[str, Any] = {"events": events_json(events), "state": state_json(state)}
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
        return {"events": events_json(events), "state": state_json(st)}

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
        if st.phase is not ROUND_OVER:
            raise ProtocolError(
                "'next' starts the next round only when phase is round_over"
                + (" (the round is still being played)" if st.phase is PLAYING
                   else " (the match is over; send 'new')"))
        deal, seed = _deal_or_seed(st.rules, req)
        trial = st.clone()  # a bad deal must leave the state as it was
        if deal is not None:
            events = trial.start_next_round(deal=deal)
        else:
            rng = random.Random(seed) if seed is not None else self.rng
            events = trial.start_next_round(rng=rng)
        self.state = trial
        return {"events": events_json(events), "state": state_json(trial)}

    def _acting(self) -> State:
        st = self._need()
        if st.phase is not PLAYING:
            raise ProtocolError("nobody is to act")
        return st

    def _bot(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"action": str(choose_request(self._acting(), req))}

    def _analyze(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self._acting()
        return {"seat": st.to_act, "actions": analyze_request(st, req)}


_COMMANDS: dict[str, Callable[[Session, dict[str, Any]], dict[str, Any]]] = {
    "new": Session._new,
    "legal": Session._legal,
    "act": Session._act,
    "state": Session._state,
    "view": Session._view,
    "next": Session._next,
    "bot": Session._bot,
    "analyze": Session._analyze,
}


def _deal_or_seed(rules: Rules, req: dict[str, Any]) -> tuple[Deal | None, int | None]:
    if "deal" in req and "seed" in req:
        raise ProtocolError("give either 'deal' or 'seed', not both")
    if "deal" in req:
        return parse_deal(rules, req["deal"]), None
    seed = req.get("seed")
    return None, None if seed is None else check_seed(seed)


def _short(text: str) -> str:
    """A message quoting a request, cut so an error line stays short."""
    return text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "…"


def _error(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}


class LineTooLong:
    """What ``read_request`` gives for a line over ``MAX_LINE``."""


TOO_LONG: Final = LineTooLong()


def read_request(inp: IO[bytes]) -> bytes | LineTooLong | None:
    """The next request line from a byte stream, without its line end; None at
    the end of input. Only ``\\n`` ends a request: a ``\\r`` inside a line is JSON
    whitespace, and one before the ``\\n`` is dropped. A line of more than
    ``MAX_LINE`` bytes is read through to its newline in pieces and returned as
    ``TOO_LONG``."""
    line = inp.readline(MAX_LINE)
    if not line:
        return None
    if not line.endswith(b"\n") and len(line) >= MAX_LINE:
        while True:  # skip the rest, a piece at a time
            piece = inp.readline(MAX_LINE)
            if not piece or piece.endswith(b"\n"):
                return TOO_LONG
    line = line.removesuffix(b"\n")
    return line.removesuffix(b"\r")


def _respond(session: Session, line: bytes | LineTooLong) -> str:
    """The response line to one request line. Never raises: an internal error,
    even one in writing the answer, is an error line and the engine reads on."""
    try:
        if isinstance(line, LineTooLong):
            response = _error(f"request line longer than {MAX_LINE} bytes; skipped")
        else:
            # Bytes that are not UTF-8 become U+FFFD: an error line, not a crash.
            response = session.handle_line(line.decode("utf-8", errors="replace"))
        return json.dumps(response, separators=(",", ":"))
    except Exception as e:  # noqa: BLE001 - never a traceback on standard output
        print(f"internal error: {e!r}", file=sys.stderr)
        try:
            return json.dumps(_error(f"internal error: {_short(repr(e))}"))
        except Exception:  # noqa: BLE001
            return '{"ok":false,"error":"internal error"}'


def serve(inp: IO[bytes], out: IO[str]) -> int:
    """Read requests until end of input; one response line each. Returns 0."""
    session = Session()
    while (line := read_request(inp)) is not None:
        if isinstance(line, bytes) and not line.strip():
            continue
        out.write(_respond(session, line) + "\n")
        out.flush()
    return 0


def main() -> int:
    """``tute-engine``: serve standard input and output."""
    # Read bytes, not text: a text stream would end a line at a lone \r too.
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    return serve(sys.stdin.buffer, stdout)

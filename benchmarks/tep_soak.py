"""Soak test of the protocol server (issue 27, point 12): many expert ``bot``
requests on a loaded machine, and not one response line lost.

    python benchmarks/tep_soak.py              # 2,000 expert bot requests at 1,000 ms
    python benchmarks/tep_soak.py --short      # 20 at 50 ms, for CI
    python benchmarks/tep_soak.py --requests 500 --ms 200 --burners 2

One engine process (``python -m tute_desktop.engine``) plays matches of the five
variants in turn, seat after seat: a ``bot`` request (level ``expert``, budget
``--ms``) for the seat to act, then an ``act`` of its answer, ``next`` when a
round is over and ``new`` when the match is. Beside it ``--burners`` processes
spin the CPU for the whole run (two by default: the load under which the server
was once seen closing its output). Every request must get exactly one line, a
JSON object with ``ok`` true, within ``--timeout`` seconds; at the end of input
the engine must exit with 0 and have written nothing else. Prints the counts, the
slowest answers and the verdict; exits 1 on the first lost or bad line.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("habanero", "corriente", "boricua", "tres", "parejas")
BURN = "while True: pass"


class Lost(Exception):
    """A request whose response never came, or came wrong."""


class Engine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tute_desktop.engine"], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr = b""
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.lines.put(raw)
        self.lines.put(None)

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        self.stderr = self.proc.stderr.read()

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request).encode() + b"\n")
        self.proc.stdin.flush()
        try:
            raw = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise Lost(f"no answer in {timeout:g} s to {request}") from None
        if raw is None:
            raise Lost(f"the engine closed its output on {request} "
                       f"(status {self.proc.wait()}): {self.stderr[-2000:]!r}")
        response = json.loads(raw)
        if not isinstance(response, dict) or response.get("ok") is not True:
            raise Lost(f"{request} got {raw[:300]!r}")
        return response

    def close(self) -> tuple[int, bytes]:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        status = self.proc.wait(timeout=60)
        extra = self.lines.get(timeout=60)  # the None that ends the output
        return status, b"" if extra is None else extra


def soak(requests: int, ms: float, timeout: float) -> tuple[int, int, list[float]]:
    """(bot requests, all requests, seconds per bot answer)."""
    engine = Engine()
    bots = total = 0
    waits: list[float] = []
    match = 0

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        nonlocal total
        total += 1
        return engine.ask(request, timeout)

    while bots < requests:
        variant = VARIANTS[match % len(VARIANTS)]
        state = ask({"cmd": "new", "variant": variant, "seed": match})["state"]
        match += 1
        while bots < requests and state["phase"] != "match_over":
            if state["phase"] == "round_over":
                state = ask({"cmd": "next"})["state"]
                continue
            start = time.perf_counter()
            action = ask({"cmd": "bot", "level": "expert", "ms": ms, "seed": bots})["action"]
            waits.append(time.perf_counter() - start)
            bots += 1
            state = ask({"cmd": "act", "action": action})["state"]
            if bots % 100 == 0:
                print(f"  {bots} bot requests, {total} in all, "
                      f"slowest {max(waits):.2f} s", flush=True)
    status, extra = engine.close()
    if status != 0 or extra:
        raise Lost(f"end of input: status {status}, extra output {extra[:300]!r}")
    return bots, total, waits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="20 requests at 50 ms (CI)")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--ms", type=float, default=1000.0)
    parser.add_argument("--burners", type=int, default=2,
                        help="CPU-bound processes running beside the engine")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds an answer may take before it counts as lost")
    args = parser.parse_args()
    if args.short:
        args.requests, args.ms = 20, 50.0
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(args.burners)]
    started = time.perf_counter()
    try:
        bots, total, waits = soak(args.requests, args.ms, args.timeout)
    except Lost as e:
        print(f"tep_soak: LOST: {e}", file=sys.stderr)
        return 1
    finally:
        for p in burners:
            p.kill()
            p.wait()
    elapsed = time.perf_counter() - started
    waits.sort()
    print(f"tep_soak: {bots} expert bot requests at {args.ms:g} ms ({total} requests in all) "
          f"beside {args.burners} CPU-bound processes, {os.cpu_count()} CPUs: "
          f"every answer came, ok; {elapsed:.0f} s")
    print(f"  bot answer: median {statistics.median(waits):.3f} s, "
          f"p99 {waits[int(0.99 * (len(waits) - 1))]:.3f} s, slowest {waits[-1]:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

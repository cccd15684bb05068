"""What holding a request to Discord's API spec costs the fake Discord, in CPU time (issue 28).

Usage, from the repository root::

    python benchmarks/spec_check.py [--repeat 7] [--number 300]

bot/fake_discord/spec.py checks the body of every request the bot sends against the request
schema of its operation (jsonschema, Draft 2020-12). Printed, in CPU µs per request (median
[range] of `--repeat` runs of `--number` calls, `time.process_time`):

    load            reading the spec and building its registry, once per process (ms)
    find            matching a request's method and path to its operation
    table edit      PATCH of a four-player table (a V2 container: texts, a picture, buttons)
    click answer    an interaction callback updating that message (type 7)
    ping            POST of a turn ping (content and allowed_mentions)
    uncached        the table edit with a validator built for each request, as without the
                    per-operation cache
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.discord_overhead import table_payload, timed  # noqa: E402
from bot.fake_discord.spec import SPEC_FILE, ApiSpec  # noqa: E402


def fig(runs: list[float]) -> str:
    return f"{statistics.median(runs):9.1f} [{min(runs):.1f}-{max(runs):.1f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=300)
    args = parser.parse_args(argv)

    loads = []
    for _ in range(3):
        started = time.process_time()
        spec = ApiSpec(json.loads(SPEC_FILE.read_text(encoding="utf-8")))
        loads.append((time.process_time() - started) * 1e3)

    table = table_payload(7)
    edit = {"content": None, "embeds": [], "components": table["components"],
            "flags": table["flags"], "attachments": [{"id": 0, "filename": "table.png"}]}
    edit_path = "/channels/1100000000000000001/messages/1100000000000000007"
    callback = {"type": 7, "data": {key: value for key, value in edit.items()
                                    if key != "attachments"}}
    callback_path = "/interactions/1100000000000000009/aW50ZXJhY3Rpb246abc/callback"
    ping = {"content": "<@1100000000000000010>, your move",
            "allowed_mentions": {"parse": [], "users": [1100000000000000010], "roles": []}}
    ping_path = "/channels/1100000000000000001/messages"

    def check(method: str, path: str, body: object) -> Callable[[], object]:
        operation = spec.operation(method, path)
        assert operation is not None

        def run() -> object:
            problems = spec.problems(operation, "application/json", body)
            assert not problems, problems
            return problems
        return run

    def uncached() -> object:
        operation = spec.operation("PATCH", edit_path)
        assert operation is not None
        spec.validator.cache_clear()
        return spec.problems(operation, "application/json", edit)

    print(f"CPU µs per request, median [range] of {args.repeat} runs of {args.number} calls")
    print(f"  {'load':<14} {fig(loads)} ms (once per process)")
    print(f"  {'find':<14} {fig(timed(lambda: spec.operation('PATCH', edit_path), args.number, args.repeat))}")  # noqa: E501
    for name, method, path, body in (("table edit", "PATCH", edit_path, edit),
                                     ("click answer", "POST", callback_path, callback),
                                     ("ping", "POST", ping_path, ping)):
        print(f"  {name:<14} {fig(timed(check(method, path, body), args.number, args.repeat))}")
    print(f"  {'uncached':<14} {fig(timed(uncached, max(1, args.number // 10), args.repeat))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The project's commands: `python3 dev.py run`, `play`, `preview`, `test` and `lock`.

`run` starts the bot on Discord (the token comes from `.env`); without a token it starts the
offline playground instead and says so. `play` always starts the playground: the real bot on an
offline Discord, played in a web browser on http://127.0.0.1:8765/. `preview` renders each kind
of the bot's game messages into one HTML page (`--screenshots`: and the README's pictures).

Only Python (3.11+) and pip are needed: the first call creates `.venv/` and installs the project
into it, with the versions of `constraints.txt` (those the test suite last passed with); later
calls reinstall only when `pyproject.toml` or `constraints.txt` has changed. `lock` rebuilds
`constraints.txt` from a fresh virtual environment with the newest versions pyproject allows.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import tempfile
import venv
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CONSTRAINTS = ROOT / "constraints.txt"
PROJECT = "uno-bot"  # pyproject's name: the project itself is never pinned
PIP_QUIET = ["--quiet", "--disable-pip-version-check"]


def _python(env: Path) -> Path:
    return env / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt"
                                                              else "python")


def _create(env: Path) -> Path:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by an old Python
        sys.exit(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]}).")
    python = _python(env)
    if not python.exists():
        print(f"Creating a virtual environment in {env} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(env)
    return python


def _ensure_venv(extras: str) -> Path:
    """Create the virtual environment and (re)install the project when its definition or the
    constraints changed."""
    python = _create(VENV)
    constraints = CONSTRAINTS.read_bytes() if CONSTRAINTS.exists() else b""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + b"\0" + constraints
                            + b"\0" + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return python
    print("Installing the project and its dependencies ...", flush=True)
    target = f".[{extras}]" if extras else "."
    pinned = ["-c", str(CONSTRAINTS)] if CONSTRAINTS.exists() else []
    subprocess.run([str(python), "-m", "pip", "install", *PIP_QUIET, *pinned, "-e", target],
                   cwd=ROOT, check=True)
    stamp.write_text(digest)
    return python


def _serve(args: list[str]) -> int:
    """Run the bot or the playground until it stops. Ctrl+C reaches it from the terminal and it
    stops cleanly (the bot lets its table edits land, the playground removes its database);
    dev.py waits for that instead of killing it."""
    child = subprocess.Popen(args, cwd=ROOT)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return child.wait()
    finally:
        signal.signal(signal.SIGINT, previous)


def lock() -> int:
    """Rebuild constraints.txt: a fresh virtual environment gets the newest versions that
    pyproject.toml allows (with the dev extra), and `pip freeze` of it is written out. Run the
    tests afterwards (`python3 dev.py test` installs the new pins) before committing it."""
    with tempfile.TemporaryDirectory(prefix="uno-lock-") as tmp:
        python = _create(Path(tmp) / "venv")
        print("Installing the newest allowed versions into a fresh environment ...", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", *PIP_QUIET, "-e", ".[dev]"],
                       cwd=ROOT, check=True)
        frozen = subprocess.run([str(python), "-m", "pip", "freeze", "--exclude-editable"],
                                cwd=ROOT, check=True, capture_output=True, text=True).stdout
    pins = sorted((line for line in frozen.splitlines()
                   if line and not line.startswith(("#", "-e"))
                   and not line.lower().startswith(PROJECT + "=")),
                  key=lambda line: line.split("==")[0].lower())
    header = [
        "# The versions the test suite passed with: `python3 dev.py` installs with them",
        "# (pip install -c constraints.txt -e .[dev]). `python3 dev.py lock` rebuilds this file",
        f"# from pip freeze of a fresh environment (Python {sys.version_info.major}."
        f"{sys.version_info.minor}) holding the newest",
        "# versions pyproject.toml allows; pyproject.toml keeps the lowest the code needs.",
    ]
    CONSTRAINTS.write_text("\n".join([*header, *pins]) + "\n", encoding="utf-8")
    print(f"wrote {len(pins)} pins to {CONSTRAINTS.name}")
    return 0


# `python3 dev.py test --quick`: the inner loop, under 30 s. The engine's rules, golden replays
# and saves, the services, and games through the offline Discord from the lobby to the round's
# end (test_round_flow.py). Left out, and always run by `python3 dev.py test` and by CI:
QUICK = ["tests/engine", "tests/services", "tests/bot/test_round_flow.py",
         *(f"--ignore=tests/engine/{name}.py" for name in (
             "test_properties", "test_flip_properties", "test_house_properties"))]
QUICK_LEAVES_OUT = (
    "the engine's property tests (random games: test_properties, test_flip_properties, "
    "test_house_properties), the storage contract (SQLite, PostgreSQL), the bot's other "
    "end-to-end tests (fuzz, kill-and-restart, shards, deployed processes, timers, scoring, ...), "
    "rendering, i18n, the AI players, the fake Discord's own tests and its API-spec check's tests, "
    "the playground and its browser test, the docs and code-quality checks")
# Worker processes of the whole suite: a third of its time is waiting (bots answering through
# the fake Discord's sockets, restarted processes), so more workers than cores pay.
WORKERS = "4"


def test_arguments(rest: list[str]) -> list[str]:
    """pytest's arguments for `dev.py test [--quick] [pytest arguments]`: in worker processes
    (pytest-xdist; each test module in one worker) and with the slowest tests listed at the end,
    unless the arguments choose otherwise (`-n 0` runs in this process)."""
    arguments = list(rest)
    if "--quick" in arguments:
        arguments.remove("--quick")
        print("dev.py test --quick runs tests/engine (but its property tests), tests/services "
              f"and tests/bot/test_round_flow.py. It leaves out {QUICK_LEAVES_OUT}: "
              "`python3 dev.py test` runs everything.", flush=True)
        arguments = [*QUICK, *arguments]
    if not any(a.startswith(("-n", "--numprocesses")) or a.endswith("no:xdist") for a in rest):
        arguments = ["-n", WORKERS, *arguments]  # --dist loadfile: pyproject's addopts
    if not any(a.startswith("--durations") for a in rest):
        arguments.append("--durations=25")
    return arguments


def test_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The tests' environment: this one, but with Python's bytecode cache on. Every worker
    imports every test module to collect it, and pytest rewrites each module's asserts on import
    (8 s of CPU a worker, 2 s with the cache), as do the bot processes the tests start; where
    PYTHONDONTWRITEBYTECODE is set (some containers, the Dockerfile) all of that was redone on
    every run. The caches go in the ignored `__pycache__` folders."""
    return {name: value for name, value in environ.items()
            if name != "PYTHONDONTWRITEBYTECODE"}


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("", [])
    if command == "run":
        return _serve([str(_ensure_venv("")), "-m", "bot", "--playground-without-token", *rest])
    if command == "play":
        return _serve([str(_ensure_venv("")), "-m", "bot.playground", *rest])
    if command == "preview":
        extras = "browser" if "--screenshots" in rest else ""  # Playwright draws them
        return subprocess.call([str(_ensure_venv(extras)), "-m", "bot.playground.preview",
                                *rest], cwd=ROOT)
    if command == "test":
        return subprocess.call([str(_ensure_venv("dev")), "-m", "pytest", *test_arguments(rest)],
                               cwd=ROOT, env=test_environment(os.environ))
    if command == "lock" and not rest:
        return lock()
    print("usage: python3 dev.py run | play [--port N] | preview [--screenshots] "
          "| test [--quick] [pytest arguments] | lock", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

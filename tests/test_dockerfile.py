"""The Dockerfile installs the bot as `dev.py` does (issue 34): the same pip command, with the
versions of constraints.txt, on the Python they were locked on, from a build context that holds
what the package is built from and never the token. There is no Docker here: the Dockerfile is
read, and dev.py's own install is run with pip replaced by a recorder."""

from __future__ import annotations

import fnmatch
import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
# pip options that change how pip talks, not what it installs.
QUIET = {"--quiet", "-q", "--disable-pip-version-check", "--no-cache-dir", "--no-compile",
         "--progress-bar=off"}


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            found.append((keyword.upper(), rest.strip()))
    return found


def pip_install(args: list[str], constraints: str) -> list[str]:
    """What a `pip install` installs, in one spelling: the constraints file by its name, the
    project as `.` (an editable install of the checkout is the same install), quiet flags
    left out."""
    out = []
    for arg in args:
        if arg in QUIET or arg == "-e":
            continue
        out.append(Path(arg).name if arg == constraints else arg)
    return out


def dev_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The arguments dev.py gives `pip install` when it sets up the bot (`dev.py run`)."""
    monkeypatch.syspath_prepend(str(ROOT))
    import dev

    calls: list[list[str]] = []

    def record(args: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        calls.append([str(a) for a in args])
        return subprocess.CompletedProcess(args, 0)

    monkeypatch.setattr(dev, "VENV", tmp_path / "venv")
    monkeypatch.setattr(dev, "_create", lambda env: env / "bin" / "python")
    (tmp_path / "venv").mkdir()
    monkeypatch.setattr(dev.subprocess, "run", record)
    dev._ensure_venv("")  # what `run`, `play` and `preview` install (the tests add [dev])
    [call] = calls
    assert call[1:4] == ["-m", "pip", "install"], call
    return pip_install(call[4:], str(dev.CONSTRAINTS))


def test_the_image_installs_as_dev_py_does(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    steps = instructions()
    runs = [shlex.split(args) for keyword, args in steps if keyword == "RUN"]
    installs = [cmd[cmd.index("install") + 1:] for cmd in runs
                if "pip" in cmd and "install" in cmd]
    assert len(installs) == 1, installs  # one install, nothing added or upgraded beside it
    ours = pip_install(installs[0], "constraints.txt")
    assert ours == dev_install(monkeypatch, tmp_path) == ["-c", "constraints.txt", "."]
    # The files it installs from are in the image before it runs: the constraints, the
    # project's definition and its readme, and every package pyproject.toml lists.
    install_at = next(i for i, (k, a) in enumerate(steps) if k == "RUN" and "pip" in a)
    copied = {Path(part).name for keyword, args in steps[:install_at] if keyword == "COPY"
              for part in shlex.split(args)[:-1]}
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    packages = re.search(r'include = \[(.*)\]', pyproject)
    assert packages is not None
    wanted = {name.strip('" *') for name in packages.group(1).split(",")}
    readme = re.search(r'^readme = "(.*)"', pyproject, re.M)
    assert readme is not None
    assert {"constraints.txt", "pyproject.toml", readme.group(1), *wanted} <= copied


def test_the_image_runs_the_python_the_pins_were_locked_on_as_a_user() -> None:
    steps = instructions()
    [base] = [args for keyword, args in steps if keyword == "FROM"]
    locked = re.search(r"\(Python (\d+\.\d+)\)", (ROOT / "constraints.txt").read_text())
    assert locked is not None
    assert re.fullmatch(rf"python:{re.escape(locked.group(1))}-slim(@sha256:[0-9a-f]+)?",
                        base), base
    users = [args for keyword, args in steps if keyword == "USER"]
    assert users and users[-1] not in ("root", "0"), users  # the bot does not run as root
    [command] = [args for keyword, args in steps if keyword == "CMD"]
    assert shlex.split(command.replace("[", "").replace("]", "").replace(",", " ")) == [
        "python", "-m", "bot"]  # as the Procfile and the README's Compose file run it


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether Docker leaves `path` out of the build context (its rules, for these patterns:
    the last pattern that matches decides; `**/` matches any depth)."""
    verdict = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").rstrip("/")
        bare = pattern.removeprefix("**/")
        parts = path.split("/")
        candidates = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
        if pattern.startswith("**/"):
            candidates += ["/".join(parts[i:j]) for i in range(len(parts))
                           for j in range(i + 1, len(parts) + 1)]
        if any(fnmatch.fnmatchcase(c, bare if pattern.startswith("**/") else pattern)
               for c in candidates):
            verdict = not negate
    return verdict


def test_the_build_context_leaves_the_token_and_local_state_out() -> None:
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    for secret in (".env", ".venv/bin/python", "uno.db", "bot/__pycache__/client.cpython.pyc",
                   "artifacts/playground-table.png", ".git/config"):
        assert ignored(secret, patterns), secret
    for needed in ("pyproject.toml", "constraints.txt", "README.md", "bot/__main__.py",
                   "bot/i18n/locales/en.json", "bot/render/fonts", "cogs/lobby.py"):
        assert not ignored(needed, patterns), needed

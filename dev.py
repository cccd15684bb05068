"""The project's two commands: `python3 dev.py run` and `python3 dev.py test`.

Only Python (3.11+) and pip are needed: the first call creates `.venv/` and installs the project
into it; later calls reinstall only when `pyproject.toml` has changed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _ensure_venv(extras: str) -> None:
    """Create the virtual environment and (re)install the project when its definition changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by an old Python
        sys.exit(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]}).")
    if not PYTHON.exists():
        print(f"Creating a virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print("Installing the project and its dependencies ...", flush=True)
    target = f".[{extras}]" if extras else "."
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", target],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text(digest)


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("", [])
    if command == "run":
        _ensure_venv("")
        return subprocess.call([str(PYTHON), "-m", "bot", *rest], cwd=ROOT)
    if command == "test":
        _ensure_venv("dev")
        return subprocess.call([str(PYTHON), "-m", "pytest", *rest], cwd=ROOT)
    print("usage: python3 dev.py run | test [pytest arguments]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

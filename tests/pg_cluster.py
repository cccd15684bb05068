"""A throwaway PostgreSQL server for the tests: `initdb` in a temporary folder, started on a free
port with its socket in that folder (no TCP), trust authentication, stopped and deleted at the end.

`initdb` and `pg_ctl` refuse to run as root, and CI runs as root: then they run as the
`postgres` system user (Debian's package creates it) on a folder it owns.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

# Durability is worth nothing for a server deleted after the run, and costs an fsync per commit.
_FAST = ("-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
         "-c listen_addresses='' -c max_connections=200")


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl (PATH first, then Debian's versioned folders)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Cluster:
    folder: Path
    port: int
    bin: Path
    as_user: list[str]

    @property
    def url(self) -> str:
        """The DSN of the `postgres` database, over the socket in the cluster's folder."""
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}&port={self.port}"

    def stop(self) -> None:
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"),
                        "-m", "immediate", "-w", "stop"], check=False, capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> Cluster:
    """initdb and start a server; raises with the server's log when it does not come up."""
    bin_folder = binaries()
    if bin_folder is None:
        raise FileNotFoundError("no PostgreSQL server binaries (initdb, pg_ctl)")
    folder = Path(tempfile.mkdtemp(prefix="uno-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        try:
            shutil.chown(folder, "postgres", "postgres")
        except LookupError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError("initdb refuses to run as root and there is no 'postgres' user "
                               "to run it as (Debian's postgresql package creates one)") from exc
        as_user = ["runuser", "-u", "postgres", "--"]
    cluster = Cluster(folder, _free_port(), bin_folder, as_user)
    try:
        subprocess.run([*as_user, str(bin_folder / "initdb"), "-D", str(folder / "data"),
                        "--auth=trust", "--username=postgres", "--encoding=UTF8",
                        "--locale=C", "--no-sync"],
                       check=True, capture_output=True, text=True)
        subprocess.run([*as_user, str(bin_folder / "pg_ctl"), "-D", str(folder / "data"),
                        "-l", str(folder / "server.log"), "-w", "-t", "30",
                        "-o", f"-p {cluster.port} -k {folder} {_FAST}", "start"],
                       check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        log = folder / "server.log"
        detail = log.read_text() if log.exists() else ""
        cluster.stop()
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr}\n{detail}") from exc
    return cluster

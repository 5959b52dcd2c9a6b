"""A throwaway PostgreSQL cluster for tests: initdb + pg_ctl in a temp folder on a free local port.

The ledger's tests run against a real server, never a mock. The cluster accepts only password
(scram) logins for the superuser `battlebox`, so a test can try wrong credentials. As root (CI,
containers) the server runs as an unprivileged user (`postgres`, else `nobody`) through runuser,
since PostgreSQL refuses to run as root; its folder is then a fresh one under the system temp
folder, which that user can reach (pytest's own temp folders are private to root).
A Debian machine without the server gets it from apt; anywhere else a missing server is a
clear error: these tests never skip silently.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "battlebox"
PASSWORD = "battlebox-test-pw"


def _bindir() -> Path:
    found = _find_bindir()
    if found is None and os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "postgresql"], check=False, env=env,
                       capture_output=True)
        found = _find_bindir()
    if found is None:
        raise RuntimeError("PostgreSQL server binaries (initdb, pg_ctl) were not found: install the "
                           "'postgresql' package (Debian: apt-get install postgresql)")
    return found


def _find_bindir() -> Path | None:
    candidates = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=False)
        candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]),
                         reverse=True)
    if shutil.which("initdb"):
        candidates.append(str(Path(shutil.which("initdb") or "").parent))
    for c in candidates:
        if c and (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    return None


def _run_user() -> str | None:
    """The unprivileged user the server runs as when we are root; None when we are not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("running as root, but neither a 'postgres' nor a 'nobody' user exists to run "
                       "PostgreSQL as")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """`Cluster(tmpdir).start()`, `.url` (postgresql://battlebox:…@127.0.0.1:port/postgres),
    `.url_for(db)`, `.create_database(name)`, `.stop()`, `.restart()`."""

    def __init__(self, tmpdir: Path | str | None = None) -> None:
        self.bindir = _bindir()
        self.user = _run_user()
        if self.user is None and tmpdir is not None:
            Path(tmpdir).mkdir(parents=True, exist_ok=True)
            self.folder = Path(tempfile.mkdtemp(prefix="pg-", dir=tmpdir))
        else:
            self.folder = Path(tempfile.mkdtemp(prefix="battlebox-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.running = False
        self._initdb()

    @property
    def url(self) -> str:
        return self.url_for("postgres")

    def url_for(self, database: str, password: str = PASSWORD) -> str:
        return f"postgresql://{USER}:{password}@127.0.0.1:{self.port}/{database}"

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", self.user, "--", *args] if self.user else list(args)

    def _run(self, *args: str) -> None:
        out = subprocess.run(self._cmd(*args), capture_output=True, text=True, check=False)
        if out.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({out.returncode}): {out.stderr.strip() or out.stdout.strip()}")

    def _initdb(self) -> None:
        pwfile = self.folder / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if self.user:
            info = pwd.getpwnam(self.user)
            os.chmod(self.folder, 0o700)
            os.chown(self.folder, info.pw_uid, info.pw_gid)
            os.chown(pwfile, info.pw_uid, info.pw_gid)
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", USER, f"--pwfile={pwfile}",
                  "--auth-local=scram-sha-256", "--auth-host=scram-sha-256", "-E", "UTF8",
                  "--no-instructions", "--no-sync")
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.write(f"\nlisten_addresses = '127.0.0.1'\nport = {self.port}\n"
                       f"unix_socket_directories = '{self.folder}'\nfsync = off\n"
                       "synchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n"
                       "shared_buffers = 32MB\n")

    def start(self) -> Cluster:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
                  "-w", "-t", "60", "start")
        self.running = True
        return self

    def stop(self, *, remove: bool = False) -> None:
        if self.running:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
            self.running = False
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)

    def restart(self) -> None:
        self.stop()
        self.start()

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        import pg8000.native

        con = pg8000.native.Connection(USER, host="127.0.0.1", port=self.port, password=PASSWORD,
                                       database="postgres")
        try:
            con.run(f'CREATE DATABASE "{name}"')
        finally:
            con.close()
        return self.url_for(name)

"""Build the frozen one-folder Battlebox app and its release archive.

    python packaging/build.py [--fresh]

The app is frozen from a clean virtual environment that holds only Battlebox, its declared
dependencies and PyInstaller, so nothing from the build machine's own site-packages can leak into
the bundle. The venv lives in the user's cache folder (~/.cache/battlebox/build-venv on Linux;
BATTLEBOX_BUILD_VENV moves it), so a fresh clone on the same machine, as CI makes, reuses it
instead of downloading and installing every dependency again (about two minutes). It is kept
while pyproject.toml, the build requirements and the Python version stay the same (`--fresh`
rebuilds it); Battlebox itself is reinstalled (non-editable, from a clean copy of the sources)
on every build. One build at a time uses it (a lock file beside it). When BATTLEBOX_BUILD_SEED
names a venv of the same Python (the test run passes its own), a new build venv starts from a
copy of that venv's installed dependencies rather than unpacking every wheel again.

Output: build/dist/battlebox/ (the app; build/dist/Battlebox.app on macOS) and, on Linux,
dist/battlebox-<version>-linux-x86_64.tar.gz with install.sh and uninstall.sh; on Windows a .zip
of the app folder (packaging/windows/battlebox.iss turns it into an installer).
Exit code 3 means the build tools could not be installed (no venv/ensurepip, or no PyPI).
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUILD = ROOT / "build"


def _cache_home() -> Path:
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "battlebox"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "battlebox"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "battlebox"


VENV = Path(os.environ.get("BATTLEBOX_BUILD_VENV") or _cache_home() / "build-venv")
STAMP = VENV / ".battlebox-build"
DIST = ROOT / "dist"
SOURCES = ("pyproject.toml", "README.md", "core", "gui", "ledger", "maps", "resources")
REQUIREMENTS = HERE / "requirements-build.txt"
EXIT_NO_TOOLS = 3
# Distributions whose licence files ship in the app's licenses/ folder.
BUNDLED = ("PySide6_Essentials", "shiboken6", "shapely", "numpy", "networkx", "msgspec",
           "platformdirs", "pymunk", "pillow", "SQLAlchemy", "alembic", "Mako", "MarkupSafe",
           "openskill", "pg8000", "scramp", "asn1crypto", "python-dateutil", "tzdata",
           "typing_extensions", "pyinstaller")
WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"


class NoTools(Exception):
    """The build tools cannot be installed here; the smoke test skips instead of failing."""


def version() -> str:
    text = (ROOT / "core" / "version.py").read_text(encoding="utf-8")
    match = re.search(r'__version__\s*=\s*"([^"]+)"', text)
    if not match:
        raise SystemExit("core/version.py has no __version__")
    return match.group(1)


def platform_tag() -> str:
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x86_64": "x86_64", "arm64": "arm64", "aarch64": "aarch64"}.get(machine, machine)
    system = "windows" if WINDOWS else "macos" if MACOS else "linux"
    return f"{system}-{arch}"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def run(cmd: list[str | os.PathLike[str]], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def fingerprint() -> str:
    h = hashlib.sha256()
    for path in (ROOT / "pyproject.toml", REQUIREMENTS):
        h.update(path.read_bytes())
    h.update(sys.version.encode())
    return h.hexdigest()


def ensure_venv(fresh: bool) -> bool:
    """True when the venv was (re)made, with Battlebox and its dependencies just installed."""
    fp = fingerprint()
    if not fresh and STAMP.exists() and STAMP.read_text().strip() == fp and venv_python().exists():
        return False
    print(f"creating a clean build venv in {VENV}", flush=True)
    shutil.rmtree(VENV, ignore_errors=True)
    try:
        venv.create(VENV, with_pip=True, clear=True)
    except (OSError, subprocess.CalledProcessError) as e:
        raise NoTools(f"cannot create a virtual environment with pip ({e})") from None
    seed = os.environ.get(SEED_ENV)
    if seed:
        seed_packages(Path(seed))
    try:
        run([venv_python(), "-m", "pip", "install", "-q", "--disable-pip-version-check",
             "-r", REQUIREMENTS])
    except subprocess.CalledProcessError:
        raise NoTools("cannot install PyInstaller into the build venv (is PyPI reachable?)") from None
    install_project(with_deps=True)
    STAMP.write_text(fp + "\n")
    return True


SEED_ENV = "BATTLEBOX_BUILD_SEED"
# What a seed environment holds that the build venv must not take: its own pip and setuptools
# (the venv has its own), and Battlebox's editable install (the build installs a clean copy).
_UNSEEDED = re.compile(r"^(pip|setuptools|_distutils_hack|distutils-precedence\.pth|__editable__|"
                       r"battlebox-|__pycache__)", re.IGNORECASE)


def _purelib(python: Path) -> Path:
    out = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         check=True, capture_output=True, text=True)
    return Path(out.stdout.strip())


def seed_packages(seed: Path) -> None:
    """Copy the installed dependencies of the environment at `seed` (the test run's own venv, for
    the same Python) into the new build venv, so pip finds them satisfied instead of unpacking
    every wheel again: about a minute of CPU on each fresh clone. pip still checks every
    declared dependency afterwards, and installs what the seed lacks."""
    python = seed / ("Scripts/python.exe" if WINDOWS else "bin/python")
    try:
        same = subprocess.run([str(python), "-c", "import sys; print(sys.version)"], check=True,
                              capture_output=True, text=True).stdout.strip() == sys.version.strip()
        source, target = _purelib(python), _purelib(venv_python())
    except (OSError, subprocess.CalledProcessError):
        return
    if not same:
        return
    print(f"seeding the build venv from {seed}", flush=True)
    for entry in sorted(source.iterdir()):
        if _UNSEEDED.match(entry.name) or (target / entry.name).exists():
            continue
        if entry.is_dir():
            shutil.copytree(entry, target / entry.name, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(entry, target / entry.name)


def install_project(with_deps: bool = False) -> None:
    """Non-editable, from a copy: setuptools' own build/ folder must not feed stale files in."""
    src = BUILD / "src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    cmd = [venv_python(), "-m", "pip", "install", "-q", "--disable-pip-version-check",
           "--no-build-isolation", "--force-reinstall"]
    if not with_deps:
        cmd.append("--no-deps")
    try:
        run([*cmd, src])
    except subprocess.CalledProcessError:
        if with_deps:
            raise NoTools("cannot install Battlebox's dependencies into the build venv") from None
        raise


def freeze(clean: bool) -> Path:
    work = BUILD / "pyinstaller"
    work.mkdir(parents=True, exist_ok=True)
    if WINDOWS or MACOS:
        kind = "ico" if WINDOWS else "icns"
        run([sys.executable, HERE / "icons.py", kind, work / f"battlebox.{kind}"])
    cmd = [venv_python(), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", BUILD / "dist", "--workpath", work, HERE / "battlebox.spec"]
    if clean:
        cmd.insert(3, "--clean")
    # Run from build/ so the repo's own sources are never on sys.path: the app is frozen from
    # the installed copy in the venv, as a user would get it.
    run(cmd, cwd=BUILD)
    app = BUILD / "dist" / "battlebox"
    if not (WINDOWS or MACOS):
        strip_libraries(app)
    add_licences(app / "licenses")
    return app


def strip_libraries(app: Path) -> None:
    """Strip debug symbols from every shared library whose stripped copy still loads.

    Wheel libraries rewritten by patchelf (numpy.libs) can come out of `strip` with LOAD
    segments the dynamic loader refuses ("offset not page-aligned"); those keep their original.
    """
    if not shutil.which("strip"):
        print("note: no `strip` here; the app stays bigger", flush=True)
        return
    saved = 0
    tmp = BUILD / "strip.tmp"
    for path in sorted(app.rglob("*.so*")):
        if path.is_symlink() or not path.is_file() or not _is_elf(path):
            continue
        shutil.copy2(path, tmp)
        done = subprocess.run(["strip", "--strip-unneeded", str(tmp)], capture_output=True)
        if done.returncode == 0 and tmp.stat().st_size < path.stat().st_size and _loads(tmp):
            saved += path.stat().st_size - tmp.stat().st_size
            os.replace(tmp, path)
    tmp.unlink(missing_ok=True)
    print(f"strip: {saved / 2**20:.1f} MiB saved", flush=True)


def _is_elf(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def _loads(path: Path) -> bool:
    """Every LOAD segment's file offset and address agree modulo its alignment (ld.so's check)."""
    with open(path, "rb") as f:
        head = f.read(64)
        if head[4] != 2:  # not ELF64: leave it alone
            return False
        (phoff,) = struct.unpack_from("<Q", head, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", head, 0x36)
        f.seek(phoff)
        table = f.read(phentsize * phnum)
    for i in range(phnum):
        p_type, _flags, offset, vaddr = struct.unpack_from("<IIQQ", table, i * phentsize)
        (align,) = struct.unpack_from("<Q", table, i * phentsize + 48)
        if p_type == 1 and align > 1 and offset % align != vaddr % align:
            return False
    return True


LICENCE_SCRIPT = r"""
import json, sys
from importlib import metadata
from pathlib import Path
from gui.about import LICENCES
found = {}
for name in sys.argv[1:]:
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        continue
    files = [str(dist.locate_file(f)) for f in (dist.files or ())
             if ".dist-info" in str(f) and any(k in f.name.upper() for k in ("LICEN", "COPYING", "NOTICE"))]
    found[dist.metadata["Name"]] = {"version": dist.version, "files": files,
                                    "licence": dist.metadata.get("License-Expression") or dist.metadata.get("License", "")}
stdlib = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "LICENSE.txt"
if not stdlib.exists():
    stdlib = Path(sys.base_prefix) / "LICENSE.txt"
found["Python"] = {"version": sys.version.split()[0], "files": [str(stdlib)] if stdlib.exists() else [], "licence": "PSF-2.0"}
print(json.dumps({"dists": found, "summary": LICENCES}))
"""


def add_licences(target: Path) -> None:
    """LGPL and the BSD licences want their texts shipped beside the libraries."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    out = subprocess.run([venv_python(), "-c", LICENCE_SCRIPT, *BUNDLED], check=True, cwd=BUILD,
                         capture_output=True, text=True).stdout
    info = json.loads(out)
    lines = ["Battlebox bundles these libraries; their licence texts are in this folder.", ""]
    lines += [f"  {name}: {lic}" for name, lic in info["summary"]]
    lines += ["", "Qt (PySide6) and GEOS (inside shapely) are LGPL libraries, shipped as separate shared",
              "libraries (_internal/PySide6/Qt/lib, _internal/shapely.libs) that you may replace with your",
              "own builds of the same version. Qt's source: https://download.qt.io/official_releases/qt/ ;",
              "GEOS's source: https://libgeos.org/ . The launcher is PyInstaller's bootloader",
              "(GPL-2.0 with an exception that allows this use).", "", "Files:"]
    for name, entry in sorted(info["dists"].items()):
        folder = target / f"{name}-{entry['version']}"
        copied = []
        for f in entry["files"]:
            path = Path(f)
            if path.is_file():
                dest = folder / path.name
                if dest.exists():
                    dest = folder / f"{path.parent.name}-{path.name}"
                folder.mkdir(exist_ok=True)
                shutil.copy2(path, dest)
                copied.append(dest.name)
        lines.append(f"  {folder.name}/ ({entry['licence'] or 'see files'}): {', '.join(copied) or 'no file found'}")
    (target / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def linux_archive(app: Path, ver: str) -> Path:
    name = f"battlebox-{ver}-{platform_tag()}"
    stage = BUILD / "release" / name
    shutil.rmtree(stage.parent, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copytree(app, stage / "app", symlinks=True)
    icons = stage / "icons"
    icons.mkdir()
    for icon in sorted((ROOT / "resources" / "icons").iterdir()):
        if icon.suffix in (".svg", ".png"):
            shutil.copy2(icon, icons / icon.name)
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy2(HERE / "linux" / script, stage / script)
        (stage / script).chmod(0o755)
    shutil.copy2(HERE / "linux" / "README.txt", stage / "README.txt")
    DIST.mkdir(exist_ok=True)
    archive = DIST / f"{name}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(stage, arcname=name)
    return archive


def windows_zip(app: Path, ver: str) -> Path:
    DIST.mkdir(exist_ok=True)
    archive = DIST / f"battlebox-{ver}-{platform_tag()}.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(app.rglob("*")):
            z.write(path, Path(f"battlebox-{ver}") / path.relative_to(app))
    return archive


@contextlib.contextmanager
def venv_lock() -> Iterator[None]:
    """Builds from two clones of the repository must not reinstall Battlebox into the shared
    venv under each other's PyInstaller."""
    VENV.parent.mkdir(parents=True, exist_ok=True)
    with open(VENV.parent / f"{VENV.name}.lock", "w") as lock:
        try:
            import fcntl
        except ImportError:  # Windows: one build at a time is up to the user
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fresh", action="store_true", help="recreate the build venv and PyInstaller's cache")
    args = parser.parse_args(argv)
    with venv_lock():
        return build(args.fresh)


def build(fresh: bool) -> int:
    start = time.perf_counter()
    ver = version()
    BUILD.mkdir(exist_ok=True)
    try:
        made = ensure_venv(fresh)
    except NoTools as e:
        print(f"build.py: {e}", file=sys.stderr)
        return EXIT_NO_TOOLS
    if not made:
        install_project()
    venv_done = time.perf_counter()
    print(f"build venv ready in {venv_done - start:.0f} s", flush=True)
    app = freeze(clean=fresh)
    print(f"frozen in {time.perf_counter() - venv_done:.0f} s", flush=True)
    size = tree_size(app)
    print(f"app folder: {app} ({size / 2**20:.1f} MiB unpacked)")
    if MACOS:
        print(f"app bundle: {BUILD / 'dist' / 'Battlebox.app'} (packaging/macos/build_app.sh makes the DMG)")
    elif WINDOWS:
        print(f"archive: {windows_zip(app, ver)}")
    else:
        archive = linux_archive(app, ver)
        print(f"archive: {archive} ({archive.stat().st_size / 2**20:.1f} MiB)")
    print(f"built Battlebox {ver} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

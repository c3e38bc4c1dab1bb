"""Running the bundled evalsim engine: the npm package `evalsim` (its bin, as its
package.json names it) under Node.js 20 or newer found on PATH.

Where the engine is, first found wins: the directory in EVALSIM_ENGINE; the copy inside this
installed package (`evalsim/engine/`, put there by setup.py at build time); the repository's
own `packages/evalsim` when this module runs from a checkout. Which node: EVALSIM_NODE, else
`node` on PATH.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Sequence

MIN_NODE_MAJOR = 20


class EvalsimError(RuntimeError):
    """The engine refused the input or failed; the message is evalsim's own."""


class NodeNotFoundError(EvalsimError):
    """No usable Node.js (missing, or older than 20)."""


def engine_dir() -> Path:
    """The directory of the evalsim npm package this module runs."""
    candidates = []
    if os.environ.get("EVALSIM_ENGINE"):
        candidates.append(Path(os.environ["EVALSIM_ENGINE"]))
    here = Path(__file__).resolve().parent
    candidates += [here / "engine", here.parent.parent / "packages" / "evalsim"]
    for candidate in candidates:
        if (candidate / "package.json").is_file():
            return candidate
    raise EvalsimError(
        "evalsim: the engine is missing from this installation (looked in "
        + ", ".join(str(c) for c in candidates)
        + "); reinstall with `pip install --no-build-isolation ./python` from a built checkout"
    )


def engine_bin() -> Path:
    """The engine's command (the `evalsim` bin of its package.json)."""
    root = engine_dir()
    manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
    relative = manifest.get("bin", {}).get("evalsim")
    path = root / relative if relative else None
    if path is None or not path.is_file():
        raise EvalsimError(f"evalsim: the engine in {root} has no built bin ({relative}); run `npm run build` there")
    return path


def node_command() -> str:
    """The node executable, checked to be version 20 or newer."""
    node = os.environ.get("EVALSIM_NODE") or shutil.which("node")
    if not node or not (os.path.isfile(node) or shutil.which(node)):
        raise NodeNotFoundError(
            "evalsim needs Node.js 20 or newer, and no `node` is on PATH"
            + (f" (EVALSIM_NODE={os.environ['EVALSIM_NODE']} does not exist)" if os.environ.get("EVALSIM_NODE") else "")
            + ": install it (Debian/Ubuntu: apt install nodejs; or https://nodejs.org) and check `node --version`"
        )
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    except OSError as error:
        raise NodeNotFoundError(f"evalsim: cannot run {node}: {error}") from error
    match = re.match(r"v(\d+)\.", version)
    if not match or int(match.group(1)) < MIN_NODE_MAJOR:
        raise NodeNotFoundError(
            f"evalsim needs Node.js {MIN_NODE_MAJOR} or newer; {node} is {version or 'of an unknown version'}"
        )
    return node


def run_engine(
    args: Sequence[str], cwd: str | os.PathLike[str] | None = None, ok: Sequence[int] = (0,)
) -> str:
    """Runs `evalsim <args>`, returns its standard output; its warnings become Python warnings.

    A refusal (an exit status not in `ok`) raises EvalsimError with evalsim's message; `ok` lists
    the statuses that are answers (monitor's decisions: 0, 10–14).
    """
    command = [node_command(), str(engine_bin()), *[str(a) for a in args]]
    result = subprocess.run(command, capture_output=True, text=True, cwd=cwd, encoding="utf-8")
    stderr = result.stderr.strip()
    if result.returncode not in ok:
        message = re.sub(r"^evalsim: ", "", stderr) or f"evalsim exited with status {result.returncode}"
        raise EvalsimError(message)
    for line in stderr.splitlines():
        if line.startswith("warning: "):
            warnings.warn(line[len("warning: ") :], stacklevel=3)
    return result.stdout


def run_json(
    args: Sequence[str], cwd: str | os.PathLike[str] | None = None, ok: Sequence[int] = (0,)
) -> dict:
    """Runs `evalsim <args> --json` and returns the document it prints."""
    return json.loads(run_engine([*args, "--json"], cwd=cwd, ok=ok))

"""Builds the evalsim Python package with the engine inside.

The engine is the published npm package `evalsim` as scripts/package.mjs builds it
(packages/evalsim: package.json, dist/, schema/, studies/, vendor/; `npm run build`
makes it). At build time it is copied into the wheel as `evalsim/engine/` — into setuptools'
build directory, never into the source tree, so building leaves git clean. Set
EVALSIM_ENGINE_SOURCE to a built package directory to take it from elsewhere.
"""

import json
import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ENGINE_PARTS = ("package.json", "dist", "schema", "studies", "vendor")


def engine_source() -> Path:
    source = Path(os.environ.get("EVALSIM_ENGINE_SOURCE", HERE.parent / "packages" / "evalsim"))
    manifest = source / "package.json"
    if not manifest.is_file():
        raise SystemExit(f"evalsim: no engine at {source} (set EVALSIM_ENGINE_SOURCE to a built evalsim package)")
    bin_path = json.loads(manifest.read_text(encoding="utf-8")).get("bin", {}).get("evalsim")
    if not bin_path or not (source / bin_path).is_file():
        raise SystemExit(
            f"evalsim: the engine in {source} is not built ({bin_path} is missing); "
            "run `npm run build` in the repository first"
        )
    return source


class build_py_with_engine(build_py):
    """build_py, then the engine copied into the build's evalsim/engine/."""

    def run(self):
        super().run()
        source = engine_source()
        target = Path(self.build_lib) / "evalsim" / "engine"
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for part in ENGINE_PARTS:
            path = source / part
            if path.is_dir():
                shutil.copytree(path, target / part)
            elif path.is_file():
                shutil.copy2(path, target / part)


setup(cmdclass={"build_py": build_py_with_engine})

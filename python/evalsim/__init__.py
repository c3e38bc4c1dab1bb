"""evalsim for Python: honest error bars, paired comparisons, audits and sample sizes for an
LLM eval, returned as pandas DataFrames.

Each function runs the bundled evalsim engine (Node.js 20+ on PATH) with `--json` and wraps
the document it prints:

    import evalsim
    a = evalsim.analyze(samples, cluster="metadata_subject")   # a DataFrame, or log paths
    a.systems, a.pairs, a.leaderboard                          # DataFrames
    a.document                                                 # the whole --json document

    evalsim.audit("logs/", system="gpt-4o").resampling         # coverage of every interval
    evalsim.plan("eval.arrow", delta=0.02).power               # power by eval size

A DataFrame is read as a long table: one row per (question, system, epoch) with its score;
the column names default to inspect_ai's `samples_df(logs, columns=SampleSummary + EvalModel)`
(`id`, `model`, `epoch`, its one `score_*` column). Paths are eval logs in any format
`evalsim import` reads (lm-evaluation-harness, inspect_ai, HELM, openai/evals, long and wide
tables, evalsim Arrow); the import options (`cluster=`, `question=`, `system=`, `score=`,
`epoch_column=`, `metric=`, `task=`) apply to both.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Sequence

import pandas as pd

from ._engine import EvalsimError, NodeNotFoundError, engine_dir, run_engine, run_json
from ._tables import EvalInput, Report, flags, input_paths, listing, long_table

__all__ = [
    "EvalsimError",
    "NodeNotFoundError",
    "Report",
    "analyze",
    "audit",
    "engine_version",
    "long_table",
    "plan",
]
__version__ = "0.1.0"

_IMPORT_COLUMNS = ("question", "system", "score", "epoch_column", "cluster")


def engine_version() -> str:
    """The version of the bundled engine (`evalsim --version`)."""
    return run_engine(["--version"]).strip()


def _columns(options: dict[str, Any]) -> dict[str, str | None]:
    """The DataFrame column names among the options (epoch_column is the frame's `epoch`)."""
    return {
        "question": options.get("question"),
        "system": options.get("system"),
        "score": options.get("score"),
        "epoch": options.get("epoch_column"),
        "cluster": options.get("cluster"),
    }


def _import_flags(data: EvalInput, options: dict[str, Any], command: str = "analyze") -> list[str]:
    """The import flags for log paths (a DataFrame's columns are mapped when it is written);
    `evalsim import` names the epoch column `--epoch`, analyze `--epoch-column`."""
    if isinstance(data, pd.DataFrame):
        return []
    given = {name: options.get(name) for name in _IMPORT_COLUMNS}
    if command == "import":
        given["epoch"] = given.pop("epoch_column")
    return flags(given)


def _one_eval(data: EvalInput, directory: Path, options: dict[str, Any]) -> str:
    """One file for audit and plan: the frame as a long CSV, one path as it is, or the paths
    (with any import options) imported into one eval Arrow first."""
    if isinstance(data, pd.DataFrame):
        return input_paths(data, directory, **_columns(options))[0]
    paths = input_paths(data, directory)
    import_flags = _import_flags(data, options, "import")
    if len(paths) == 1 and not import_flags:
        return paths[0]
    out = directory / "eval.arrow"
    run_engine(["import", *paths, *import_flags, "--out", str(out)])
    return str(out)


def analyze(
    data: EvalInput,
    *,
    cluster: str | None = None,
    baseline: str | None = None,
    systems: Sequence[str] | str | None = None,
    metric: str | None = None,
    task: str | None = None,
    epoch: int | None = None,
    level: float | None = None,
    power: float | None = None,
    paired_interval: str | None = None,
    test: str | None = None,
    seed: int | None = None,
    resamples: int | None = None,
    hbb: str | None = None,
    question: str | None = None,
    system: str | None = None,
    score: str | None = None,
    epoch_column: str | None = None,
    out: str | None = None,
    html: str | None = None,
    parquet: bool = False,
) -> Report:
    """`evalsim analyze`: per system its score and every interval, per pair the paired
    difference, tests and power, and the leaderboard with tie groups and rank ranges.

    Returns a Report: `.systems`, `.pairs`, `.leaderboard`, `.paragraphs` (DataFrames) and
    `.document` (everything, as `evalsim analyze --json` prints it). `out=DIR` also writes the
    Markdown, JSON, Arrow (and with `parquet=True` Parquet) files and the forest plot;
    `html=FILE` the HTML report.
    """
    options = dict(question=question, system=system, score=score, epoch_column=epoch_column, cluster=cluster)
    with tempfile.TemporaryDirectory(prefix="evalsim-") as directory:
        paths = input_paths(data, Path(directory), **_columns(options))
        args = [
            "analyze",
            *paths,
            *_import_flags(data, options),
            *flags(
                dict(
                    baseline=baseline,
                    systems=listing(systems),
                    metric=metric,
                    task=task,
                    epoch=epoch,
                    level=level,
                    power=power,
                    paired_interval=paired_interval,
                    test=test,
                    seed=seed,
                    resamples=resamples,
                    hbb=hbb,
                    out=out,
                    html=html,
                    parquet=parquet,
                )
            ),
        ]
        document = run_json(args)
    return Report("analyze", document, {"systems": "systems", "pairs": "pairs", "leaderboard": "leaderboard", "paragraphs": "paragraphs"})


def audit(
    data: EvalInput,
    *,
    system: str | None = None,
    versus: str | None = None,
    methods: Sequence[str] | str | None = None,
    clusters: int | None = None,
    replications: int | None = None,
    seed: int | None = None,
    level: float | None = None,
    workers: int | None = None,
    metric: str | None = None,
    task: str | None = None,
    cluster: str | None = None,
    question: str | None = None,
    score: str | None = None,
    epoch_column: str | None = None,
    system_column: str | None = None,
    out: str | None = None,
    html: str | None = None,
    parquet: bool = False,
) -> Report:
    """`evalsim audit`: every interval's coverage and the paired tests' false wins and power,
    simulated on evals like this one (resampling its clusters, and a beta-binomial model).

    Returns a Report: `.resampling`, `.parametric` (coverage, non-coverage below and above,
    mean width, each with its Monte Carlo SE, Bradley's verdict), `.paired`, and
    `.document["recommendation"]`. The generated studies and their results go to a temporary
    folder, removed afterwards, unless `out=DIR` keeps them. `system_column=` names a frame's
    or long table's system column (`system=` is the system audited).
    """
    options = dict(question=question, system=system_column, score=score, epoch_column=epoch_column, cluster=cluster)
    with tempfile.TemporaryDirectory(prefix="evalsim-") as directory:
        source = _one_eval(data, Path(directory), options)
        args = [
            "audit",
            source,
            *flags(
                dict(
                    system=system,
                    versus=versus,
                    methods=listing(methods),
                    clusters=clusters,
                    replications=replications,
                    seed=seed,
                    level=level,
                    workers=workers,
                    metric=metric,
                    task=task,
                    out=out or str(Path(directory) / "audit"),
                    html=html,
                    parquet=parquet,
                    quiet=True,
                )
            ),
        ]
        document = run_json(args)
    return Report("audit", document, {"resampling": "resampling", "parametric": "parametric", "paired": "paired"})


def plan(
    data: EvalInput,
    *,
    delta: float,
    systems: Sequence[str] | str | None = None,
    power: float | None = None,
    alpha: float | None = None,
    design: str | None = None,
    resample: str | None = None,
    sizes: Sequence[int] | str | None = None,
    shift: str | None = None,
    replications: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
    metric: str | None = None,
    task: str | None = None,
    cluster: str | None = None,
    question: str | None = None,
    score: str | None = None,
    epoch_column: str | None = None,
    system_column: str | None = None,
    out: str | None = None,
    html: str | None = None,
    parquet: bool = False,
) -> Report:
    """`evalsim plan`: the eval size needed to detect a true gap `delta` with the target power,
    by resampling the eval, with Miller's closed form beside it.

    Returns a Report: `.power` (one row per test and size: power and its Monte Carlo SE),
    `.curves` (per test: the size needed, `required.estimate.size`, and its ±2 MCSE band),
    `.closed_form`, and `.document`. Files go to a temporary folder unless `out=DIR`.
    """
    options = dict(question=question, system=system_column, score=score, epoch_column=epoch_column, cluster=cluster)
    with tempfile.TemporaryDirectory(prefix="evalsim-") as directory:
        source = _one_eval(data, Path(directory), options)
        args = [
            "plan",
            source,
            *flags(
                dict(
                    delta=delta,
                    systems=listing(systems),
                    power=power,
                    alpha=alpha,
                    design=design,
                    resample=resample,
                    sizes=listing(sizes),
                    shift=shift,
                    replications=replications,
                    seed=seed,
                    workers=workers,
                    metric=metric,
                    task=task,
                    out=out or str(Path(directory) / "plan"),
                    html=html,
                    parquet=parquet,
                    quiet=True,
                )
            ),
        ]
        document = run_json(args)
    report = Report("plan", document, {"curves": "curves", "closed_form": "closedForm"})
    curves = document.get("curves") or []
    report.power = (
        pd.json_normalize(curves, record_path="points", meta=["id", "label", "primary"])
        if curves
        else pd.DataFrame()
    )
    report._tables["power"] = "curves[].points"
    return report


def _engine_location() -> str:
    """Where the engine runs from (for bug reports)."""
    return str(engine_dir())

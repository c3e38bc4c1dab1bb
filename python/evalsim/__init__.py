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
    evalsim.rate("battles.jsonl").ratings                      # Arena-style ratings
    evalsim.monitor("log.jsonl", baseline="old").decision      # stop or continue, as it grows

A DataFrame is read as a long table: one row per (question, system, epoch) with its score;
the column names default to inspect_ai's `samples_df(logs, columns=SampleSummary + EvalModel)`
(`id`, `model`, `epoch`, its one `score_*` column). Paths are eval logs in any format
`evalsim import` reads (lm-evaluation-harness, inspect_ai, HELM, openai/evals, long and wide
tables, evalsim Arrow); the import options (`cluster=`, `question=`, `system=`, `score=`,
`epoch_column=`, `metric=`, `task=`) apply to both.
"""

from __future__ import annotations

import os
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
    "monitor",
    "plan",
    "rate",
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
    every command names the epoch column `--epoch-column`."""
    if isinstance(data, pd.DataFrame):
        return []
    # A long table's system column is --system-column in every command (--system selects a system).
    given = {("system_column" if name == "system" else name): options.get(name) for name in _IMPORT_COLUMNS}
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
    out = directory / "imported"
    run_engine(["import", *paths, *import_flags, "--out", str(out)])
    return str(out / "eval.arrow")


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


def rate(
    battles: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    ci: str | None = None,
    level: float | None = None,
    rounds: int | None = None,
    seed: int | None = None,
    ties: str | None = None,
    cluster: str | None = None,
    models: Sequence[str] | str | None = None,
    style_control: bool = False,
    anony_only: bool = False,
    baseline: str | None = None,
    out: str | None = None,
    html: str | None = None,
) -> Report:
    """`evalsim rate`: Bradley–Terry ratings of pairwise battles (FastChat clean_battle JSON,
    arena-hard battles or judgments JSONL) with the recommended interval (the sandwich, as
    arena-rank computes it, unless `ci=`), simultaneous rank intervals and P(first).

    Returns a Report: `.ratings` (model, rating, lower, upper, se, W-T-L, ranks, P(first)),
    `.pairs` when the document has them, and `.document` (its `headline` first).
    """
    paths = [os.fspath(battles)] if isinstance(battles, (str, os.PathLike)) else [os.fspath(b) for b in battles]
    if not paths:
        raise ValueError("give one or more battle files")
    args = [
        "rate",
        *paths,
        *flags(
            dict(
                ci=ci,
                level=level,
                rounds=rounds,
                seed=seed,
                ties=ties,
                cluster=cluster,
                models=listing(models),
                style_control=style_control,
                anony_only=anony_only,
                baseline=baseline,
                out=out,
                html=html,
                quiet=True,
            )
        ),
    ]
    return Report("rate", run_json(args), {"ratings": "ratings", "pairs": "pairs"})


#: monitor's exit statuses that are decisions, not refusals (0: stop, a difference; 10:
#: continue; 11: stop, no difference of delta; 12: stop, the candidate is worse; 13: the planned
#: maximum reached; 14: max_questions used).
MONITOR_DECISIONS = (0, 10, 11, 12, 13, 14)


def monitor(
    data: EvalInput,
    *,
    baseline: str | None = None,
    candidate: str | None = None,
    order: str | None = None,
    delta: float | None = None,
    alpha: float | None = None,
    looks: Sequence[float] | str | int | None = None,
    max_questions: int | None = None,
    spending: str | None = None,
    design: str | None = None,
    metric: str | None = None,
    task: str | None = None,
    html: str | None = None,
) -> Report:
    """`evalsim monitor`: an eval log read as it grows, in question order (`order=` a column,
    else the log's order): the anytime-valid interval and p-value so far and a decision.

    A DataFrame is a long table (as for analyze) in arrival order, or sorted by `order=`.
    Returns a Report: `.checkpoints` (the interval at each checkpoint), `.document["decision"]`
    (stop-better, continue, stop-equivalent, stop-worse, …) and `.document["exitCode"]`, the
    status `evalsim monitor` exits with (a decision, not an error).
    """
    if isinstance(data, pd.DataFrame) and order is not None:
        # A frame is written in its row order, which monitor then reads as the arrival order.
        if order not in data.columns:
            raise ValueError(f"order={order!r}: no such column; the frame has {', '.join(map(str, data.columns))}")
        data, order = data.sort_values(order, kind="stable"), None
    with tempfile.TemporaryDirectory(prefix="evalsim-") as directory:
        paths = input_paths(data, Path(directory))
        args = [
            "monitor",
            *paths,
            *flags(
                dict(
                    baseline=baseline,
                    candidate=candidate,
                    order=order,
                    delta=delta,
                    alpha=alpha,
                    looks=listing(looks) if not isinstance(looks, int) else looks,
                    max_questions=max_questions,
                    spending=spending,
                    design=design,
                    metric=metric,
                    task=task,
                    html=html,
                )
            ),
        ]
        document = run_json(args, ok=MONITOR_DECISIONS)
    return Report("monitor", document, {"checkpoints": "checkpoints"})

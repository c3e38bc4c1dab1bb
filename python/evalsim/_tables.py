"""Eval data in and DataFrames out.

In: a DataFrame becomes a long table the engine's importer reads (`question`, `system`,
`score`, and `epoch` and `cluster` when given) in a temporary CSV; the column names default
to what inspect_ai's `samples_df(logs, columns=SampleSummary + EvalModel)` returns (`id`,
`model`, `epoch`, the only `score_*` column). Scores in inspect_ai's letters are mapped as its
`value_to_float` maps them (C → 1, P → 0.5, I and N → 0; yes/true → 1, no/false → 0).

Out: a command's `--json` document, kept whole in `.document`, with each array of records a
DataFrame (nested fields flattened with dots: `binary.wilson.lower`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence, Union

import pandas as pd

PathLike = Union[str, "os.PathLike[str]"]
EvalInput = Union[pd.DataFrame, PathLike, Sequence[PathLike]]

INSPECT_LETTERS = {"C": 1.0, "P": 0.5, "I": 0.0, "N": 0.0}


def inspect_score(value: Any) -> float:
    """A score as inspect_ai's value_to_float maps it (strict: other text is an error)."""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        if value in INSPECT_LETTERS:
            return INSPECT_LETTERS[value]
        lower = value.strip().lower()
        if lower in ("yes", "true"):
            return 1.0
        if lower in ("no", "false"):
            return 0.0
        try:
            return float(lower)
        except ValueError:
            pass
    raise ValueError(f"score {value!r} is not a number, true/false, yes/no or one of inspect_ai's C/P/I/N")


def _score_column(frame: pd.DataFrame, score: str | None) -> str:
    if score is not None:
        return score
    scores = [c for c in frame.columns if isinstance(c, str) and c.startswith("score_")]
    if "score" in frame.columns:
        return "score"
    if len(scores) == 1:
        return scores[0]
    raise ValueError(
        "score=: name the score column"
        + (f" (the frame has several: {', '.join(scores)})" if scores else " (the frame has no `score` or `score_*` column)")
    )


def long_table(
    frame: pd.DataFrame,
    *,
    question: str | None = None,
    system: str | None = None,
    score: str | None = None,
    epoch: str | None = None,
    cluster: str | None = None,
) -> pd.DataFrame:
    """The frame as the engine's long table (question, system, score[, epoch][, cluster])."""
    question = question or ("question" if "question" in frame.columns else "id")
    system = system or ("system" if "system" in frame.columns else "model")
    score = _score_column(frame, score)
    if epoch is None and "epoch" in frame.columns:
        epoch = "epoch"
    columns = {"question": question, "system": system, "score": score, "epoch": epoch, "cluster": cluster}
    for role, name in columns.items():
        if name is not None and name not in frame.columns:
            hint = " (inspect_ai: samples_df(logs, columns=SampleSummary + EvalModel) adds `model`)" if role == "system" else ""
            raise ValueError(f"{role}={name!r}: no such column; the frame has {', '.join(map(str, frame.columns))}{hint}")
    out = pd.DataFrame(
        {
            "question": frame[question].astype(str),
            "system": frame[system].astype(str),
            "score": [inspect_score(v) for v in frame[score]],
        }
    )
    if epoch is not None:
        out["epoch"] = frame[epoch].astype("int64")
    if cluster is not None:
        out["cluster"] = frame[cluster].astype(str)
    return out


def input_paths(data: EvalInput, directory: Path, **columns: str | None) -> list[str]:
    """Paths for the engine: the paths given, or the frame written as a long CSV in `directory`."""
    if isinstance(data, pd.DataFrame):
        path = directory / "eval.csv"
        long_table(data, **columns).to_csv(path, index=False)
        return [str(path)]
    if isinstance(data, (str, os.PathLike)):
        return [os.fspath(data)]
    paths = [os.fspath(p) for p in data]
    if not paths:
        raise ValueError("give a DataFrame, or one or more paths of eval logs")
    return paths


def frame(records: Any) -> pd.DataFrame:
    """A DataFrame of a list of records, nested fields flattened with dots."""
    if not isinstance(records, list):
        return pd.DataFrame()
    return pd.json_normalize(records, sep=".")


class Report:
    """A command's `--json` document (`.document`) with its arrays of records as DataFrames.

    `tables` maps each attribute to the document's array it holds; `report.table(key)` makes a
    DataFrame of any array of the document.
    """

    def __init__(self, command: str, document: Mapping[str, Any], tables: Mapping[str, str]):
        self.command = command
        self.document = dict(document)
        self._tables = dict(tables)
        for name, key in self._tables.items():
            setattr(self, name, frame(self.document.get(key)))

    def table(self, key: str) -> pd.DataFrame:
        return frame(self.document.get(key))

    @property
    def warnings(self) -> list[str]:
        return list(self.document.get("warnings") or [])

    def __repr__(self) -> str:
        shown = ", ".join(f"{name} ({len(getattr(self, name))} rows)" for name in self._tables)
        return f"<evalsim {self.command}: {shown}>"


def flags(options: Mapping[str, Any]) -> list[str]:
    """`--name value` for each option given (None left out; True as a bare flag; lists joined by commas)."""
    out: list[str] = []
    for name, value in options.items():
        if value is None or value is False:
            continue
        flag = f"--{name.replace('_', '-')}"
        if value is True:
            out.append(flag)
        elif isinstance(value, (list, tuple)):
            out += [flag, ",".join(map(str, value))]
        else:
            out += [flag, str(value)]
    return out


def listing(values: Iterable[Any] | str | None) -> str | None:
    if values is None or isinstance(values, str):
        return values
    return ",".join(map(str, values))

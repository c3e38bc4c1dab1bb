"""The evalsim Python package against the engine it carries (python3 -m unittest).

Run from any folder, against the installed package or a checkout (`python3 -m unittest
discover -s python/tests`): the fixtures are read from the repository this file is in.
Expected values are computed here with pandas and the formulas, not taken from the engine.
"""

from __future__ import annotations

import math
import os
import stat
import tempfile
import unittest
import warnings
from pathlib import Path

import pandas as pd

import evalsim

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "packages" / "sim" / "src" / "evals" / "fixtures"
STANDIN = ROOT / "studies" / "data" / "mmlu-standin.csv"


def samples_frame() -> pd.DataFrame:
    """A frame shaped like inspect_ai's samples_df(logs, columns=SampleSummary + EvalModel):
    eval_id, sample_id, id, epoch, input, target, metadata_subject, score_match (C/I), model."""
    rows = []
    for m, model in enumerate(["openai/gpt-4o", "anthropic/claude"]):
        for q in range(40):
            for epoch in (1, 2):
                right = (q * 7 + epoch * 3 + m * 11) % 10 < (6 + 2 * m)
                rows.append(
                    {
                        "eval_id": f"e{m}",
                        "sample_id": f"e{m}-{q}-{epoch}",
                        "id": f"q{q}",
                        "epoch": epoch,
                        "input": f"question {q}",
                        "target": "A",
                        "metadata_subject": f"subject{q % 5}",
                        "score_match": "C" if right else "I",
                        "model": model,
                    }
                )
    return pd.DataFrame(rows)


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class AnalyzeTest(unittest.TestCase):
    def test_a_samples_df_frame(self):
        frame = samples_frame()
        report = evalsim.analyze(frame, cluster="metadata_subject", hbb="off", resamples=200)
        systems = report.systems.set_index("system")
        score = frame.assign(y=(frame.score_match == "C").astype(float))
        for model, rows in score.groupby("model"):
            expected = rows.groupby("id").y.mean().mean()
            self.assertAlmostEqual(systems.loc[model, "score"], expected, places=12)
            first = rows[rows.epoch == 1]
            lower, upper = wilson(int(first.y.sum()), len(first))
            self.assertAlmostEqual(systems.loc[model, "binary.wilson.lower"], lower, places=9)
            self.assertAlmostEqual(systems.loc[model, "binary.wilson.upper"], upper, places=9)
        self.assertEqual(report.document["clusters"], 5)
        self.assertEqual(len(report.pairs), 1)
        pair = report.pairs.iloc[0]
        self.assertAlmostEqual(
            pair["difference"], systems.loc[pair["first"], "score"] - systems.loc[pair["second"], "score"], places=12
        )
        self.assertEqual(sorted(report.leaderboard.system), sorted(systems.index))
        self.assertIn("analyze", repr(report))

    def test_lm_eval_and_inspect_logs(self):
        lm = evalsim.analyze(FIXTURES / "lm-eval" / "mmlu-stem", cluster="task", hbb="off")
        self.assertEqual(sorted(lm.systems.system), ["EleutherAI/pythia-160m", "EleutherAI/pythia-410m"])
        self.assertEqual(lm.document["clusters"], 2)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            inspect = evalsim.analyze(
                [
                    FIXTURES / "inspect" / "2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval",
                    FIXTURES / "inspect" / "2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json",
                ],
                hbb="off",
            )
        self.assertEqual(len(inspect.systems), 2)
        self.assertTrue(any("skipped" in str(w.message) for w in caught))

    def test_bad_input_is_named(self):
        with self.assertRaisesRegex(ValueError, r"system='model': no such column.*EvalModel"):
            evalsim.analyze(samples_frame().drop(columns=["model"]))
        with self.assertRaisesRegex(ValueError, "score 'maybe'"):
            evalsim.analyze(samples_frame().assign(score_match="maybe"))
        with self.assertRaisesRegex(evalsim.EvalsimError, "--baseline.*nobody"):
            evalsim.analyze(STANDIN, baseline="nobody", hbb="off")


class AuditPlanTest(unittest.TestCase):
    def test_audit_a_frame(self):
        report = evalsim.audit(samples_frame(), cluster="metadata_subject", replications=40, workers=0)
        # One row per interval analyze reports on a clustered eval (the audit audits what analyze shows).
        self.assertEqual(
            sorted(report.resampling["method"]),
            sorted(["naiveT", "clusteredCR1", "clusteredCR2", "clusterBootstrap", "clusterBootstrapBca"]),
        )
        self.assertTrue(report.resampling["coverage.value"].between(0, 1).all())
        self.assertTrue((report.resampling["coverage.mcse"] >= 0).all())
        self.assertIn("clusters", report.document["recommendation"])
        self.assertEqual(report.document["facts"]["clusters"], 5)

    def test_plan_and_its_files(self):
        with tempfile.TemporaryDirectory() as out:
            report = evalsim.plan(
                STANDIN,
                delta=0.03,
                systems=["haiku_low", "sonnet_off"],
                resample="questions",
                sizes=[300, 600],
                replications=60,
                workers=0,
                out=out,
                parquet=True,
            )
            self.assertTrue((Path(out) / "plan.arrow").is_file())
            self.assertTrue((Path(out) / "plan.parquet").is_file())
        self.assertEqual(sorted(set(report.power["size"])), [300, 600])
        self.assertTrue(report.power["power"].between(0, 1).all())
        self.assertEqual(report.power.groupby("label").size().tolist(), [2] * report.curves.shape[0])
        # Miller's n for a 3-point gap between these two: 1,042 (studies/data/README.md's stand-in
        # statistics, ω² from the epoch split; the article published 1,041).
        self.assertEqual(int(report.document["miller"]["items"]), 1042)


ARENA = ROOT / "studies" / "data" / "arena" / "clean-battle.json"
MONITORED = ROOT / "studies" / "data" / "seed000-shuffled.jsonl"


def bradley_terry_elo(battles: list[dict]) -> dict[str, float]:
    """Bradley–Terry by Zermelo's iteration (ties half a win each), on the Elo scale with mean
    1000: an independent fit of what `evalsim rate` reports."""
    models = sorted({b["model_a"] for b in battles} | {b["model_b"] for b in battles})
    wins = {m: 0.0 for m in models}
    games: dict[tuple[str, str], float] = {}
    for b in battles:
        a, c = b["model_a"], b["model_b"]
        share = {"model_a": 1.0, "model_b": 0.0}.get(b["winner"], 0.5)
        wins[a] += share
        wins[c] += 1 - share
        games[(a, c)] = games.get((a, c), 0) + 1
        games[(c, a)] = games.get((c, a), 0) + 1
    strength = {m: 1.0 for m in models}
    for _ in range(20000):
        new = {}
        for i in models:
            denominator = sum(n / (strength[i] + strength[j]) for (k, j), n in games.items() if k == i)
            new[i] = wins[i] / denominator
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {m: v / scale for m, v in new.items()}
        done = max(abs(math.log(new[m] / strength[m])) for m in models) < 1e-14
        strength = new
        if done:
            break
    elo = {m: 400 * math.log10(v) for m, v in strength.items()}
    mean = sum(elo.values()) / len(elo)
    return {m: 1000 + e - mean for m, e in elo.items()}


class RateMonitorTest(unittest.TestCase):
    def test_rate_battles(self):
        import json

        battles = json.loads(ARENA.read_text())
        report = evalsim.rate(str(ARENA))
        self.assertTrue(report.document["headline"]["interval"].startswith("Recommended interval: 95% sandwich"))
        expected = bradley_terry_elo(battles)
        ratings = report.ratings.set_index("model")
        self.assertEqual(sorted(ratings.index), sorted(expected))
        for model, elo in expected.items():
            self.assertAlmostEqual(ratings.loc[model, "rating"], elo, delta=1e-6)
            self.assertLess(ratings.loc[model, "lower"], elo)
            self.assertGreater(ratings.loc[model, "upper"], elo)
        frame = pd.DataFrame(battles)
        for model in expected:
            played = frame[(frame.model_a == model) | (frame.model_b == model)]
            self.assertEqual(int(ratings.loc[model, "battles"]), len(played))

    def test_monitor_a_log_and_a_frame(self):
        log = pd.read_json(MONITORED, lines=True)
        wide = log.pivot_table(index="question", columns="system", values="score")
        b = int(((wide.sonnet_off == 1) & (wide.haiku_off == 0)).sum())
        c = int(((wide.sonnet_off == 0) & (wide.haiku_off == 1)).sum())
        report = evalsim.monitor(str(MONITORED), order="order", baseline="haiku_off")
        doc = report.document
        self.assertEqual((doc["candidate"], doc["baseline"]), ("sonnet_off", "haiku_off"))
        self.assertAlmostEqual(doc["estimate"], (b - c) / len(wide), places=12)
        self.assertEqual(doc["decision"], "stop-better")
        self.assertEqual(doc["exitCode"], 0)
        self.assertTrue(report.checkpoints["questions"].is_monotonic_increasing)
        # Early in the log, a decision to continue is an answer (exit 10), not an error.
        early = evalsim.monitor(
            log[log.order <= 60].sample(frac=1, random_state=1), order="order", baseline="haiku_off"
        )
        self.assertEqual(early.document["exitCode"], 10)
        self.assertEqual(early.document["decision"], "continue")


class NodeTest(unittest.TestCase):
    def setUp(self):
        self.saved = os.environ.get("EVALSIM_NODE")

    def tearDown(self):
        if self.saved is None:
            os.environ.pop("EVALSIM_NODE", None)
        else:
            os.environ["EVALSIM_NODE"] = self.saved

    def test_missing_node(self):
        os.environ["EVALSIM_NODE"] = "/nonexistent/node"
        with self.assertRaisesRegex(evalsim.NodeNotFoundError, "Node.js 20 or newer.*does not exist"):
            evalsim.engine_version()

    def test_old_node(self):
        with tempfile.TemporaryDirectory() as directory:
            fake = Path(directory) / "node"
            fake.write_text("#!/bin/sh\necho v18.19.1\n")
            fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
            os.environ["EVALSIM_NODE"] = str(fake)
            with self.assertRaisesRegex(evalsim.NodeNotFoundError, r"20 or newer; .*node is v18\.19\.1"):
                evalsim.engine_version()

    def test_engine_version(self):
        self.assertRegex(evalsim.engine_version(), r"^\d+\.\d+\.\d+")

    def test_the_installed_package_carries_its_engine(self):
        # CI (.ci/python.sh) runs these tests against a pip-installed package.
        if os.environ.get("EVALSIM_EXPECT_INSTALLED") != "1":
            self.skipTest("not run against an installed package (EVALSIM_EXPECT_INSTALLED=1)")
        from evalsim._engine import engine_bin, engine_dir

        self.assertEqual(engine_dir(), Path(evalsim.__file__).resolve().parent / "engine")
        self.assertTrue(engine_bin().is_file())


if __name__ == "__main__":
    unittest.main()

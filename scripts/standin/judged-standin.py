"""Seeded generator of studies/data/judged-standin.csv: a judge-scored eval with a human slice.

Two systems answer 1,000 questions in 25 subjects (40 each). A question is right for system s
when mu_s + u_subject + v_question + e_s > 0 (u ~ N(0, 0.5^2), v ~ N(0, 0.8^2) shared by both
systems, e ~ N(0, 1)): true accuracies about 72% (model_a) and 68% (model_b). An LLM judge of
model_a's family grades every answer: on model_a's answers it is lenient (sensitivity 0.96,
specificity 0.70 -- self-preference), on model_b's sensitivity 0.90, specificity 0.86. A person
labelled 150 questions drawn at random (the same questions for both systems). Columns:
question, system, cluster, score (the judge's verdict), human (the label; empty when unlabelled).
The script prints each system's true accuracy on these questions (what no analysis sees).

Run:  /usr/bin/python3 scripts/standin/judged-standin.py > studies/data/judged-standin.csv
"""
import sys

import numpy as np

rng = np.random.default_rng(20250302)
Q, K = 1000, 25
subject = np.repeat(np.arange(K), Q // K)
u = rng.normal(0, 0.5, K)[subject]
v = rng.normal(0, 0.8, Q)
SYSTEMS = {"model_a": (0.74, 0.96, 0.70), "model_b": (0.60, 0.90, 0.86)}
labelled = np.zeros(Q, bool)
labelled[rng.choice(Q, 150, replace=False)] = True
rows = []
for name, (mu, sens, spec) in SYSTEMS.items():
    right = (mu + u + v + rng.normal(0, 1, Q) > 0).astype(int)
    w = rng.random(Q)
    judge = np.where(right == 1, w < sens, w >= spec).astype(int)
    print(f"{name}: true accuracy {right.mean():.4f}, judge's score {judge.mean():.4f}", file=sys.stderr)
    for q in range(Q):
        rows.append((f"q{q + 1:04d}", name, f"subject_{subject[q] + 1:02d}", judge[q], right[q] if labelled[q] else ""))
print("question,system,cluster,score,human")
for r in rows:
    print(",".join(str(x) for x in r))

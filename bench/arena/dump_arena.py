#!/usr/bin/env python3
"""Writes the arena the numpy reference simulates (/work/shared/perf/bt_fit.py `simulate`: 1.6 M battles,
130 models, seed 1) as an LMArena battle-record JSON array, for `evalsim rate` to read in the arena
benchmark (scripts/arena/bench-arena.mjs). The battles are the reference's own draws (its generator is
imported, not ported): model i is "model-iii", outcome 2 → "model_a", 1 → "tie", 0 → "model_b".

usage: python3 bench/arena/dump_arena.py OUT.json [--reference PATH/bt_fit.py] [--battles N] [--models M]
Run with numpy 2 (env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3, as the reference).
"""
import argparse
import importlib.util
import os

ap = argparse.ArgumentParser()
ap.add_argument('out')
ap.add_argument('--reference', default=os.path.join(os.path.dirname(__file__), '..', '..', '..', 'shared', 'perf', 'bt_fit.py'))
ap.add_argument('--battles', type=int, default=1_600_000)
ap.add_argument('--models', type=int, default=130)
A = ap.parse_args()
spec = importlib.util.spec_from_file_location('bt_fit', A.reference)
bt_fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bt_fit)
import numpy as np  # noqa: E402

a, b, o, _ = bt_fit.simulate(A.battles, A.models)
names = np.array([f'"model-{i:03d}"' for i in range(A.models)])
winners = np.array(['"model_b"', '"tie"', '"model_a"'])
rows = np.char.add(np.char.add(np.char.add('{"model_a":', names[a]), np.char.add(',"model_b":', names[b])),
                   np.char.add(',"winner":', np.char.add(winners[o], '}')))
with open(A.out, 'w') as f:
    f.write('[\n')
    f.write(',\n'.join(rows.tolist()))
    f.write('\n]\n')

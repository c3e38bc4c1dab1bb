// One measurement of `evalsim rate`'s work on the reference arena (scripts/arena/bench-arena.mjs runs
// it in a fresh process): reading the battle-record JSON, preparing unique rows and pair totals, the
// Newton fit, the sandwich covariance, the whole sandwich analysis (`rateBattles`), and a bootstrap
// of `rounds` rounds (worker threads as `evalsim rate` uses them). Prints one JSON line of seconds.
// usage: node scripts/arena/bench-arena-one.mjs ARENA.json [rounds] [threads]
import { performance } from 'node:perf_hooks';
import { bradleyTerryCovariance, fitBradleyTerry } from '../../packages/core/dist/index.js';
import { selectBattles, uniqueRows } from '../../packages/sim/dist/analysis/arena/battleSelection.js';
import { runBootstrap } from '../../packages/sim/dist/analysis/arena/bootstrapThreads.js';
import { importBattles, rateBattles, streamSeed } from '../../packages/sim/dist/index.js';
import { totalsOfRows } from '../../packages/sim/dist/pairwise/uniqueRows.js';

const [file, roundsArg = '1000', threadsArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const best = (f, repeat = 7) => {
  let t = Number.POSITIVE_INFINITY;
  let out;
  for (let i = 0; i < repeat; i++) {
    const s = performance.now();
    out = f();
    t = Math.min(t, (performance.now() - s) / 1000);
  }
  return [t, out];
};
const t0 = performance.now();
const imported = importBattles([file]);
const read = (performance.now() - t0) / 1000;
const table = imported.table;
const [prep, prepared] = best(() => {
  const sel = selectBattles(table, {});
  const rows = uniqueRows(sel);
  return { sel, rows, totals: totalsOfRows(sel.models.length, rows, rows.count) };
});
const m = prepared.sel.models.length;
const [fit, fitted] = best(() => fitBradleyTerry(prepared.totals));
const [sandwich] = best(() => bradleyTerryCovariance(prepared.totals, fitted.theta));
const [analysis] = best(() => rateBattles(table, {}), 2);
const threads = threadsArg === undefined ? undefined : Number(threadsArg);
const s = performance.now();
runBootstrap(
  m,
  { kind: 'battles', rows: prepared.rows, total: prepared.sel.battles },
  { kind: 'bt', prior: 0, start: fitted.theta },
  streamSeed(1, 1),
  rounds,
  prepared.sel.battles,
  threads,
);
const bootstrap = (performance.now() - s) / 1000;
process.stdout.write(
  `${JSON.stringify({ battles: table.rowCount, models: m, uniqueRows: prepared.rows.count.length, newtonIterations: fitted.iterations, rounds, seconds: { read, prep, fit, sandwich, analysis, bootstrap } })}\n`,
);

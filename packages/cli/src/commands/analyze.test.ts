/**
 * `evalsim analyze` in process: seed 002's worked example from a long CSV built from its
 * counts, seed 000's Step 3 from the committed MMLU stand-in, the --out files (Markdown,
 * JSON, Arrow round trip with its metadata, SVG), graded scores, and bad input.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { captureSink } from '../io.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-analyze-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const mmlu = 'studies/data/mmlu-standin.csv';

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: root, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

/** Seed 002: 100 items, both right 68, only A 3, only B 7, both wrong 22; `graded` turns one score into 0.5. */
function seed002(graded = false): string {
  const lines = ['question,system,score'];
  const cells: [number, number, number][] = [
    [68, 1, 1],
    [3, 1, 0],
    [7, 0, 1],
    [22, 0, 0],
  ];
  let q = 0;
  for (const [n, a, b] of cells) {
    for (let i = 0; i < n; i++, q++) {
      lines.push(`item${q},A,${graded && q === 0 ? 0.5 : a}`, `item${q},B,${b}`);
    }
  }
  const path = join(tmp, graded ? 'seed002-graded.csv' : 'seed002.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('evalsim analyze', () => {
  it('draws a progress line (reading, then systems and pairs) on a terminal, none with --quiet or off a terminal; stdout the same', async () => {
    const args = ['analyze', mmlu, '--hbb', 'off'];
    const terminal = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const shown = await runCli(args, { cwd: root, env: {}, stderr: terminal });
    expect(shown.exitCode).toBe(0);
    const esc = String.fromCharCode(27);
    expect(terminal.text).toMatch(new RegExp(`\r${esc}\\[2Kanalyze: reading 1 path…`));
    expect(terminal.text).toMatch(/analyze: logs read 1\/1/);
    // The last draw is forced: every system and pair done (mmlu-standin: 3 systems, 3 pairs),
    // then the line is cleared before anything else is written.
    expect(terminal.text).toMatch(new RegExp(`analyze: systems and pairs 6/6 {2}\\d+\\.\\ds\r${esc}\\[2K`));
    const quiet = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const still = await runCli([...args, '--quiet'], { cwd: root, env: {}, stderr: quiet });
    expect(quiet.text).not.toMatch(/analyze: /);
    expect(still.stdout).toBe(shown.stdout);
    const piped = await runCli(args, { cwd: root, env: {} });
    expect(piped.stderr).not.toMatch(/analyze: /);
    expect(piped.stdout).toBe(shown.stdout);
  });

  it("seed 002: B 75% vs A 71%, paired +4.0 [−2.2, +10.2] with the seed's choices, McNemar, 'could only have resolved'", async () => {
    const run = await evalsim('analyze', seed002(), '--paired-interval', 'pairedZ', '--test', 'mcnemar');
    expect(run.code).toBe(0);
    const text = run.stdout.replace(/\s+/g, ' ');
    expect(text).toContain(
      'B scored 75.0% versus A’s 71.0% on the same 100 questions (per-question mean over each system’s epochs). Paired difference +4.0 points, 95% CI [−2.2, +10.2] (paired, z); exact McNemar p = 0.34 (7 questions only B got right, 3 only A; epoch 1).',
    );
    // Sample variances (n − 1); the seed's [−8.3, +16.3] divides by n.
    expect(text).toContain('treated as unpaired, [−8.4, +16.4]');
    expect(text).toContain('the interval chosen, paired, z (the headline rule recommends Tango score (2×2))');
    // The default: the headline rule's Tango interval with McNemar's χ², which agree.
    const byRule = (await evalsim('analyze', seed002())).stdout.replace(/\s+/g, ' ');
    expect(byRule).toContain(
      'Paired difference +4.0 points, 95% CI [−2.6, +11.3] (Tango score (2×2)); McNemar χ² (no continuity correction) p = 0.21 (7 questions only B got right, 3 only A; epoch 1).',
    );
    expect(text).toContain(
      'We could not detect a difference; this design could only have resolved differences larger than about 8.8 points',
    );
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('marks every interval outside the possible range or of zero width: terminal, JSON, Arrow, Markdown, plot', async () => {
    // A right on 3 of 3, B on 1 of 3 (issue 26): naive 3/3 = [100, 100]; paired z [−132, −1.3].
    const path = join(tmp, 'tiny.csv');
    writeFileSync(path, 'question,system,score\nq1,A,1\nq2,A,1\nq3,A,1\nq1,B,1\nq2,B,0\nq3,B,0\n');
    const out = join(tmp, 'tiny-report');
    const run = await evalsim(
      'analyze',
      path,
      '--paired-interval',
      'pairedZ',
      '--test',
      'mcnemar',
      '--out',
      out,
    );
    expect(run.code).toBe(0);
    // (a long cell wraps onto a second line of the table)
    expect(run.stdout).toMatch(/^A +3 +1 +100\.0 .*\[100\.0, 100\.0\]\s+(\S.*\s+)?\(zero width\)/m);
    expect(run.stdout).toContain('[−132.0, −1.3] (lower < -100)');
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      "Note: the pairedZ interval excludes 0 but McNemar's exact test gives p = 0.5 (≥ α = 0.05)",
    );
    const doc = JSON.parse(readFileSync(join(out, 'analysis.json'), 'utf8'));
    expect(doc.systems[0].naive.marks).toEqual(['zero width']);
    expect(doc.pairs[0].interval.marks).toEqual(['lower < -1']);
    expect(doc.markedIntervals.map((m: { path: string }) => m.path)).toContain('pairs[0].pairedZ');
    const pairs = tableFromIPC(readFileSync(join(out, 'pairs.arrow')));
    expect(String(pairs.getChild('marked')!.get(0))).toContain('interval: lower < -1');
    const systems = tableFromIPC(readFileSync(join(out, 'systems.arrow')));
    expect(String(systems.getChild('marked')!.get(0))).toContain('naive: zero width');
    expect(readFileSync(join(out, 'analysis.md'), 'utf8')).toContain('[100.0, 100.0] (zero width)');
    const svg = readFileSync(join(out, 'forest.svg'), 'utf8');
    expect(svg).toContain('stroke-dasharray="6 3"');
    expect(svg).toContain('(lower &lt; -100)');
  });

  it('--weights: the micro, macro and weighted averages with their SEs, for systems and pairs', async () => {
    const weights = join(tmp, 'subject-weights.csv');
    writeFileSync(
      weights,
      `cluster,weight\n${Array.from({ length: 57 }, (_, i) => `s${i}`).join(',1\n')},1\n`,
    );
    const bad = await evalsim('analyze', mmlu, '--weights', weights, '--hbb', 'off');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /--weights .*subject-weights\.csv: cluster "s0" is not in the eval; closest: /,
    );
    const subjects = JSON.parse((await evalsim('analyze', mmlu, '--json', '--hbb', 'off')).stdout).systems[0]
      .clustered.clusters as number;
    expect(subjects).toBe(57);
    const csv = readFileSync(join(root, mmlu), 'utf8').split('\n');
    const clusterColumn = csv[0].split(',').indexOf('cluster');
    const names = [
      ...new Set(
        csv
          .slice(1)
          .filter(Boolean)
          .map((l) => l.split(',')[clusterColumn]),
      ),
    ];
    writeFileSync(weights, `cluster,weight\n${names.map((n, i) => `${n},${1 + (i % 3)}`).join('\n')}\n`);
    const run = await evalsim('analyze', mmlu, '--weights', weights, '--hbb', 'off', '--json');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    const s = doc.systems[0].averages;
    expect(s.micro.estimate).toBeCloseTo(doc.systems[0].score, 12);
    expect(s.macro.df).toBe(56);
    expect(s.weighted.se).toBeGreaterThan(0);
    expect(doc.pairs[0].averages.weighted.pValue).toBeGreaterThan(0);
    expect(doc.options.weights).toBe(weights);
    const text = (await evalsim('analyze', mmlu, '--weights', weights, '--hbb', 'off')).stdout;
    expect(text).toMatch(/^Averages: micro, macro and weighted/m);
    expect(text).toMatch(/^Averages of the paired differences/m);
  });

  it('seed 000 Step 3 with --epoch 1 --paired-interval clusteredMiller: Haiku-low vs Sonnet-off clustered [−7.0, +0.9]', async () => {
    const run = await evalsim(
      'analyze',
      mmlu,
      '--epoch',
      '1',
      '--paired-interval',
      'clusteredMiller',
      '--json',
    );
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    const pair = doc.pairs.find(
      (p: { first: string; second: string }) => p.first === 'sonnet_off' && p.second === 'haiku_low',
    );
    expect([(100 * pair.interval.lower).toFixed(1), (100 * pair.interval.upper).toFixed(1)]).toEqual([
      '-7.0',
      '0.9',
    ]);
    expect(pair.mcnemar.exactPValue.toFixed(3)).toBe('0.006');
    expect(doc.paragraphs).toHaveLength(3);
    expect(doc.pairs[0].pairedZ.df).toBeNull();
  });

  it('--baseline compares against one system; --out writes Markdown, JSON, Arrow and SVG', async () => {
    const out = join(tmp, 'report');
    const run = await evalsim('analyze', mmlu, '--baseline', 'haiku_off', '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('wrote');
    const md = readFileSync(join(out, 'analysis.md'), 'utf8');
    expect(md).toContain('## Leaderboard');
    expect(md).toContain('![Forest plot of the paired differences](forest.svg)');
    const doc = JSON.parse(readFileSync(join(out, 'analysis.json'), 'utf8'));
    expect(doc.pairs.map((p: { first: string; second: string }) => `${p.first}-${p.second}`)).toEqual([
      'haiku_low-haiku_off',
      'sonnet_off-haiku_off',
    ]);
    const pairs = tableFromIPC(readFileSync(join(out, 'pairs.arrow')));
    expect(pairs.numRows).toBe(2);
    expect(pairs.getChild('difference')!.get(1)).toBe(doc.pairs[1].difference);
    expect(JSON.parse(pairs.schema.metadata.get('evalsim.analysis')!).questions).toBe(1140);
    const systems = tableFromIPC(readFileSync(join(out, 'systems.arrow')));
    expect(systems.getChild('system')!.toArray()).toEqual(['haiku_off', 'haiku_low', 'sonnet_off']);
    expect(systems.getChild('variance_between')!.get(0)).toBeCloseTo(0.149, 3);
    const svg = readFileSync(join(out, 'forest.svg'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(2);
  });

  it("the Power table's n columns are the unclustered sizes and say so; the comparison multiplies by the design effect", async () => {
    const [run, json] = await Promise.all([evalsim('analyze', mmlu), evalsim('analyze', mmlu, '--json')]);
    const text = run.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('n: questions needed for a gap of 1, 2, 3, 5 points, ignoring clusters');
    const pair = JSON.parse(json.stdout).pairs.find(
      (p: { first: string; second: string }) => p.first === 'sonnet_off' && p.second === 'haiku_low',
    );
    const five = pair.power.questionsFor.find((g: { gap: number }) => g.gap === 0.05);
    expect(five.clusteredQuestions).toBeGreaterThan(2 * five.questions);
    const power = run.stdout.slice(run.stdout.indexOf('Power (Miller 2024'));
    const row = power.split('\n').find((l) => l.startsWith('sonnet_off − haiku_low'));
    expect(row?.trim().split(/\s+/).at(-1)).toBe(String(five.questions));
    expect(text).toContain(
      `Resolving 5.0 points would take about ${five.clusteredQuestions.toLocaleString('en-US')} questions.`,
    );
  });

  it('every terminal line fits 100 columns, epochs tables included (MMLU stand-in, epoch means)', async () => {
    const run = await evalsim('analyze', mmlu);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Epochs for pairs');
    // Seed 000: Haiku-low vs Sonnet-off is a clear paired win that clustering by subject does not confirm.
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      'Ignoring the 57 clusters the paired interval excludes zero (and McNemar gives p = 0.0058); the clustered one does not, so the difference may sit in a few clusters',
    );
    for (const line of run.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('passes the import flags through (long-table columns as --epoch-column / --task-column)', async () => {
    const path = join(tmp, 'columns.csv');
    const rows = ['item,model,ok,round,bench,subject'];
    for (let q = 0; q < 12; q++) {
      for (const [model, shift] of [
        ['m1', 0],
        ['m2', 1],
      ] as const) {
        for (let r = 1; r <= 2; r++)
          rows.push(`i${q},${model},${(q + shift * r) % 3 === 0 ? 1 : 0},${r},b,s${q % 4}`);
      }
    }
    writeFileSync(path, `${rows.join('\n')}\n`);
    const run = await evalsim(
      'analyze',
      path,
      '--question',
      'item',
      '--system-column',
      'model',
      '--score',
      'ok',
      '--epoch-column',
      'round',
      '--task-column',
      'bench',
      '--cluster',
      'subject',
      '--json',
    );
    // 12 questions in 4 clusters: the warnings say no interval is reliable with so few.
    expect(run.stderr).toBe(
      'warning: only 12 questions: no interval keeps its level reliably with fewer than 15 (check with evalsim audit)\n' +
        "warning: only 4 clusters: no clustered interval keeps its level reliably with fewer than 10 (CR2's small-sample correction helps, but check with evalsim audit)\n",
    );
    const doc = JSON.parse(run.stdout);
    expect([doc.task, doc.questions, doc.clusters, doc.epochs]).toEqual(['b', 12, 4, 2]);
    expect(doc.systems[0].varianceSplit).not.toBeNull();
    expect(doc.pairs[0].epochPower).not.toBeNull();
  });

  it('the canonical Arrow file of evalsim import gives the same document as the raw logs', async () => {
    const arrow = join(tmp, 'mmlu.arrow');
    expect((await evalsim('import', mmlu, '--out', arrow)).code).toBe(0);
    const fromArrow = JSON.parse((await evalsim('analyze', arrow, '--json')).stdout);
    const fromCsv = JSON.parse((await evalsim('analyze', mmlu, '--json')).stdout);
    expect(fromArrow.inputs).toEqual([arrow]);
    expect({ ...fromArrow, inputs: null }).toEqual({ ...fromCsv, inputs: null });
  });

  it('graded scores: 0/1-only methods are skipped with a stated reason, refused when asked for', async () => {
    const path = seed002(true);
    const run = await evalsim('analyze', path);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('note: mcnemar, paired 2×2 intervals: skipped (the scores are graded');
    expect(run.stderr).toContain('note: wilson, clopperPearson: skipped (the scores are graded');
    const tango = await evalsim('analyze', mmlu, '--paired-interval', 'tango');
    expect(tango.stderr).toContain(
      'warning: --paired-interval tango is computed on the 0/1 answers of epoch 1',
    );
    const bad = await evalsim('analyze', path, '--paired-interval', 'tango');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'evalsim: --paired-interval tango needs 0/1 scores; metric score has graded scores\n',
    );
  });

  it('bad flags name the flag and the allowed values; nothing is written', async () => {
    const out = join(tmp, 'never');
    const cases: [string[], RegExp][] = [
      [
        ['--paired-interval', 'tangoo'],
        /--paired-interval: unknown value "tangoo"; allowed: clustered, .*did you mean tango\?/,
      ],
      [
        ['--baseline', 'gpt'],
        /--baseline "gpt" is not a system of the eval; systems: haiku_off, haiku_low, sonnet_off/,
      ],
      [['--epoch', '6'], /--epoch 6: the eval's epochs run 1 to 5/],
      [['--epoch', '3'], /--epoch 3: system sonnet_off has no epoch 3 for question abstract_algebra-01/],
      [['--level', '95'], /--level: must be a number in \(0, 1\), got 95/],
      [['--test', 'wilcoxon'], /--test: unknown value "wilcoxon"/],
      [['--systems', 'haiku_off,gpt'], /--systems: no system "gpt"/],
    ];
    for (const [flags, message] of cases) {
      const run = await evalsim('analyze', mmlu, ...flags, '--out', out);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    }
    expect(() => readFileSync(join(out, 'analysis.md'))).toThrow();
    const file = await evalsim('analyze', mmlu, '--out', mmlu);
    expect(file.stderr).toMatch(
      /--out studies\/data\/mmlu-standin.csv: .*mmlu-standin.csv is a file, not a directory/,
    );
  });
});

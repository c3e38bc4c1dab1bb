/**
 * `evalsim rate <battles…>`: Arena-style ratings of pairwise battles with honest intervals
 * (issue 31). Reads LMArena/FastChat battle records, arena-hard-auto judgments, AlpacaEval
 * annotations, long CSV tables or the battle table it wrote (sim's importBattles); the
 * computation is sim's `rateBattles`; this command prints its leaderboard (the recommended
 * interval named first), or one JSON document with `--json`, and with `--out DIR` writes
 * ratings.md, ratings.json, ratings.arrow, pairs.arrow, battles.arrow and ratings.svg (every file
 * built first, then each written atomically). Bootstraps and rank draws are seeded: the same
 * inputs and flags give byte-identical output.
 */
import { join } from 'node:path';
import { votesToSeparate } from '@evalsim/core';
import {
  type ArenaRating,
  BATTLE_FORMATS,
  battlesToArrow,
  buildArenaAudit,
  buildArenaPlan,
  DEFAULT_AUDIT_REPLICATIONS,
  DEFAULT_RATE_ROUNDS,
  DEFAULT_RATE_SEED,
  DEFAULT_STRONG_WEIGHT,
  evalsimVersion,
  importBattles,
  RATE_CI_CHOICES,
  RATE_CLUSTER_FIELDS,
  RATE_RANK_CHOICES,
  RATE_TIES_CHOICES,
  type RateOptions,
  rateBattles,
  summarizeArenaAudit,
} from '@evalsim/sim';
import { ARENA_DESIGN_FILE, prepareOutputDirectory, writeFileAtomic } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { ratingArrow } from '../analyze/ratingArrow.js';
import { ratingMarkdown } from '../analyze/ratingMarkdown.js';
import { ratingPlot } from '../analyze/ratingPlot.js';
import {
  fitSentence,
  intervalSentence,
  ratingNotes,
  ratingTable,
  styleLines,
} from '../analyze/ratingTables.js';
import { alignedTable } from '../format/alignedTable.js';
import { tableWidth } from '../format/printRows.js';
import { createStatusLine } from '../format/progressLine.js';
import { wrapText } from '../format/wrapText.js';
import { autoView } from '../html/autoView.js';
import type { CliIo } from '../io.js';
import { checkFlag, integerFlag, WORKERS_DESCRIPTION, workersFlag } from './flagValues.js';
import { runGeneratedStudy } from './generatedStudy.js';
import { checkHtmlOutput, HTML_OPTION, writeHtmlOutput } from './htmlOutput.js';
import { checkPathsExist } from './importFlags.js';
import { checkChoices, listOption } from './shared.js';
import { inputPath } from './shippedStudies.js';

interface Args {
  io: CliIo;
  paths: string[];
  out?: string;
  html?: string;
  json: boolean;
  format?: string;
  baseline?: string;
  strongWeight: number;
  ci: string;
  cluster: string;
  rounds: number;
  seed: number;
  ties: string;
  anchor: string;
  prior: string;
  hessianRidge: number;
  styleControl: boolean;
  rankIntervals: string;
  rankDraws?: number;
  models?: string[];
  anonyOnly: boolean;
  level: number;
  audit: boolean;
  plan: boolean;
  gap?: number;
  power: number;
  tieShare?: number;
  arenaModels?: number;
  replications?: number;
  workers?: number;
  quiet: boolean;
}

/** `--anchor`: mean, fastchat, or MODEL=RATING. */
export function anchorFlag(value: string): NonNullable<RateOptions['anchor']> {
  if (value === 'mean' || value === 'fastchat') return value;
  const at = value.lastIndexOf('=');
  const rating = Number(value.slice(at + 1));
  if (at <= 0 || !Number.isFinite(rating)) {
    throw new Error(`--anchor: "${value}" is not mean, fastchat or MODEL=RATING (e.g. gpt-4-0314=1186)`);
  }
  return { model: value.slice(0, at), rating };
}

/** `--prior`: auto or a ridge λ ≥ 0. */
function priorFlag(value: string): number | 'auto' {
  if (value === 'auto') return 'auto';
  const x = Number(value);
  if (!(Number.isFinite(x) && x >= 0))
    throw new Error(
      `--prior: "${value}" is not auto or a number ≥ 0 (a ridge λ on the natural-log-odds ratings)`,
    );
  return x;
}

/** The JSON document: the rating with its notes (±∞ bounds are null in JSON; `unbounded` says which). */
export function ratingDocument(a: ArenaRating, inputs: readonly string[]): Record<string, unknown> {
  return {
    evalsim: evalsimVersion(),
    inputs,
    ...a,
    headline: { fit: fitSentence(a), interval: intervalSentence(a) },
    notes: [
      ...ratingNotes(a),
      "ratings and bounds are on the Elo scale; a bound that the data leave open (no MLE) is null in JSON, with the model's `unbounded` saying which side",
    ],
  };
}

function printRating(io: CliIo, a: ArenaRating): void {
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  say(intervalSentence(a));
  say(fitSentence(a));
  io.stdout.write('\n');
  const t = ratingTable(a);
  io.stdout.write(`${alignedTable(t.header, t.rows, t.right, { maxWidth: width, wrap: [1] })}\n`);
  const style = styleLines(a);
  if (style.length) {
    io.stdout.write('\n');
    for (const line of style) io.stdout.write(`${line}\n`);
  }
  io.stdout.write('\n');
  for (const note of ratingNotes(a)) say(`note: ${note}`);
}

function importFlagsOf(args: Args) {
  return {
    ...(args.format !== undefined ? { format: String(args.format) } : {}),
    ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
    strongWeight: args.strongWeight,
  };
}

/** `--audit`: the coverage of each interval at the battles' own design (a generated study). */
async function auditBattles(
  io: CliIo,
  args: Args,
  paths: string[],
  outDir: string | undefined,
  models: string[],
): Promise<void> {
  if (outDir === undefined) throw new Error('--audit writes its design, study and results: give --out DIR');
  const replications = integerFlag('replications', args.replications, 10, 1_000_000);
  const { workers, warning } = workersFlag(args.workers);
  if (warning) io.stderr.write(`${warning}\n`);
  prepareOutputDirectory(outDir, [ARENA_DESIGN_FILE, 'arena-audit.json', 'arena-audit.arrow']);
  const imported = importBattles(paths, importFlagsOf(args), { cwd: io.cwd });
  const plan = buildArenaAudit(imported.table, {
    name: 'arena-audit',
    files: paths,
    level: args.level,
    anonyOnly: args.anonyOnly,
    ...(models.length ? { models } : {}),
    ...(replications !== undefined ? { replications } : {}),
  });
  writeFileAtomic(join(outDir, ARENA_DESIGN_FILE), `${JSON.stringify(plan.design, null, 2)}\n`);
  const run = await runGeneratedStudy(io, plan.study, outDir, { workers, quiet: args.quiet });
  const lines = summarizeArenaAudit(run.rows);
  const reps = plan.study.replications as number;
  if (args.json) {
    io.stdout.write(
      `${JSON.stringify({ evalsim: evalsimVersion(), inputs: paths, fit: plan.fit, nu: plan.nu, replications: reps, lines, study: run.studyFile, results: run.resultsFile }, null, 2)}\n`,
    );
    return;
  }
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  const design = plan.design as { models: string[]; pairs: number[][] };
  const battles = design.pairs.reduce((n, p) => n + p[2], 0);
  say(
    `Audit at this arena's design: ${design.models.length} models, ${battles} battles with its votes per pair, true ratings = its ${plan.fit === 'davidson' ? `Davidson fit (ties ν̂ = ${plan.nu.toFixed(3)})` : 'BT fit'}; ${reps} simulated arenas, battles independent. Nominal ${Math.round(args.level * 100)}%.`,
  );
  io.stdout.write('\n');
  const rows = lines.map((l) => [
    l.claim,
    `${(100 * l.value).toFixed(1)}%`,
    `± ${(100 * l.mcse).toFixed(1)}`,
  ]);
  io.stdout.write(
    `${alignedTable(['claim', 'coverage', 'MCSE'], rows, [false, true, true], { maxWidth: width, wrap: [0] })}\n\n`,
  );
  if (!plan.bootstrap)
    say(
      'note: more than 100,000 battles: the bootstrap is left out of the audit (200 rounds per simulated arena would take long); the sandwich is what it would approach.',
    );
  say(
    'note: the simulated battles are independent; if votes on a prompt are correlated (same prompt, same judge), battle-level intervals cover less than shown here — compare --ci cluster.',
  );
  io.stderr.write(
    `wrote ${args.out}: ${ARENA_DESIGN_FILE}, arena-audit.json (rerun: evalsim run ${join(args.out as string, 'arena-audit.json')} --out ${args.out}), arena-audit.arrow\n`,
  );
}

/** `--plan`: votes to separate two models by --gap (closed form; with --out, checked by simulation). */
async function planVotes(io: CliIo, args: Args, paths: string[]): Promise<void> {
  if (args.gap === undefined) throw new Error('--plan: give the rating gap to detect, --gap N (Elo points)');
  checkFlag('gap', args.gap, { min: 0, minOpen: true, max: 2000 });
  checkFlag('power', args.power, { min: 0, max: 1, minOpen: true, maxOpen: true });
  checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
  let tieShare = args.tieShare;
  let arenaModels = args.arenaModels;
  if (paths.length > 0) {
    checkPathsExist(io, paths);
    const t = importBattles(paths, importFlagsOf(args), { cwd: io.cwd }).table;
    let ties = 0;
    for (let i = 0; i < t.rowCount; i++) if (t.outcome[i] === 0.5) ties++;
    tieShare ??= ties / t.rowCount;
    arenaModels ??= t.models.length;
  }
  tieShare ??= 0;
  arenaModels ??= 2;
  checkFlag('tie-share', tieShare, { min: 0, max: 0.95 });
  integerFlag('arena-models', arenaModels, 2, 10_000);
  const plan = votesToSeparate(args.gap, tieShare, args.level, args.power, arenaModels);
  const outDir = args.out !== undefined ? io.resolve(args.out) : undefined;
  let check: { battles: number; power: number; mcse: number }[] | undefined;
  let studyFile: string | undefined;
  if (outDir !== undefined) {
    const replications = integerFlag('replications', args.replications, 10, 1_000_000);
    const { workers, warning } = workersFlag(args.workers);
    if (warning) io.stderr.write(`${warning}\n`);
    prepareOutputDirectory(outDir, ['arena-plan.json', 'arena-plan.arrow']);
    const config = buildArenaPlan(plan, {
      name: 'arena-plan',
      gap: args.gap,
      tieShare,
      level: args.level,
      ...(replications !== undefined ? { replications } : {}),
    });
    const run = await runGeneratedStudy(io, config, outDir, { workers, quiet: args.quiet });
    studyFile = run.studyFile;
    check = run.rows
      .filter((r) => r.metric === 'power')
      .map((r) => ({ battles: Number(r.params.battles), power: r.value, mcse: r.mcse }));
  }
  if (args.json) {
    io.stdout.write(
      `${JSON.stringify({ evalsim: evalsimVersion(), gap: args.gap, tieShare, level: args.level, power: args.power, arenaModels, ...plan, ...(check ? { simulated: check, study: studyFile } : {}) }, null, 2)}\n`,
    );
    return;
  }
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  say(
    `To separate two models ${args.gap} Elo points apart (${Math.round(tieShare * 100)}% ties between equal models; the BT fit sees ${plan.projectedGap.toFixed(1)} points) with ${Math.round(args.power * 100)}% power at ${Math.round(args.level * 100)}%: ${plan.headToHead.toLocaleString('en-US')} votes between the two${arenaModels > 2 ? `, or about ${plan.arenaBattles.toLocaleString('en-US')} battles in all in an arena of ${arenaModels} models with every pair sampled alike (strengths close together)` : ''}.`,
  );
  if (check) {
    io.stdout.write('\n');
    const rows = check.map((c) => [
      c.battles.toLocaleString('en-US'),
      `${(100 * c.power).toFixed(1)}%`,
      `± ${(100 * c.mcse).toFixed(1)}`,
    ]);
    io.stdout.write(
      `${alignedTable(['head-to-head votes', 'simulated power', 'MCSE'], rows, [true, true, true], { maxWidth: width, wrap: [] })}\n`,
    );
    io.stderr.write(`wrote ${args.out}: arena-plan.json, arena-plan.arrow\n`);
  } else {
    say('note: --out DIR checks this by simulating two-model arenas at 0.5 to 1.5 times the votes.');
  }
}

export const rateCommand: CommandModule<object, Args> = {
  command: 'rate [paths..]',
  describe:
    'Arena-style ratings of pairwise battles (Bradley–Terry on the Elo scale) with honest intervals and ranks',
  builder: (y) =>
    y
      .positional('paths', {
        type: 'string',
        array: true,
        describe: `battle files: ${Object.keys(BATTLE_FORMATS).join(', ')} (recognised by content)`,
      })
      .option('out', {
        type: 'string',
        describe:
          'directory to write ratings.md, ratings.json, ratings.arrow, pairs.arrow, battles.arrow, ratings.svg',
      })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .options(HTML_OPTION)
      .option('format', {
        type: 'string',
        describe: `force the battle format: ${Object.keys(BATTLE_FORMATS).join(', ')}`,
      })
      .option('baseline', {
        type: 'string',
        describe: 'arena-hard-auto: the baseline of judgments without a baseline field (v0.1: gpt-4-0314)',
      })
      .option('strong-weight', {
        type: 'number',
        default: DEFAULT_STRONG_WEIGHT,
        describe: 'arena-hard-auto: battles per strong verdict (A>>B), show_result.py --weight',
      })
      .option('ci', {
        type: 'string',
        default: 'sandwich',
        describe: `interval: ${RATE_CI_CHOICES.join(', ')} (sandwich as arena-rank; bootstrap over battles as FastChat; cluster: bootstrap over --cluster)`,
      })
      .option('cluster', {
        type: 'string',
        default: 'question_id',
        describe: `cluster of --ci cluster / cluster-sandwich: ${RATE_CLUSTER_FIELDS.join(', ')}`,
      })
      .option('rounds', {
        type: 'number',
        default: DEFAULT_RATE_ROUNDS,
        describe:
          'bootstrap rounds (100 to 100000); 1000 puts each endpoint within ≈ 0.085 SE (Monte Carlo s.d.)',
      })
      .option('seed', {
        type: 'number',
        default: DEFAULT_RATE_SEED,
        describe: 'seed of the bootstrap and of the rank draws',
      })
      .option('ties', {
        type: 'string',
        default: 'half',
        describe: `ties: ${RATE_TIES_CHOICES.join(', ')} (half: LMArena's half win; davidson: Davidson's model)`,
      })
      .option('anchor', {
        type: 'string',
        default: 'mean',
        describe:
          'mean (mean rating 1000), fastchat (mixtral-8x7b-instruct-v0.1 = 1114 when present) or MODEL=RATING',
      })
      .option('prior', {
        type: 'string',
        default: 'auto',
        describe:
          'ridge λ on the ratings (natural units), or auto: a weak N(0, 400²) prior only when the MLE does not exist (0 refuses then)',
      })
      .option('hessian-ridge', {
        type: 'number',
        default: 0,
        describe:
          "arena-rank's Hessian ridge (hessian_reg, times the battles; 1e-5 reproduces its intervals)",
      })
      .option('style-control', {
        type: 'boolean',
        default: false,
        describe:
          "FastChat's style control: contextual BT with answer length and markdown counts (needs conv_metadata)",
      })
      .option('rank-intervals', {
        type: 'string',
        default: 'max-t',
        describe: `simultaneous rank intervals: ${RATE_RANK_CHOICES.join(', ')}`,
      })
      .option('rank-draws', {
        type: 'number',
        describe:
          'normal draws for max-t and P(1st) with model-based intervals (1000 to 1000000; default 10000, fewer above 64 models so that draws × pairs ≤ 2e7, at least 2000)',
      })
      .option('models', {
        type: 'string',
        array: true,
        describe: 'rate only battles among these models (comma-separated or repeated)',
      })
      .option('anony-only', {
        type: 'boolean',
        default: false,
        describe: "only anonymous battles (anony = true), as FastChat's leaderboard",
      })
      .option('level', { type: 'number', default: 0.95, describe: 'confidence level' })
      .option('audit', {
        type: 'boolean',
        default: false,
        describe:
          "simulate arenas at these battles' design (their fit, their votes per pair) and measure each interval's coverage (needs --out)",
      })
      .option('plan', {
        type: 'boolean',
        default: false,
        describe:
          'votes needed to separate two models by --gap Elo points (with --out: checked by simulation)',
      })
      .option('gap', { type: 'number', describe: '--plan: the rating gap to detect, Elo points' })
      .option('power', { type: 'number', default: 0.8, describe: '--plan: power' })
      .option('tie-share', {
        type: 'number',
        describe: '--plan: share of ties between equal models (default: the battle files’ tie share, else 0)',
      })
      .option('arena-models', {
        type: 'number',
        describe:
          '--plan: models in the arena, pairs sampled alike (default: the battle files’ models, else 2)',
      })
      .option('replications', {
        type: 'number',
        describe: `--audit / --plan: simulated arenas per cell (default ${DEFAULT_AUDIT_REPLICATIONS} / 2000)`,
      })
      .option('workers', { type: 'number', describe: WORKERS_DESCRIPTION })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress line' })
      .example(
        '$0 rate studies/data/arena/clean-battle.json',
        'LMArena battle records: ratings with sandwich intervals',
      )
      .example(
        '$0 rate studies/data/arena/arena-hard-battles.jsonl --ci cluster',
        'a cluster bootstrap over prompts',
      )
      .example(
        '$0 rate studies/data/arena/arena-hard-judgments.jsonl --baseline gpt-4-0314 --json',
        'arena-hard-auto judgments as JSON',
      )
      .example(
        '$0 rate studies/data/arena/clean-battle.json --style-control --out ratings/',
        'style-controlled ratings, every output file',
      )
      .example(
        '$0 rate studies/data/arena/arena-hard-battles.jsonl --audit --out audit/',
        "each interval's coverage at this arena's design",
      )
      .example(
        '$0 rate --plan --gap 20 --tie-share 0.3 --arena-models 20',
        'votes needed to separate two models 20 Elo points apart',
      ) as never,
  handler: async (args) => {
    const { io } = args;
    const paths = (args.paths ?? []).map((p) => inputPath(io, String(p)));
    if (args.plan) return planVotes(io, args, paths);
    if (paths.length === 0)
      throw new Error('give the battle files to rate (or --plan --gap N for a sample size)');
    checkPathsExist(io, paths);
    checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
    integerFlag('seed', args.seed, 0, 4294967295);
    integerFlag('rounds', args.rounds, 100, 100_000);
    integerFlag('rank-draws', args.rankDraws, 1000, 1_000_000);
    integerFlag('strong-weight', args.strongWeight, 1, 100);
    checkFlag('hessian-ridge', args.hessianRidge, { min: 0 });
    const ci = checkChoices('ci', [String(args.ci)], RATE_CI_CHOICES)[0];
    const cluster = checkChoices('cluster', [String(args.cluster)], RATE_CLUSTER_FIELDS)[0];
    const ties = checkChoices('ties', [String(args.ties)], RATE_TIES_CHOICES)[0];
    const rankRule = checkChoices('rank-intervals', [String(args.rankIntervals)], RATE_RANK_CHOICES)[0];
    if (args.format !== undefined) checkChoices('format', [String(args.format)], Object.keys(BATTLE_FORMATS));
    const anchor = anchorFlag(String(args.anchor));
    const prior = priorFlag(String(args.prior));
    const models = listOption(args.models);
    const outDir = args.out !== undefined ? io.resolve(args.out) : undefined;
    if (args.audit) return auditBattles(io, args, paths, outDir, models);
    const files = [
      'ratings.md',
      'ratings.json',
      'ratings.arrow',
      'pairs.arrow',
      'battles.arrow',
      'ratings.svg',
    ];
    if (outDir !== undefined) prepareOutputDirectory(outDir, files);
    const htmlFile = checkHtmlOutput(
      io,
      args.html,
      paths.map((p) => io.resolve(p)),
    );
    const imported = importBattles(paths, importFlagsOf(args), { cwd: io.cwd });
    // The bootstrap is the long part (1,000 refits by default): a progress line on a terminal.
    const line = createStatusLine({ stream: io.stderr, quiet: args.quiet });
    const started = Date.now();
    const onRounds = (done: number, total: number) => {
      const seconds = (Date.now() - started) / 1000;
      const eta = done > 0 ? Math.ceil((seconds * (total - done)) / done) : Number.NaN;
      line.draw(
        `rate: bootstrap rounds ${done}/${total}  ETA ${Number.isFinite(eta) ? `${eta}s` : '?'}`,
        done === total,
      );
    };
    const rating = rateBattles(imported.table, {
      level: args.level,
      ci,
      cluster,
      rounds: args.rounds,
      seed: args.seed,
      ties,
      anchor,
      prior,
      hessianRidge: args.hessianRidge,
      styleControl: args.styleControl,
      rankRule,
      ...(args.rankDraws !== undefined ? { rankDraws: args.rankDraws } : {}),
      anonyOnly: args.anonyOnly,
      ...(models.length ? { models } : {}),
      ...(line.live ? { onRounds } : {}),
    });
    line.clear();
    const doc = ratingDocument(rating, paths);
    const json = `${JSON.stringify(doc, null, 2)}\n`;
    await writeHtmlOutput(io, htmlFile, args.html, json, (d) => autoView('evalsim rate', d));
    if (outDir !== undefined) {
      const version = evalsimVersion();
      const arrow = ratingArrow(rating, version);
      const built: [string, string | Uint8Array][] = [
        ['ratings.md', ratingMarkdown(rating, paths, 'ratings.svg')],
        ['ratings.json', json],
        ['ratings.arrow', arrow.ratings],
        ['pairs.arrow', arrow.pairs],
        ['battles.arrow', battlesToArrow(imported, version)],
        ['ratings.svg', ratingPlot(rating)],
      ];
      for (const [name, data] of built) writeFileAtomic(join(outDir, name), data);
    }
    if (args.json) io.stdout.write(json);
    else printRating(io, rating);
    for (const w of imported.warnings)
      io.stderr.write(
        `warning: ${w.file ? `${w.file}${w.line ? `, line ${w.line}` : ''}: ` : ''}${w.message}\n`,
      );
    for (const w of rating.warnings) io.stderr.write(`warning: ${w}\n`);
    if (outDir !== undefined) io.stderr.write(`wrote ${args.out}: ${files.join(', ')}\n`);
  },
};

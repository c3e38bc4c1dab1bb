/**
 * `--html FILE` of analyze, audit and plan (in process, runCli): each page is checked against
 * the `--json` document of the same run — the embedded document is that document, every
 * number shown is its value at the path the number names (rounded as shown), every text cell
 * its text, every chart datum its value — then opened in headless Chromium with every request
 * aborted (a request fails the test), where it must log no console error and draw every chart
 * as SVG, and the numbers read back from the live DOM are checked again. One browser for the
 * whole file. Without /usr/bin/chromium the browser part is skipped with a message (CI sets
 * EVALSIM_REQUIRE_CHROMIUM=1 and installs it, so there it fails instead); with
 * EVALSIM_HTML_SCREENSHOTS=DIR each page is also saved there as a full-page PNG.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';
import { analyzeView } from './analyzeView.js';
import { CONTENT_SECURITY_POLICY, renderHtml } from './renderHtml.js';
import {
  checkChartData,
  checkShownNumbers,
  checkShownTexts,
  embeddedJson,
  type ShownNumber,
  type ShownText,
  shownNumbersInHtml,
  shownTextsInHtml,
} from './test-utils/shownNumbers.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-html-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const STANDIN = 'studies/data/mmlu-standin.csv';
const CHROMIUM = '/usr/bin/chromium';

async function evalsim(...args: string[]) {
  return runCli(args, { cwd: root, env: {} });
}

interface Page {
  readonly name: string;
  readonly file: string;
  readonly html: string;
  readonly doc: unknown;
}

/** Each command with the same flags twice: --json to stdout, --html to a file. */
const COMMANDS: Record<string, string[]> = {
  analyze: ['analyze', STANDIN, '--hbb', 'off', '--resamples', '200'],
  // No view of its own: the automatic view (autoView.ts).
  judged: ['analyze', 'studies/data/judged-standin.csv', '--labels', 'human'],
  judgedAudit: [
    'audit',
    'studies/data/judged-standin.csv',
    '--labels',
    'human',
    '--replications',
    '20',
    '--workers',
    '0',
    '--quiet',
    '--out',
  ],
  audit: [
    'audit',
    STANDIN,
    '--replications',
    '100',
    '--resamples',
    '200',
    '--hbb-replications',
    '5',
    '--workers',
    '0',
    '--quiet',
    '--out',
  ],
  plan: [
    'plan',
    STANDIN,
    '--delta',
    '0.03',
    '--systems',
    'haiku_low,sonnet_off',
    '--resample',
    'questions',
    '--replications',
    '200',
    '--workers',
    '0',
    '--quiet',
    '--out',
  ],
  // The automatic view too: rows that are intervals themselves (ratings, checkpoints).
  rate: ['rate', 'studies/data/arena/clean-battle.json', '--quiet'],
  monitor: ['monitor', 'studies/data/seed000-shuffled.jsonl', '--order', 'order', '--baseline', 'haiku_off'],
};

const pages = new Map<string, Page>();

/** The commands whose page is the automatic view (no charts). */
const AUTO = new Set(['judged', 'judgedAudit', 'rate', 'monitor']);

beforeAll(async () => {
  for (const [name, args] of Object.entries(COMMANDS)) {
    const line = args.at(-1) === '--out' ? [...args, join(tmp, name)] : args;
    const file = join(tmp, `${name}.html`);
    const r = await evalsim(...line, '--json', '--html', file);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`wrote .*${name}\\.html \\(\\d+ KB, self-contained HTML\\)`));
    pages.set(name, { name, file, html: readFileSync(file, 'utf8'), doc: JSON.parse(r.stdout) });
  }
}, 120_000);

describe('--html pages against their --json documents', () => {
  test.each(Object.keys(COMMANDS))(
    '%s: the embedded document, every number, text and chart datum',
    (name) => {
      const page = pages.get(name)!;
      expect(embeddedJson(page.html, 'evalsim-document')).toEqual(page.doc);
      const numbers = shownNumbersInHtml(page.html);
      expect(numbers.length).toBeGreaterThan(40);
      expect(checkShownNumbers(page.doc, numbers)).toEqual([]);
      expect(checkShownTexts(page.doc, shownTextsInHtml(page.html))).toEqual([]);
      const charts = embeddedJson(page.html, 'evalsim-charts') as { id: string; spec: unknown }[];
      // The automatic view draws no charts.
      if (!AUTO.has(name)) expect(charts.length).toBeGreaterThan(0);
      const data = checkChartData(page.doc, charts);
      expect(data.problems).toEqual([]);
      if (!AUTO.has(name)) expect(data.checked).toBeGreaterThan(5);
      // Self-contained: the policy forbids fetching; nothing is referenced outside the page.
      expect(page.html.includes(`content="${CONTENT_SECURITY_POLICY}"`)).toBe(true);
      // (outside the embedded scripts' own code)
      const markup = page.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script></script>');
      expect(markup.match(/<script[^>]*\ssrc=|<link\b|<img\b|<iframe\b/gi)).toBeNull();
      expect([...markup.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1])).toEqual(['#']);
    },
  );

  test('analyze: the recommended pair intervals first, every interval of the document as a column', () => {
    const { html, doc } = pages.get('analyze')!;
    const d = doc as {
      pairs: { interval: { method: string } }[];
      systems: { binary: { intervals: object } }[];
      leaderboard: { rankRange: [number, number] }[];
    };
    expect(html.indexOf('Recommended interval per pair')).toBeLessThan(html.indexOf('Leaderboard'));
    const paths = new Set(shownNumbersInHtml(html).map((n) => n.path));
    d.pairs.forEach((_, i) => {
      expect(paths).toContain(`pairs[${i}].interval.lower`);
      expect(paths).toContain(`pairs[${i}].holmPValue`);
    });
    for (const key of Object.keys(d.systems[0].binary.intervals))
      expect(paths).toContain(`systems[0].binary.intervals.${key}.upper`);
    const tied = d.leaderboard.findIndex((r) => r.rankRange[0] !== r.rankRange[1]);
    expect(tied).toBeGreaterThanOrEqual(0);
    expect(paths).toContain(`leaderboard[${tied}].rankRange[1]`);
  });

  test('plan: the recommended test first, each curve a column of the power table', () => {
    const { html, doc } = pages.get('plan')!;
    const d = doc as { curves: { primary: boolean; label: string; points: unknown[] }[] };
    const primary = d.curves.findIndex((c) => c.primary);
    const paths = shownNumbersInHtml(html).map((n) => n.path);
    expect(paths.find((p) => p.endsWith('.required.estimate.size'))).toBe(
      `curves[${primary}].required.estimate.size`,
    );
    for (const [i, c] of d.curves.entries())
      for (const j of c.points.keys()) expect(paths).toContain(`curves[${i}].points[${j}].power`);
  });

  test('judged (the automatic view): its own headlines first, every table of the document', () => {
    const { html, doc } = pages.get('judged')!;
    const d = doc as { headlines: string[]; perSystem: unknown[] };
    const box = html.slice(
      html.indexOf('<div class="headline">'),
      html.indexOf('</div>', html.indexOf('<div class="headline">')),
    );
    expect(box).toContain(d.headlines[0]);
    expect(html.match(/<table data-rows="perSystem">/g)).toHaveLength(1);
    const paths = new Set(shownNumbersInHtml(html).map((n) => n.path));
    expect([...paths].filter((p) => p.startsWith('perSystem[0].')).length).toBeGreaterThan(20);
  });

  test('rate and monitor (the automatic view): a row that is an interval is one interval column beside its fields', () => {
    const rate = pages.get('rate')!;
    const d = rate.doc as { ratings: { model: string; lower: number; upper: number }[] };
    expect(rate.html).toContain('<table data-rows="ratings">');
    for (const r of d.ratings) expect(rate.html).toContain(r.model);
    const ratingPaths = new Set(shownNumbersInHtml(rate.html).map((n) => n.path));
    expect(ratingPaths.has('ratings[0].rating')).toBe(true);
    expect([...ratingPaths].some((p) => p.startsWith('ratings[0]') && /lower|upper/.test(p))).toBe(true);
    const monitor = pages.get('monitor')!;
    const paths = new Set(shownNumbersInHtml(monitor.html).map((n) => n.path));
    expect(paths.has('checkpoints[0].questions')).toBe(true);
    expect(paths.has('checkpoints[0].pValue')).toBe(true);
  });

  test('the same document renders the same bytes', () => {
    const page = pages.get('analyze')!;
    const scripts = [{ name: 'vega', version: '0', text: '' }];
    const a = renderHtml(page.doc, analyzeView, { version: 'x', scripts });
    expect(renderHtml(JSON.parse(JSON.stringify(page.doc)), analyzeView, { version: 'x', scripts })).toBe(a);
  });

  test('a headline and marked intervals in the document are shown first and marked', () => {
    const doc = {
      task: 't',
      metric: 'm',
      questions: 3,
      clusters: 0,
      epochs: 1,
      scoreRange: [0, 1],
      options: { level: 0.95, pairedInterval: 'pairedWald' },
      headline: { reason: 'no clusters, 0/1 scores: Wilson' },
      systems: [
        { system: 'a', score: 1, headline: { method: 'wilson', lower: 0.43, upper: 1 } },
        { system: 'b', score: 0, headline: { method: 'wald', lower: 0, upper: 0, marks: ['zero width'] } },
      ],
      pairs: [
        {
          first: 'a',
          second: 'b',
          difference: 1,
          interval: { method: 'pairedWald', lower: 1, upper: 1, marks: ['zero width'] },
          test: { method: 'mcnemar', pValue: 0.25 },
        },
      ],
      leaderboard: [],
    };
    const html = renderHtml(doc, analyzeView, { version: 'x', scripts: [] });
    expect(html.indexOf('Recommended interval per system')).toBeLessThan(
      html.indexOf('Recommended interval per pair'),
    );
    expect(html).toContain('The headline rule: no clusters, 0/1 scores: Wilson.');
    expect(html.match(/<tr class="marked">/g)).toHaveLength(2);
    expect(html).toContain('<span class="mark" data-path="systems[1].headline.marks"');
    expect(html).toContain('\u26a0 zero width');
    expect(checkShownNumbers(doc, shownNumbersInHtml(html))).toEqual([]);
  });

  test('what a view does not name is shown too (pass@k in analyze, a new field), every number checked', () => {
    const page = pages.get('analyze')!;
    const doc = {
      ...(page.doc as object),
      multiSample: {
        k: [1, 5],
        systems: [{ system: 'a', passAtK: { estimate: 0.5, lower: 0.4, upper: 0.6 }, n: 10 }],
      },
      newField: { value: 0.123, mcse: 0.004 },
    };
    const html = renderHtml(doc, analyzeView, { version: 'x', scripts: [] });
    expect(html).toContain('<table data-rows="multiSample.systems">');
    const paths = shownNumbersInHtml(html).map((n) => n.path);
    for (const p of [
      'multiSample.systems[0].passAtK.lower',
      'multiSample.k[1]',
      'newField.value',
      'power.mde',
    ])
      expect(paths).toContain(p);
    expect(checkShownNumbers(doc, shownNumbersInHtml(html))).toEqual([]);
    // The views' own sections are not repeated.
    expect(html.match(/<table data-rows="pairs">/g)?.length).toBe(4);
  });

  test('--html is checked before any work: an input, a directory, an empty name', async () => {
    const copy = join(tmp, 'eval.csv');
    writeFileSync(copy, readFileSync(join(root, STANDIN)));
    const before = readFileSync(copy);
    const onInput = await evalsim('analyze', copy, '--html', copy);
    expect(onInput.exitCode).toBe(2);
    expect(onInput.stderr).toMatch(/--html .*eval\.csv.*input/);
    expect(readFileSync(copy).equals(before)).toBe(true);
    const dir = join(tmp, 'a-directory');
    mkdirSync(dir);
    for (const args of [
      ['audit', STANDIN, '--replications', '10', '--out', join(tmp, 'x'), '--html', dir],
      [
        'plan',
        STANDIN,
        '--delta',
        '0.03',
        '--systems',
        'haiku_low,sonnet_off',
        '--out',
        join(tmp, 'y'),
        '--html',
        dir,
      ],
    ]) {
      const r = await evalsim(...args);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/--html .*a-directory: .*directory/);
    }
    expect(existsSync(join(tmp, 'x'))).toBe(false);
    const empty = await evalsim('analyze', STANDIN, '--html', '');
    expect(empty.stderr).toMatch(/--html: give the file to write/);
  });
});

const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.EVALSIM_REQUIRE_CHROMIUM !== '1')
  console.warn(
    `htmlReport.test.ts: ${CHROMIUM} not found; the headless-browser checks are skipped (apt-get install chromium)`,
  );

describe.skipIf(!hasChromium && process.env.EVALSIM_REQUIRE_CHROMIUM !== '1')(
  '--html pages in headless Chromium',
  () => {
    // biome-ignore lint/suspicious/noExplicitAny: playwright-core's context type, loaded dynamically.
    let context: any;
    const profile = mkdtempSync(join(tmpdir(), 'evalsim-chromium-'));
    beforeAll(async () => {
      const { chromium } = await import('playwright-core');
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        offline: true,
        viewport: { width: 1280, height: 900 },
        args: [
          '--no-sandbox',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-gpu',
        ],
      });
    }, 60_000);
    afterAll(async () => {
      await context?.close();
      rmSync(profile, { recursive: true, force: true });
    });

    test.each(Object.keys(COMMANDS))(
      '%s: opens offline, no request, no console error, every chart drawn, DOM numbers = --json',
      async (name) => {
        const page = pages.get(name)!;
        const url = `file://${page.file}`;
        const tab = await context.newPage();
        const requests: string[] = [];
        const errors: string[] = [];
        await tab.route(
          '**/*',
          (route: { request(): { url(): string }; continue(): void; abort(): void }) => {
            if (route.request().url() === url) return route.continue();
            requests.push(route.request().url());
            return route.abort();
          },
        );
        tab.on('console', (m: { type(): string; text(): string }) => {
          if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
        });
        tab.on('pageerror', (e: Error) => errors.push(`page error: ${e.message}`));
        const started = performance.now();
        await tab.goto(url);
        await tab.evaluate('window.evalsimRendered');
        const renderMs = performance.now() - started;
        const charts = (await tab.evaluate(`[...document.querySelectorAll('.vega')].map((el) => ({
        id: el.id,
        marks: el.querySelectorAll('svg.marks path, svg.marks line, svg.marks circle, svg.marks rect, svg.marks text').length,
        failed: el.classList.contains('failed'),
      }))`)) as { id: string; marks: number; failed: boolean }[];
        const numbers = (await tab.evaluate(`[...document.querySelectorAll('span.n')].map((el) => ({
        path: el.dataset.path, text: el.textContent, scale: Number(el.dataset.scale), round: el.dataset.round,
      }))`)) as ShownNumber[];
        const texts = (await tab.evaluate(
          `[...document.querySelectorAll('.t')].map((el) => ({ path: el.dataset.path, text: el.textContent }))`,
        )) as ShownText[];
        const screenshots = process.env.EVALSIM_HTML_SCREENSHOTS;
        if (screenshots) {
          mkdirSync(screenshots, { recursive: true });
          await tab.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
        }
        await tab.close();
        expect(requests).toEqual([]);
        expect(errors).toEqual([]);
        // The automatic view draws no charts.
        if (!AUTO.has(name)) expect(charts.length).toBeGreaterThan(0);
        for (const c of charts) {
          expect(c.failed, c.id).toBe(false);
          expect(c.marks, c.id).toBeGreaterThan(3);
        }
        expect(numbers.length).toBe(shownNumbersInHtml(page.html).length);
        expect(checkShownNumbers(page.doc, numbers)).toEqual([]);
        expect(checkShownTexts(page.doc, texts)).toEqual([]);
        console.log(
          `${name}.html: ${Math.round(page.html.length / 1024)} KB, ${charts.length} charts, ${numbers.length} numbers checked, rendered in ${Math.round(renderMs)} ms`,
        );
      },
      60_000,
    );
  },
);

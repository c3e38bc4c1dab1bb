import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { runCli } from '../cli.js';
import { resumeReport } from './run.js';

describe('evalsim run --resume says what it reused and discarded', () => {
  test('wording', () => {
    expect(resumeReport(5, 8, 3)).toBe('reused 5 of 8 cells; 3 stale checkpoints discarded');
    expect(resumeReport(0, 1, 1)).toBe('reused 0 of 1 cell; 1 stale checkpoint discarded');
    expect(resumeReport(2, 2, 0)).toBe('reused 2 of 2 cells');
  });

  test('a checkpoint written under another key (an edited study) is discarded and counted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalsim-resume-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const study = {
      name: 'resume-report',
      title: 'Resume report',
      seed: 1,
      replications: 20,
      model: { name: 'betaBinomialClusters', params: { p: 0.7, rho: 0.1, clusters: 5, m: 3 } },
      methods: [{ id: 'naive', method: 'wald' }],
      metrics: ['coverage'],
    };
    writeFileSync(join(dir, 'study.json'), JSON.stringify(study));
    // A stale checkpoint of the same study under another key, as an interrupted run of an older version leaves.
    const stale = join(dir, 'out', '.checkpoints', 'resume-report-0123456789abcdef');
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'cell-0.json'), '{}');
    const result = await runCli(
      ['run', 'study.json', '--out', 'out', '--resume', '--quiet', '--workers', '0'],
      {
        cwd: dir,
        env: {},
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('reused 0 of 1 cell; 1 stale checkpoint discarded');
    expect(readdirSync(join(dir, 'out'))).not.toContain('.checkpoints');
  });
});

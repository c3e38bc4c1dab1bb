/**
 * The tau-bench, tau2-bench and SWE-bench importers on fixtures written in their formats
 * (fixtures/tau-bench, tau2-bench, swe-bench; each built by a script citing the source read):
 * every trial or run kept as an epoch, the tools' own exclusions and failure rules applied and
 * counted, and malformed files refused naming the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importEval } from '../importEval.js';
import { fixture, inputError, plainRows } from '../test-utils/evalFixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-agents-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('tau-bench', () => {
  const file = fixture('tau-bench/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_0305142233.json');
  it('keeps every trial as an epoch, the model from the file name, errors as failures', () => {
    const r = importEval([file]);
    const rows = plainRows(r.table);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((x) => x.system))).toEqual(new Set(['gpt-4o']));
    expect(new Set(rows.map((x) => x.epoch))).toEqual(new Set([1, 2, 3, 4]));
    expect(rows.find((x) => x.question === '4' && x.epoch === 3)!.score).toBe(0);
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/1 trials raised an error and are scored 0/);
    expect(r.provenance.sources[0].format).toBe('tau-bench');
  });
  it('refuses an entry without a reward, naming it', () => {
    const bad = join(tmp, 'tool-calling-m-0.0_range_0--1_user-gpt-4o-llm_0101010101.json');
    writeFileSync(
      bad,
      JSON.stringify([
        { task_id: 0, reward: 1, info: {}, traj: [], trial: 0 },
        { task_id: 1, info: {}, traj: [], trial: 0 },
      ]),
    );
    const e = inputError(() => importEval([bad]));
    expect(e.field).toBe('[1].reward');
  });
});

describe('tau2-bench', () => {
  it('reads simulations (json storage) and the simulation index (dir storage), as tau2 counts them', () => {
    const r = importEval([fixture('tau2-bench')]);
    const rows = plainRows(r.table);
    const gpt = rows.filter((x) => x.system === 'gpt-4.1');
    const claude = rows.filter((x) => x.system === 'claude-sonnet-4');
    expect(gpt).toHaveLength(19); // 20 simulations, one infrastructure error left out
    expect(claude).toHaveLength(20);
    expect(new Set(rows.map((x) => x.task))).toEqual(new Set(['airline']));
    const text = r.warnings.map((w) => w.message).join('\n');
    expect(text).toMatch(/1 simulations ended in infrastructure_error and were left out/);
    expect(text).toMatch(/1 simulations have no reward and are scored 0/);
    // The dir run's simulations/ folder is not walked (no "not eval logs" warning for it).
    expect(text).not.toMatch(/simulations\/sim-/);
  });
});

describe('SWE-bench', () => {
  it("numbers a system's runs as epochs in import order and scores unresolved kinds 0", () => {
    const r = importEval([fixture('swe-bench')]);
    const rows = plainRows(r.table);
    const gpt = rows.filter((x) => x.system === 'openai__gpt-4o-2024-08-06');
    expect(new Set(gpt.map((x) => x.epoch))).toEqual(new Set([1, 2, 3]));
    expect(gpt).toHaveLength(24);
    expect(new Set(rows.map((x) => x.metric))).toEqual(new Set(['resolved']));
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(
      /run run3 \(epoch 3\): 2 in empty_patch_ids scored 0/,
    );
  });
  it('refuses an instance listed twice', () => {
    const bad = join(tmp, 'm.r1.json');
    writeFileSync(bad, JSON.stringify({ resolved_ids: ['a'], unresolved_ids: ['a'] }));
    const e = inputError(() => importEval([bad]));
    expect(e.field).toBe('unresolved_ids[0]');
    expect(e.problem).toMatch(/also in resolved_ids/);
  });
});

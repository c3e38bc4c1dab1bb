/**
 * Checkpoints of a study that another run left under a different key (other inputs,
 * seed, replications or version): never reused (checkpoint.ts), so they are removed when
 * the study runs again into the same folder, and counted for the resume report
 * (`reused 5 of 8 cells; 3 stale checkpoints discarded`). The run lock (output/runLock.ts)
 * guarantees no other run of the study is writing them.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Removes `<outDir>/.checkpoints/<study>-<key>` folders whose key is not `key`; returns the cell checkpoints removed. */
export function discardStaleCheckpoints(outDir: string, study: string, key: string): number {
  const root = join(outDir, '.checkpoints');
  if (!existsSync(root)) return 0;
  let discarded = 0;
  for (const entry of readdirSync(root)) {
    if (!entry.startsWith(`${study}-`) || !/^[0-9a-f]{16}$/.test(entry.slice(study.length + 1))) continue;
    if (entry === `${study}-${key}`) continue;
    const folder = join(root, entry);
    try {
      discarded += readdirSync(folder).filter((name) => /^cell-\d+\.json$/.test(name)).length;
    } catch {
      // not a folder: removed all the same
    }
    rmSync(folder, { recursive: true, force: true });
  }
  return discarded;
}

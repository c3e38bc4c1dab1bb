/**
 * A worker's check that it loaded the very inputs the main thread hashed: the worker
 * validates the study itself (reading the population files and importing the user
 * modules again), so a file edited while the run goes would otherwise mix two versions
 * of it in one results file. A mismatch names each file that differs.
 */
import type { Study } from '../study.js';
import type { StudyInput } from './studyInputs.js';

function describe(input: StudyInput | undefined): string {
  if (input === undefined) return 'absent';
  return input.sha256 === null
    ? `version ${input.version ?? 'unknown'}`
    : `sha256 ${input.sha256.slice(0, 12)}…, ${input.bytes} bytes`;
}

/** What differs between two input lists, one phrase per file. */
function differences(here: readonly StudyInput[], expected: readonly StudyInput[]): string[] {
  const key = (input: StudyInput) => `${input.role}:${input.path}`;
  // the study file is not in the digest (a worker gets the config, not the file)
  const hashed = (list: readonly StudyInput[]) => list.filter((input) => input.role !== 'study');
  const mine = new Map(hashed(here).map((input) => [key(input), input]));
  const theirs = new Map(hashed(expected).map((input) => [key(input), input]));
  const found: string[] = [];
  for (const name of new Set([...theirs.keys(), ...mine.keys()])) {
    const a = mine.get(name);
    const b = theirs.get(name);
    if (a?.sha256 === b?.sha256 && a?.version === b?.version) continue;
    const input = (a ?? b)!;
    found.push(`${input.role} ${input.path} (main thread: ${describe(b)}; worker: ${describe(a)})`);
  }
  return found;
}

/**
 * Throws unless `study` (as this thread validated it) has `expectedDigest`; with the main
 * thread's `expectedInputs` the error names the files that differ.
 */
export function verifyStudyInputs(
  study: Study,
  expectedDigest: string,
  expectedInputs?: readonly StudyInput[],
): void {
  if (study.inputDigest === expectedDigest) return;
  const found = expectedInputs ? differences(study.inputs, expectedInputs) : [];
  const what = found.length > 0 ? found.join('; ') : 'the study config or the evalsim version';
  throw new Error(
    `study ${study.name}: a worker read different inputs than the main thread: ${what}. An input changed during the run; run again (with --resume, finished cells are kept only if their inputs are unchanged)`,
  );
}

/**
 * Cell keys: the only place seedrandom is used. A study seed and a grid-cell
 * index become one 53-bit integer key, from which `SeededStream.reseed` derives
 * each replication's generator state in nanoseconds.
 */
import { assertInteger, InputError } from '@evalsim/core';
import seedrandom from 'seedrandom';

const TWO_32 = 4294967296;

/**
 * Key of grid cell `cellIndex` in a study seeded with `studySeed`:
 *
 *   g = seedrandom(`${studySeed}/${cellIndex}`)   (ARC4, RC4-drop[256]; Bau 2010)
 *   key = (g.int32() >>> 11) · 2³² + (g.int32() >>> 0)   ∈ [0, 2⁵³)
 *
 * The seed enters as text, so the number 42 and the string "42" give the same key.
 * The key is a safe integer so it survives JSON, structured clone and checkpoints.
 */
export function streamSeed(studySeed: number | string, cellIndex: number): number {
  if (typeof studySeed === 'number') {
    if (!Number.isFinite(studySeed)) {
      throw new InputError('studySeed', `must be a finite number or a string, got ${studySeed}`);
    }
  } else if (typeof studySeed !== 'string') {
    throw new InputError('studySeed', `must be a finite number or a string, got ${typeof studySeed}`);
  }
  assertInteger('cellIndex', cellIndex, 0);
  const arc4 = seedrandom(`${studySeed}/${cellIndex}`);
  const high = arc4.int32() >>> 11;
  const low = arc4.int32() >>> 0;
  return high * TWO_32 + low;
}

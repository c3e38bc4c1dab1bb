/**
 * An arena design file: the world `battleArena`'s `design` parameter simulates, written by
 * `evalsim rate --audit` from a battle file (analysis/arena/arenaAudit.ts). JSON:
 *
 *   { "format": "evalsim-arena-design", "version": 1,
 *     "models": ["gpt-4", …],            model names, index order
 *     "ratings": [1137.5, …],            true ratings, Elo points (the battle file's fit)
 *     "nu": 0.63,                        Davidson's ties parameter (0: no ties)
 *     "pairs": [[0, 1, 12], …],          model_a index, model_b index, battles per replication
 *     "source": { "files": […], "fit": "davidson" } }   provenance (not read here)
 *
 * Read with JSON.parse and checked field by field (this file is read by the simulation
 * workers, so it imports nothing but node builtins).
 */

export interface ArenaDesign {
  readonly models: readonly string[];
  readonly ratings: readonly number[];
  readonly nu: number;
  readonly pairs: readonly (readonly [number, number, number])[];
}

export const ARENA_DESIGN_FORMAT = 'evalsim-arena-design';

/** The design in `text`, or an Error saying which field is wrong. */
export function parseArenaDesign(text: string): ArenaDesign {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`);
  }
  const d = doc as Record<string, unknown>;
  if (typeof d !== 'object' || d === null || d.format !== ARENA_DESIGN_FORMAT) {
    throw new Error(`not an arena design (field "format" must be "${ARENA_DESIGN_FORMAT}")`);
  }
  const models = d.models;
  if (!Array.isArray(models) || models.length < 2 || !models.every((x) => typeof x === 'string')) {
    throw new Error('field "models": a list of at least 2 model names');
  }
  const m = models.length;
  const ratings = d.ratings;
  if (
    !Array.isArray(ratings) ||
    ratings.length !== m ||
    !ratings.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new Error(`field "ratings": ${m} finite numbers, one per model`);
  }
  const nu = d.nu;
  if (typeof nu !== 'number' || !(nu >= 0 && Number.isFinite(nu)))
    throw new Error('field "nu": a number ≥ 0');
  const pairs = d.pairs;
  if (!Array.isArray(pairs) || pairs.length === 0)
    throw new Error('field "pairs": a non-empty list of [a, b, battles]');
  pairs.forEach((p, k) => {
    const ok =
      Array.isArray(p) &&
      p.length === 3 &&
      p.every((x) => Number.isInteger(x)) &&
      p[0] >= 0 &&
      p[0] < m &&
      p[1] >= 0 &&
      p[1] < m &&
      p[0] !== p[1] &&
      p[2] >= 1;
    if (!ok) throw new Error(`field "pairs[${k}]": [a, b, battles] with a ≠ b in [0, ${m}) and battles ≥ 1`);
  });
  return {
    models: models as string[],
    ratings: ratings as number[],
    nu,
    pairs: pairs as [number, number, number][],
  };
}

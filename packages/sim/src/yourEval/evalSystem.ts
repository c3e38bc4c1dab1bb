/**
 * One eval, one set of names (issue 26 point 4): audit, plan and leaderboard look systems up by
 * the names the logs carry (`gpt-x`, `openai/gpt-x`), and a name the eval lacks is refused
 * naming the eval as the user gave it (never an internal `population.csv`) with the closest
 * names it has.
 */
import { closestList } from '../base/closestName.js';
import type { ItemPopulation, SystemResults } from '../population/itemPopulation.js';

/** The system `name` of `population`; `flag` and `shown` (the eval as named) go into the error. */
export function evalSystem(
  population: ItemPopulation,
  name: string,
  flag: string,
  shown: string,
): SystemResults {
  const s = population.systems.get(name);
  if (s) return s;
  const names = [...population.systems.keys()];
  throw new RangeError(
    `${flag}: no system "${name}" in ${shown}${closestList(name, names)} (systems: ${names.join(', ')})`,
  );
}

/**
 * Simulated annealing (Kirkpatrick, Gelatt & Vecchi 1983) with a geometric
 * temperature schedule. `propose(prng)` applies a random move to the caller's
 * state and returns a function that undoes it (or null when no move applies);
 * `energy()` scores the current state (lower is better). Returns the final energy.
 */
export function anneal({ energy, propose, prng, steps, startTemperature, endTemperature }) {
  let current = energy();
  const ratio = (endTemperature / startTemperature) ** (1 / steps);
  let temperature = startTemperature;
  for (let step = 0; step < steps; step++, temperature *= ratio) {
    const undo = propose(prng);
    if (undo === null) continue;
    const next = energy();
    if (next <= current || prng.uniform() < Math.exp((current - next) / temperature)) current = next;
    else undo();
  }
  return current;
}

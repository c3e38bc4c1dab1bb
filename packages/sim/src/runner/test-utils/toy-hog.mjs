/**
 * Test-only method that misbehaves on every replication: `mode: 'loop'` never returns,
 * `mode: 'memory'` allocates until its thread runs out of memory. For the worker-fault tests.
 */
export const method = {
  name: 'toyHog',
  description: 'A stuck or memory-hungry analyser (tests only).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options) {
    const mode = options.mode;
    if (mode !== 'loop' && mode !== 'memory') {
      throw Object.assign(new RangeError(`mode: must be "loop" or "memory", got ${JSON.stringify(mode)}`), {
        argument: 'mode',
      });
    }
    return (_data, _rng, out) => {
      if (mode === 'loop') {
        for (;;) {
          // stuck
        }
      }
      const hoard = [];
      for (;;) hoard.push(new Array(1 << 20).fill(hoard.length));
      // biome-ignore lint/correctness/noUnreachable: never reached
      out.estimate = hoard.length;
    };
  },
};

/**
 * Test-only method that misbehaves on every replication: `mode: 'loop'` never returns,
 * `mode: 'memory'` allocates until its thread runs out of memory, `mode: 'buffers'` fills typed
 * arrays (memory outside the JavaScript heap, which V8's heap limit does not bound) up to 3 GB,
 * then spins (so a missing memory watch fails a test by its time limit, not the machine). For the
 * worker-fault tests.
 */
export const method = {
  name: 'toyHog',
  description: 'A stuck or memory-hungry analyser (tests only).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options) {
    const mode = options.mode;
    if (mode !== 'loop' && mode !== 'memory' && mode !== 'buffers') {
      throw Object.assign(
        new RangeError(`mode: must be "loop", "memory" or "buffers", got ${JSON.stringify(mode)}`),
        {
          argument: 'mode',
        },
      );
    }
    return (_data, _rng, out) => {
      if (mode === 'loop') {
        for (;;) {
          // stuck
        }
      }
      const hoard = [];
      if (mode === 'buffers') {
        while (hoard.length < 384) hoard.push(new Float64Array(1 << 20).fill(hoard.length));
        for (;;) {
          // 3 GB held: stuck
        }
      }
      for (;;) hoard.push(new Array(1 << 20).fill(hoard.length));
      // biome-ignore lint/correctness/noUnreachable: never reached
      out.estimate = hoard.length;
    };
  },
};

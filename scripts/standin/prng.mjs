/**
 * Small seeded pseudo-random generator for the stand-in generator scripts:
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, PractRand-clean)
 * seeded through splitmix32, so a script's output depends only on its seed.
 */

function splitmix32(state) {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A seeded generator with `uniform()` on [0, 1), `index(n)` in [0, n) and `normal()`. */
export function createPrng(seed) {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  const uniform = () => next() / 4294967296;
  return {
    uniform,
    index: (n) => Math.floor(uniform() * n),
    normal: () => {
      const u = 1 - uniform();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
    },
  };
}

/** Fisher–Yates shuffle of `array` in place. */
export function shuffle(array, prng) {
  for (let i = array.length - 1; i > 0; i--) {
    const j = prng.index(i + 1);
    const t = array[i];
    array[i] = array[j];
    array[j] = t;
  }
  return array;
}

// Minimal typing of jstat 1.9.6 (CommonJS) for the tests that demonstrate its accuracy limits.
declare module 'jstat' {
  interface JStat {
    beta: { cdf(x: number, a: number, b: number): number; inv(p: number, a: number, b: number): number };
    normal: { cdf(x: number, mean: number, sd: number): number };
    binomial: { pdf(k: number, n: number, p: number): number; cdf(k: number, n: number, p: number): number };
    studentt: { inv(p: number, df: number): number };
    ibetainv(p: number, a: number, b: number): number;
  }
  const jstat: { jStat: JStat };
  export default jstat;
}

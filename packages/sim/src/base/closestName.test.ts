import { describe, expect, it } from 'vitest';
import { closestName, didYouMean, editDistance } from './closestName.js';

describe('closestName', () => {
  it('measures edits, with adjacent swaps as one', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('coverge', 'coverage')).toBe(1);
    expect(editDistance('wlison', 'wilson')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it.each([
    ['clustered-coverge', ['clustered-coverage', 'few-clusters'], 'clustered-coverage'],
    ['wilsonInterval', ['wald', 'wilson', 'wilsonCC'], 'wilson'],
    ['clusteredT', ['naive', 'clustered', 'clusterBootstrap'], 'clustered'],
    ['replication', ['replications', 'resume'], 'replications'],
    ['Wilson', ['wald', 'wilson'], 'wilson'],
    ['workers', ['workers', 'worker'], 'worker'],
    ['betaBinomal', ['pairedLatent', 'betaBinomialClusters'], 'betaBinomialClusters'],
    ['coverag', ['coverage', 'meanWidth'], 'coverage'],
  ])('%s → %s', (name, candidates, expected) => {
    expect(closestName(name, candidates)).toBe(expected);
  });

  it('suggests nothing for a name far from every candidate', () => {
    expect(closestName('zzz', ['coverage', 'bias'])).toBeUndefined();
    expect(closestName('ab', ['cd'])).toBeUndefined();
    expect(closestName('q', ['p'])).toBeUndefined();
    expect(didYouMean('zzz', ['coverage'])).toBe('');
    expect(didYouMean('biass', ['coverage', 'bias'])).toBe('; did you mean bias?');
  });
});

/**
 * Guard rails: warnings (not errors — the study is valid and runs) about designs whose
 * numbers would mislead, each naming the field to change:
 *
 *  1. a clustered method on data resampled WITHOUT clusters: a population model drawing
 *     `n` single questions from a population that has clusters — the drawn questions are
 *     grouped by their cluster, but the clusters hold unrelated draws, so the clustered
 *     method's coverage or rejection rate describes no real design (the new-user trial of
 *     issue 12 saw rejection rates near 0, silently); draw whole clusters (`clusters`);
 *  2. fewer clusters than a clustered method needs: at least 2 per replication (its t(K − 1)
 *     or cluster resampling is undefined with one), and clusters of more than one question
 *     (with one question each the clustered variance is the naive one);
 *  3. a method defined on 0/1 outcomes given graded scores (`answer: 'rate'` with some rate
 *     c/k strictly between 0 and 1).
 *
 * Only the item-population models (itemPopulation, itemPopulationPaired, itemPopulationShifted)
 * carry what these checks need; other models get no warnings.
 */
import type { Study } from './study.js';

export interface StudyWarning {
  /** The study field to change, e.g. "methods[2]" or "model.params.answer". */
  readonly field: string;
  readonly message: string;
}

/** Methods that use the cluster structure (clustered variance, cluster resampling, cluster-level model). */
export const CLUSTERED_METHODS: ReadonlySet<string> = new Set([
  'clustered',
  'clusterBootstrap',
  'wildClusterBootstrap',
  'kornGraubardWilson',
  'kornGraubardClopperPearson',
  'hierarchicalBetaBinomial',
  'pairedClusteredTest',
  'unpairedClusteredTest',
]);

/** Methods defined on 0/1 outcomes only. */
export const BINARY_ONLY_METHODS: ReadonlySet<string> = new Set([
  'wald',
  'wilson',
  'wilsonCC',
  'agrestiCoull',
  'clopperPearson',
  'jeffreys',
  'betaPosterior',
  'binaryBootstrap',
  'kornGraubardWilson',
  'kornGraubardClopperPearson',
  'hierarchicalBetaBinomial',
  'mcnemarExact',
  'pairedWald',
  'tango',
  'newcombePaired',
  'bonettPrice',
  'agrestiMin',
  'agrestiCaffo',
  'newcombeHybrid',
  'miettinenNurminen',
  'unpairedTwoProportionTest',
]);

/** The parts of an item-population model's parsed parameters the checks read. */
interface PopulationDraw {
  readonly unit: 'questions' | 'clusters';
  readonly draws: number;
  readonly answer: string;
  readonly scoresA: Float64Array;
  readonly scoresB: Float64Array | null;
  readonly population: { readonly questionCount: number; readonly clusterNames: readonly string[] };
}

function isPopulationDraw(parsed: unknown): parsed is PopulationDraw {
  const p = parsed as Partial<PopulationDraw> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    (p.unit === 'questions' || p.unit === 'clusters') &&
    typeof p.draws === 'number' &&
    p.scoresA instanceof Float64Array &&
    typeof p.population === 'object'
  );
}

const graded = (scores: Float64Array | null) => scores?.some((s) => s > 0 && s < 1) === true;

export function studyWarnings(study: Study): StudyWarning[] {
  if (study.kind !== 'simulation') return [];
  const warnings = new Map<string, StudyWarning>();
  const add = (field: string, message: string) => warnings.set(`${field}\n${message}`, { field, message });
  for (const parsed of study.model.parsed) {
    if (!isPopulationDraw(parsed)) continue;
    const K = parsed.population.clusterNames.length;
    const N = parsed.population.questionCount;
    const perReplication = parsed.unit === 'clusters' ? parsed.draws : Math.min(parsed.draws, K);
    const fractional = parsed.answer === 'rate' && (graded(parsed.scoresA) || graded(parsed.scoresB));
    study.methods.forEach((method, i) => {
      const name = method.definition.name;
      const label = `method "${method.id}" (${name})`;
      if (CLUSTERED_METHODS.has(name)) {
        if (K < 2 || K >= N) {
          add(
            'model.params.population',
            `${label} needs clusters, but the population has ${K} cluster(s) for ${N} questions${K >= N ? ' (one question each: the clustered variance is the naive one)' : ''}`,
          );
        } else if (parsed.unit === 'questions') {
          add(
            `methods[${i}]`,
            `${label} is a clustered method on data resampled without clusters: model.params.n draws single questions, so its clusters hold unrelated draws; draw whole clusters with model.params.clusters`,
          );
        } else if (perReplication < 2) {
          add(
            'model.params.clusters',
            `${label} needs at least 2 clusters per replication; this draws ${perReplication}`,
          );
        }
      }
      if (fractional && BINARY_ONLY_METHODS.has(name)) {
        add(
          'model.params.answer',
          `${label} is defined on 0/1 scores, but answer "rate" gives graded scores c/k between 0 and 1; use answer "recorded" (one 0/1 answer) or a method for graded scores`,
        );
      }
    });
  }
  return [...warnings.values()];
}

/**
 * The study file format (JSON or YAML), as written by study authors. The JSON
 * Schema in packages/sim/schema/study.schema.json describes the same fields for
 * editors; the resolvers (validateStudy.ts) add the checks a schema cannot express.
 */
import type { ParamValue } from '../base/cellParams.js';

/**
 * Where a study's published values come from. The article is named by `article`; older
 * study files name it `seed` (the source articles are the "seed" files in ../shared/seeds),
 * which is accepted with the same meaning but is not the random seed — read it with
 * {@link sourceArticle}.
 */
export interface StudySource {
  /** File name of the source article in ../shared/seeds. */
  readonly article?: string;
  /** The same as `article` (older name; not the study's random `seed`). */
  readonly seed?: string;
  readonly section?: string;
}

/** The source article's file name of `source` (from `article`, or the older `seed`). */
export function sourceArticle(source: StudySource): string | undefined {
  return source.article ?? source.seed;
}

export interface ModelConfig {
  /** Registered model name (models/registry.ts). */
  readonly name?: string;
  /** Or: path of a .js/.mjs module (relative to the study file) exporting a ModelDefinition. */
  readonly module?: string;
  readonly params?: Readonly<Record<string, ParamValue>>;
}

export interface MethodConfig {
  /** Label in the results; default the method name (or the module file's base name). */
  readonly id?: string;
  /** Registered method name (methods/registry.ts). */
  readonly method?: string;
  /** Or: path of a .js/.mjs module (relative to the study file) exporting a MethodDefinition. */
  readonly module?: string;
  /** Run this method only on the first R replications of each cell. */
  readonly replications?: number;
  readonly level?: number;
  /** Any other field is an option passed to the method's `create`. */
  readonly [option: string]: unknown;
}

export interface MetricConfig {
  readonly metric: string;
  /** Label in the results; default the metric name. */
  readonly id?: string;
  /** Any other field is an option passed to the metric's `create` (e.g. alpha, q, atLeast). */
  readonly [option: string]: unknown;
}

export interface FormulaConfig {
  /** Label in the results' `method` column. */
  readonly id: string;
  /** Registered formula name (formulas/registry.ts). */
  readonly formula: string;
  /** Label in the results' `metric` column. */
  readonly metric: string;
  readonly level?: number;
  /** Compute only in the cells whose parameters match (a subset, as in expectations); default every cell. */
  readonly cell?: Readonly<Record<string, ParamValue>>;
  /** Any other field is an option passed to the formula's `create`. */
  readonly [option: string]: unknown;
}

export interface ExpectationConfig {
  /** Cell parameters to match (subset; absent or {} matches every cell). */
  readonly cell?: Readonly<Record<string, ParamValue>>;
  readonly method: string;
  readonly metric: string;
  readonly published: number;
  /** Absolute: a value is within when |value − published| ≤ tolerance. */
  readonly tolerance: number;
  /** Why this tolerance (Monte Carlo error, plus any stated margin). */
  readonly basis: string;
  readonly note?: string;
  /**
   * Why the published value cannot be reproduced (e.g. the article's own arithmetic is
   * inconsistent). A miss with an explanation is reported as an explained miss and does
   * not fail `reproduce --strict`; write it only when the explanation is established.
   */
  readonly explainedMiss?: string;
}

export interface StudyConfig {
  readonly $schema?: string;
  /** Kebab-case identifier. */
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  readonly source?: StudySource;
  readonly seed?: number;
  readonly replications?: number;
  /** Default 0.95. */
  readonly level?: number;
  readonly model?: ModelConfig;
  readonly grid?: Readonly<Record<string, readonly ParamValue[]>>;
  readonly methods?: readonly MethodConfig[];
  readonly metrics?: readonly (string | MetricConfig)[];
  readonly diagnostics?: boolean;
  readonly formulas?: readonly FormulaConfig[];
  readonly expectations?: readonly ExpectationConfig[];
  /** How `evalsim reproduce` presents the study in the report. */
  readonly report?: ReportConfig;
}

/** A plot of one metric against a grid parameter (rendered to SVG by the report). */
export interface PlotConfig {
  readonly id: string;
  readonly title: string;
  /** 'line' (default): metric against a numeric grid parameter; 'bar': metric per category of x. */
  readonly kind?: 'line' | 'bar';
  readonly metric: string;
  readonly x: string;
  /** 'method' (default) or a grid parameter: one line per value. */
  readonly series?: string;
  readonly facet?: string;
  readonly methods?: readonly string[];
  readonly where?: Readonly<Record<string, ParamValue>>;
  /** Multiplies values and MCSEs (e.g. 0.5 for half-widths). */
  readonly scale?: number;
  readonly reference?: number;
  readonly referenceLabel?: string;
  readonly xTitle?: string;
  readonly yTitle?: string;
  readonly xLog?: boolean;
  readonly percent?: boolean;
}

export interface ReportConfig {
  /** One paragraph: what the reproduced table shows. */
  readonly reading?: string;
  readonly plots?: readonly PlotConfig[];
}

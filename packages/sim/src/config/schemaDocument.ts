/**
 * The study schema (JSON Schema draft-07) as one document built here: the hand-written
 * study-level fields, with the limits of base/limits.ts, and — with `roles` — one part per
 * registered model, method, metric and formula generated from their declared options
 * (base/optionSchema.ts), so an editor offers `"method": "clustered"` and then its
 * `estimator` and `critical`, each with its description. The committed
 * `packages/sim/schema/study.schema.json` is this document with roles (written by
 * `npm run generate`; a test checks it is current). The validator (schema.ts; compiled by the build, validatorSource.ts) checks it
 * without roles and leaves names and options to the registries and the option reader,
 * whose messages list what is allowed and the closest name.
 */
import { MAX_GRID_CELLS, MAX_REPLICATIONS, MAX_STUDY_NAME_LENGTH } from '../base/limits.js';
import { type JsonSchema, optionsJsonSchema } from '../base/optionSchema.js';
import type { OptionSpecs } from '../base/options.js';
import { formulaRegistry } from '../formulas/registry.js';
import { methodRegistry } from '../methods/registry.js';
import { metricRegistry } from '../metrics/registry.js';
import { modelRegistry } from '../models/registry.js';

interface Block {
  readonly name: string;
  readonly description: string;
}

const LABEL = { type: 'string', pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const LEVEL = { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } as const;
const MODULE_PATH = { type: 'string', pattern: '\\.(m?js)$' } as const;
const CELL_SUBSET = { type: 'object', additionalProperties: { $ref: '#/definitions/paramValue' } } as const;

/** A field naming a registered block: with roles, the names (and their descriptions, shown by VS Code). */
function nameField(list: readonly Block[], description: string, roles: boolean): JsonSchema {
  return roles
    ? { enum: list.map((b) => b.name), enumDescriptions: list.map((b) => b.description), description }
    : { type: 'string', minLength: 1, description };
}

/** One `if <field> is <name> then <its options>` per block (with roles), as an `allOf`. */
function perName<T extends Block>(
  roles: boolean,
  field: string,
  list: readonly T[],
  options: (block: T) => OptionSpecs | undefined,
  wrap: (properties: Record<string, JsonSchema>) => JsonSchema = (properties) => ({ properties }),
): JsonSchema {
  if (!roles) return {};
  return {
    allOf: list.map((block) => ({
      if: { properties: { [field]: { const: block.name } }, required: [field] },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword.
      then: wrap(optionsJsonSchema(options(block))),
    })),
  };
}

const PLOT: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'metric', 'x'],
  properties: {
    id: {
      type: 'string',
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      description: 'File name stem: results/plots/<study>-<id>.svg.',
    },
    title: { type: 'string' },
    kind: {
      enum: ['line', 'bar'],
      default: 'line',
      description: 'line: metric against a numeric grid parameter; bar: metric per category of x.',
    },
    metric: { type: 'string', description: 'Metric label to plot (rows with this metric).' },
    x: {
      type: 'string',
      description: "Grid parameter on the x axis, or 'metricValue' suffix for bar kinds.",
    },
    series: {
      type: 'string',
      default: 'method',
      description: "'method' or a grid parameter: one line per value.",
    },
    facet: { type: 'string', description: 'Grid parameter: one panel per value.' },
    methods: {
      type: 'array',
      items: { type: 'string' },
      description: 'Only these method/formula ids (default: all).',
    },
    where: { ...CELL_SUBSET, description: 'Only cells matching these grid values.' },
    scale: {
      type: 'number',
      default: 1,
      description: 'Multiply values and MCSEs (e.g. 0.5 to plot half-widths, 100 for points).',
    },
    reference: { type: 'number', description: 'Dashed horizontal line, e.g. the nominal 0.95.' },
    referenceLabel: { type: 'string' },
    xTitle: { type: 'string' },
    yTitle: { type: 'string' },
    xLog: { type: 'boolean', default: false },
    percent: { type: 'boolean', default: false },
  },
};

/** The study schema; `roles` adds the generated per-model, -method, -metric and -formula parts. */
export function studySchemaDocument(options: { readonly roles?: boolean } = {}): JsonSchema {
  const roles = options.roles === true;
  const replications = {
    type: 'integer',
    minimum: 1,
    maximum: MAX_REPLICATIONS,
  } as const;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://evalsim.dev/schema/study.schema.json',
    title: 'evalsim study',
    description:
      'A declarative Monte Carlo coverage study (model × grid × methods × metrics) or a formula study (grid × formulas). Reference this file from a study\'s "$schema" so editors autocomplete.',
    type: 'object',
    additionalProperties: false,
    required: ['name', 'title'],
    properties: {
      $schema: { type: 'string', description: 'Path or URL of this schema, for editor autocompletion.' },
      name: {
        type: 'string',
        pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
        maxLength: MAX_STUDY_NAME_LENGTH,
        description: `Kebab-case identifier, at most ${MAX_STUDY_NAME_LENGTH} characters; results go to results/<name>.arrow.`,
      },
      title: { type: 'string', minLength: 1, description: 'One-line title shown by `evalsim list`.' },
      description: { type: 'string', description: 'What the study shows.' },
      source: {
        type: 'object',
        additionalProperties: false,
        oneOf: [{ required: ['article'] }, { required: ['seed'] }],
        properties: {
          article: {
            type: 'string',
            minLength: 1,
            description: 'File name of the source article in ../shared/seeds.',
          },
          seed: {
            type: 'string',
            minLength: 1,
            description:
              'The same as "article" (older name: the source articles are the seed files; not the study\'s random seed).',
          },
          section: { type: 'string', description: 'Section or table of the article reproduced.' },
        },
      },
      seed: {
        type: 'integer',
        minimum: 0,
        maximum: 4294967295,
        description: 'Study seed (unsigned 32-bit integer).',
      },
      replications: {
        ...replications,
        description: `Replications per grid cell, at most ${MAX_REPLICATIONS.toLocaleString('en-US')} (ignored by formula studies).`,
      },
      level: {
        ...LEVEL,
        default: 0.95,
        description: 'Nominal interval level for every method (a method may override it).',
      },
      model: {
        type: 'object',
        additionalProperties: false,
        description:
          'The data-generating model (Generate step): a registered model `name`, or a `module` path exporting a ModelDefinition.',
        oneOf: [{ required: ['name'] }, { required: ['module'] }],
        properties: {
          name: nameField(
            modelRegistry.list,
            'Registered model name, e.g. betaBinomialClusters (`evalsim models` lists them).',
            roles,
          ),
          module: {
            ...MODULE_PATH,
            description:
              'Path (relative to the study file) of a .js/.mjs module whose default or `model` export is a ModelDefinition.',
          },
          params: {
            type: 'object',
            description: 'Fixed model parameters shared by every grid cell.',
            additionalProperties: { $ref: '#/definitions/paramValue' },
          },
        },
        ...perName(
          roles,
          'name',
          modelRegistry.list,
          (model) => model.params,
          (properties) => ({ properties: { params: { properties } } }),
        ),
      },
      grid: {
        type: 'object',
        description: `Parameter grid: the cartesian product of the value lists, in key order, last key fastest (at most ${MAX_GRID_CELLS.toLocaleString('en-US')} cells). Cell parameters are model.params plus one grid point.`,
        additionalProperties: { type: 'array', minItems: 1, items: { $ref: '#/definitions/paramValue' } },
      },
      methods: {
        type: 'array',
        minItems: 1,
        description: 'Methods (Analyse step) applied to every replication.',
        items: {
          type: 'object',
          oneOf: [{ required: ['method'] }, { required: ['module'] }],
          properties: {
            id: {
              ...LABEL,
              description:
                'Label of this method in the results (default: the method name); unique within the study.',
            },
            method: nameField(
              methodRegistry.list,
              'Registered method name, e.g. clustered (`evalsim methods` lists them).',
              roles,
            ),
            module: {
              ...MODULE_PATH,
              description:
                "Path (relative to the study file) of a .js/.mjs module whose default or `method` export is a MethodDefinition: a user's own method.",
            },
            replications: {
              ...replications,
              description:
                'Run this method only on the first R replications of each cell (e.g. 1000 for a bootstrap).',
            },
            level: { ...LEVEL, description: 'Interval level for this method.' },
          },
          additionalProperties: true,
          ...perName(roles, 'method', methodRegistry.list, (method) => method.options),
        },
      },
      metrics: {
        type: 'array',
        minItems: 1,
        description: 'Metrics (Summarise step) computed for every method.',
        items: {
          oneOf: [
            { $ref: '#/definitions/metricName' },
            {
              type: 'object',
              required: ['metric'],
              properties: {
                metric: { $ref: '#/definitions/metricName' },
                id: {
                  ...LABEL,
                  description: 'Label in the results (default: the metric name); unique within the study.',
                },
              },
              additionalProperties: true,
              ...perName(roles, 'metric', metricRegistry.list, (metric) => metric.options),
            },
          ],
        },
      },
      diagnostics: {
        type: 'boolean',
        default: false,
        description:
          'Summarise the model\'s per-replication diagnostics (e.g. measured ICC) as rows with method "model".',
      },
      formulas: {
        type: 'array',
        description: 'Closed-form values computed once per cell (Monte Carlo SE 0).',
        items: {
          type: 'object',
          required: ['id', 'formula', 'metric'],
          properties: {
            id: { ...LABEL, description: "Label in the results' method column." },
            formula: nameField(
              formulaRegistry.list,
              'Registered formula name, e.g. naiveCoverageUnderDesignEffect (`evalsim formulas` lists them).',
              roles,
            ),
            metric: { ...LABEL, description: "Label in the results' metric column, e.g. coverage." },
            level: LEVEL,
            cell: {
              ...CELL_SUBSET,
              description:
                'Compute only in the cells whose parameters match (a subset, as in expectations); absent: every cell.',
            },
          },
          additionalProperties: true,
          ...perName(roles, 'formula', formulaRegistry.list, (formula) => formula.options),
        },
      },
      expectations: {
        type: 'array',
        description: 'Published values to compare with, each with a justified tolerance.',
        items: {
          type: 'object',
          required: ['method', 'metric', 'published', 'tolerance', 'basis'],
          additionalProperties: false,
          properties: {
            cell: {
              ...CELL_SUBSET,
              description: 'Cell parameters to match (a subset; {} or absent matches every cell).',
            },
            method: { type: 'string', description: 'Method id, formula id, or "model" for diagnostics.' },
            metric: { type: 'string', description: 'Metric label (or formula metric, or diagnostic name).' },
            published: { type: 'number', description: 'The published value (a finite number).' },
            tolerance: {
              type: 'number',
              minimum: 0,
              description: 'Absolute tolerance: within when |value − published| ≤ tolerance.',
            },
            basis: {
              type: 'string',
              minLength: 1,
              description: 'Why this tolerance: Monte Carlo error, plus any stated margin.',
            },
            note: { type: 'string' },
            explainedMiss: {
              type: 'string',
              minLength: 1,
              description:
                'Why the published value cannot be reproduced. A miss with an explanation is reported as explained and does not fail `reproduce --strict`.',
            },
          },
        },
      },
      report: {
        type: 'object',
        additionalProperties: false,
        description: 'How `evalsim reproduce` presents this study in results/REPORT.md.',
        properties: {
          reading: { type: 'string', description: 'One paragraph: what the reproduced table shows.' },
          plots: { type: 'array', items: { $ref: '#/definitions/plot' } },
        },
      },
    },
    if: { required: ['model'] },
    // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword.
    then: { required: ['seed', 'replications', 'methods', 'metrics'] },
    else: { required: ['grid', 'formulas'] },
    definitions: {
      scalar: { type: ['number', 'string', 'boolean'] },
      paramValue: {
        description: 'A number, string, boolean, or a list of them (e.g. cluster sizes).',
        oneOf: [{ $ref: '#/definitions/scalar' }, { type: 'array', items: { $ref: '#/definitions/scalar' } }],
      },
      metricName: {
        enum: metricRegistry.list.map((metric) => metric.name),
        ...(roles ? { enumDescriptions: metricRegistry.list.map((metric) => metric.description) } : {}),
        description: 'A registered metric (`evalsim metrics` lists them).',
      },
      plot: PLOT,
    },
  };
}

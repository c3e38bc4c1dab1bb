/**
 * docs/reference.md: every model, method, metric and formula a study can name, with its
 * description, data kinds and every option (type, default, allowed values), and the limits
 * a study is checked against — generated from the registries (`npm run generate` writes
 * it; a test checks the committed page is current), like `evalsim methods` and the
 * per-role parts of the study schema.
 */
import {
  MAX_ARRAY_LENGTH,
  MAX_GRID_CELLS,
  MAX_ITEMS,
  MAX_REPLICATIONS,
  MAX_STUDY_NAME_LENGTH,
} from '@evalsim/sim';
import { markdownTable } from '../format/alignedTable.js';
import {
  BLOCK_ROLES,
  type BlockDoc,
  type BlockRole,
  blockDocs,
  defaultText,
  optionNoun,
} from './blockDocs.js';

const TITLES: Record<BlockRole, string> = {
  model: 'Models (Generate: `model.name`)',
  method: 'Methods (Analyse: `methods[i].method`)',
  metric: 'Metrics (Summarise: `metrics[i]`)',
  formula: 'Formulas (closed forms: `formulas[i].formula`)',
};

const WHERE: Record<BlockRole, string> = {
  model:
    'Parameters go in `model.params` (shared by every cell) or in `grid` (one value per cell); a grid value is checked like a fixed one and an error names `grid.<parameter>` and the cell.',
  method:
    'Options go in the method entry beside `method` (and the runner’s own fields `id`, `replications`, `level`).',
  metric:
    'Options go in the metric entry beside `metric` (and `id`); a metric without options may be named alone.',
  formula:
    'Arguments go in the formula entry beside `formula` (and `id`, `metric`, `level`, `cell`). An argument is a number, or the name of the cell parameter to read; left out, it reads the cell parameter named in its default.',
};

const code = (text: string) => `\`${text}\``;

function blockSection(block: BlockDoc): string {
  const facts = [
    block.kind ? `Kind: ${block.kind}.` : '',
    block.accepts ? `Accepts: ${block.accepts.map(code).join(', ')}.` : '',
    block.produces ? `Produces: ${code(block.produces)}.` : '',
  ].filter(Boolean);
  const lines = [`### ${block.name}`, '', block.description];
  if (facts.length > 0) lines.push('', facts.join(' '));
  lines.push('');
  const noun = optionNoun(block.role);
  if (block.options.length === 0) {
    lines.push(`No ${noun}s.`);
  } else {
    lines.push(
      markdownTable(
        [noun, 'type', 'default', 'allowed', 'description'],
        block.options.map((o) => [code(o.name), o.type, defaultText(o), o.allowed, o.description]),
      ),
    );
  }
  return lines.join('\n');
}

function dataKindTable(): string {
  const producers = new Map<string, string[]>();
  const consumers = new Map<string, string[]>();
  for (const model of blockDocs('model'))
    producers.set(model.produces ?? '', [...(producers.get(model.produces ?? '') ?? []), model.name]);
  for (const method of blockDocs('method'))
    for (const kind of method.accepts ?? [])
      consumers.set(kind, [...(consumers.get(kind) ?? []), method.name]);
  const kinds = [...new Set([...producers.keys(), ...consumers.keys()])];
  return markdownTable(
    ['data kind', 'produced by (models)', 'analysed by (methods)'],
    kinds.map((kind) => [
      code(kind),
      (producers.get(kind) ?? []).map(code).join(', '),
      (consumers.get(kind) ?? []).map(code).join(', '),
    ]),
  );
}

const n = (x: number) => x.toLocaleString('en-US');

/** The whole reference page (Markdown). */
export function referencePage(): string {
  const parts = [
    '# evalsim reference: models, methods, metrics, formulas',
    '',
    '<!-- Generated from the registries by `npm run generate` (scripts/generate.mjs); do not edit. -->',
    '',
    'Every building block a study can name, with every option it takes: its type, default and',
    'allowed values. The same declarations are what `evalsim validate` checks a study against,',
    'what `evalsim methods` / `models` / `metrics` / `formulas` print, and what the study schema',
    '(`packages/sim/schema/study.schema.json`) offers an editor for autocompletion. A name used',
    'on the command line (`evalsim interval --method wilson`) is the name a study uses.',
    '',
    '## Limits',
    '',
    'Checked before any work starts (a study beyond one is refused, naming the field):',
    '',
    markdownTable(
      ['limit', 'value', 'applies to'],
      [
        [
          'replications per cell',
          n(MAX_REPLICATIONS),
          '`replications`, a method’s `replications`, `--replications`',
        ],
        ['grid cells', n(MAX_GRID_CELLS), 'the product of the `grid` list lengths, counted before expansion'],
        ['array-sizing parameters', n(MAX_ARRAY_LENGTH), '`clusters`, `questions`, `n` (questions drawn)'],
        ['items per replication', n(MAX_ITEMS), '`m`, `items`, `sizes`, `K`, `batchSize`, clusters × m'],
        ['study name length', n(MAX_STUDY_NAME_LENGTH), '`name` (characters; it names the output files)'],
      ],
    ),
    '',
    '## Data kinds',
    '',
    'A model produces one data kind; a method accepts some; a study pairs them only when they agree.',
    '',
    dataKindTable(),
  ];
  for (const role of BLOCK_ROLES) {
    parts.push('', `## ${TITLES[role]}`, '', WHERE[role]);
    for (const block of blockDocs(role)) parts.push('', blockSection(block));
  }
  return `${parts.join('\n')}\n`;
}

/**
 * The text of `evalsim methods` (models, metrics, formulas): each block's name, its kind and
 * data kinds, its description, and a table of its options — type, default, what is allowed,
 * description — fitted to the table width (the description and allowed columns wrap).
 */
import { alignedTable } from '../format/alignedTable.js';
import { wrapText } from '../format/wrapText.js';
import { type BlockDoc, defaultText, optionNoun } from './blockDocs.js';

function heading(block: BlockDoc): string {
  const facts = [
    block.kind,
    block.accepts ? `accepts ${block.accepts.join(', ')}` : undefined,
    block.produces ? `produces ${block.produces}` : undefined,
  ].filter((fact) => fact !== undefined);
  return facts.length > 0 ? `${block.name}  (${facts.join('; ')})` : block.name;
}

/** One block: heading, description and options table. */
export function formatBlock(block: BlockDoc, width: number): string {
  const lines = [heading(block), ...wrapText(block.description, width - 2).map((line) => `  ${line}`)];
  const noun = optionNoun(block.role);
  if (block.options.length === 0) {
    lines.push(`  no ${noun}s`);
  } else {
    const table = alignedTable(
      [noun, 'type', 'default', 'allowed', 'description'],
      block.options.map((o) => [o.name, o.type, defaultText(o), o.allowed, o.description]),
      [],
      { maxWidth: width - 2, wrap: [4, 3, 2] },
    );
    lines.push(...table.split('\n').map((line) => `  ${line}`));
  }
  return lines.join('\n');
}

/** Every block, one after another, separated by blank lines. */
export function formatBlocks(blocks: readonly BlockDoc[], width: number): string {
  return `${blocks.map((block) => formatBlock(block, width)).join('\n\n')}\n`;
}

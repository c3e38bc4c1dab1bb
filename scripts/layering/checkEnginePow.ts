/**
 * Finds the uses of the engine's power function in a package's production sources: `Math.pow(`
 * and the `**` operator (which V8 compiles to it) with any exponent but the literal 2 or 0.5.
 * Math.pow is implementation-defined and V8 changed it between Node 20 and Node 24, so a result
 * computed with it changes bytes with the Node version; core's `pow` (packages/core/src/math/pow.ts)
 * returns the same bits everywhere. x ** 2 (x·x) and x ** 0.5 (√x) agree on both. A justified use
 * carries `engine-pow:` and the reason in a comment on its line or the line above.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { sources } from './checkLayers.js';

/** `text` with comments, strings and template text blanked (line breaks kept); code inside `${…}` kept. */
export function codeOnly(text: string): string {
  const out: string[] = [];
  const keep = (s: string) => out.push(s);
  const blank = (s: string) => out.push(s.replace(/[^\n]/g, ' '));
  // One entry per open template literal: the brace depth of the `${…}` being read (-1: in its text).
  const templates: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const depth = templates.length > 0 ? templates[templates.length - 1] : 0;
    if (depth === -1) {
      // Template text: up to the closing backquote or the next `${`.
      if (c === '`') {
        blank(c);
        templates.pop();
        i++;
      } else if (c === '$' && text[i + 1] === '{') {
        blank('${');
        templates[templates.length - 1] = 0;
        i += 2;
      } else {
        blank(text.slice(i, i + (c === '\\' ? 2 : 1)));
        i += c === '\\' ? 2 : 1;
      }
      continue;
    }
    const next = text[i + 1];
    let end = -1;
    if (c === '/' && next === '/') end = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && next === '*') end = text.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      end = j + 1;
    }
    if (end > i) {
      blank(text.slice(i, end));
      i = end;
      continue;
    }
    if (c === '`') {
      templates.push(-1);
      blank(c);
    } else if (templates.length > 0 && c === '{') {
      templates[templates.length - 1]++;
      keep(c);
    } else if (templates.length > 0 && c === '}') {
      if (depth === 0) {
        templates[templates.length - 1] = -1;
        blank(c);
      } else {
        templates[templates.length - 1]--;
        keep(c);
      }
    } else keep(c);
    i++;
  }
  return out.join('');
}

const ENGINE_POW = /Math\.pow\s*\(|\*\*=?(?!\s*(?:2|0\.5)(?![\w.]))/;

/** One line per use of the engine's pow in `text` (`file:line: code`), none when clean. */
export function enginePowUses(file: string, text: string): string[] {
  const lines = text.split('\n');
  const code = codeOnly(text).split('\n');
  const uses: string[] = [];
  code.forEach((line, i) => {
    if (!ENGINE_POW.test(line)) return;
    if (lines[i].includes('engine-pow:') || (i > 0 && lines[i - 1].includes('engine-pow:'))) return;
    uses.push(`${file}:${i + 1}: ${lines[i].trim()}`);
  });
  return uses;
}

/** Every use of the engine's pow in the production sources under `src`. */
export function checkEnginePow(src: string): string[] {
  return sources(src).flatMap((file) => enginePowUses(relative(src, file), readFileSync(file, 'utf8')));
}

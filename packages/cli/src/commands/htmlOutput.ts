/**
 * `--html FILE`, shared by the commands that write an HTML report (analyze, audit, plan): the
 * flag, the check of FILE before any work (the shared output check, sim's
 * `prepareOutputDirectory`: never one of the inputs, never a directory, a writable place), and
 * the page, rendered from the very JSON text the command prints for `--json` and the
 * command's view (html/), then written atomically. The renderer and the embedded Vega builds
 * are loaded only when a page is written.
 *
 * Wiring another command: add `.options(HTML_OPTION)`, call `checkHtmlOutput(io, args.html,
 * inputs)` before the work starts, and `await writeHtmlOutput(io, html, args.html, jsonText,
 * view)` with its `--json` text and its view (html/<command>View.ts).
 */
import { basename, dirname } from 'node:path';
import { evalsimVersion } from '@evalsim/sim';
import { prepareOutputDirectory, writeFileAtomic } from '@evalsim/sim/internal';
import type { HtmlView } from '../html/htmlView.js';
import type { CliIo } from '../io.js';

export const HTML_OPTION = {
  html: {
    type: 'string',
    describe:
      'also write the report as one self-contained HTML page to FILE (the --json document as tables and Vega-Lite charts; opens with no network)',
  },
} as const;

/** Checks `--html FILE` before any work; returns its absolute path (undefined without the flag). */
export function checkHtmlOutput(
  io: CliIo,
  file: string | undefined,
  inputs: readonly string[],
): string | undefined {
  if (file === undefined) return undefined;
  if (file === '') throw new Error('--html: give the file to write (e.g. --html report.html)');
  const path = io.resolve(file);
  prepareOutputDirectory(dirname(path), [basename(path)], { label: `--html ${file}`, inputs, create: false });
  return path;
}

/** Renders the page of `jsonText` (the command's `--json` output) with `view` and writes it to `path`. */
export async function writeHtmlOutput(
  io: CliIo,
  path: string | undefined,
  shown: string | undefined,
  jsonText: string,
  view: HtmlView | ((doc: unknown) => HtmlView),
): Promise<void> {
  if (path === undefined) return;
  const [{ renderHtml }, { vegaBrowserScripts }] = await Promise.all([
    import('../html/renderHtml.js'),
    import('../html/vegaScripts.js'),
  ]);
  const doc: unknown = JSON.parse(jsonText);
  const html = renderHtml(doc, typeof view === 'function' ? view(doc) : view, {
    version: evalsimVersion(),
    scripts: vegaBrowserScripts(),
  });
  writeFileAtomic(path, html);
  io.stderr.write(
    `wrote ${shown ?? path} (${Math.round(Buffer.byteLength(html) / 1024)} KB, self-contained HTML)\n`,
  );
}

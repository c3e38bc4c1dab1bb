/**
 * The browser builds of Vega, Vega-Lite and vega-embed that an HTML report embeds, so that the
 * page renders its charts with no network: read from the installed packages (`build/*.min.js`,
 * found from each package's entry, as their `exports` name no subpath), their source-map
 * comments removed. The published package has no node_modules: scripts/package.mjs replaces
 * this module with one holding the same texts (scripts/build/vegaScriptsPlugin.mjs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface BrowserScript {
  /** The package (`vega`, `vega-lite`, `vega-embed`). */
  readonly name: string;
  readonly version: string;
  /** The script's text, safe inside a `<script>` element. */
  readonly text: string;
}

/** The packages and their browser build, in the order a page loads them. */
export const BROWSER_BUILDS: readonly (readonly [string, string])[] = [
  ['vega', 'vega.min.js'],
  ['vega-lite', 'vega-lite.min.js'],
  ['vega-embed', 'vega-embed.min.js'],
];

/** A script's text made safe inside `<script>`: no source-map comment, no `</script`, no `<!--`. */
export function inlineScriptText(text: string): string {
  return text
    .replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n')
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--');
}

let scripts: readonly BrowserScript[] | undefined;

export function vegaBrowserScripts(): readonly BrowserScript[] {
  if (scripts === undefined) {
    const require = createRequire(import.meta.url);
    scripts = BROWSER_BUILDS.map(([name, file]) => {
      // Each package's entry is in its build/ folder, beside the browser build.
      const build = dirname(require.resolve(name));
      const version = (
        JSON.parse(readFileSync(join(build, '..', 'package.json'), 'utf8')) as { version: string }
      ).version;
      return { name, version, text: inlineScriptText(readFileSync(join(build, file), 'utf8')) };
    });
  }
  return scripts;
}

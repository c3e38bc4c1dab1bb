/**
 * Plots are rendered again only when what they show changed. `<out>/plots/.rendered.json` records,
 * for each SVG file, the sha256 of the spec it was rendered from (with the Vega and Vega-Lite
 * versions that rendered it) and the sha256 of the SVG bytes written. A plot whose spec hash and file
 * bytes both match the record is kept as it is: Vega renders a spec to the same bytes every time
 * (reproduce --strict checks the committed plots byte for byte), so rendering it again would write
 * the file it already holds. Rendering the 17 plots of studies/ is ≈ 1.8 CPU s, a sixth of a
 * reproduce, and the last study's plots held up its end. A missing, edited or damaged SVG, another
 * spec (other results, another chart layout) or another Vega is rendered again. The record's keys are
 * sorted and it holds no time, so an unchanged reproduce leaves it byte for byte.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '@evalsim/sim/internal';
import type { VegaLiteSpec } from './renderSvg.js';
import { vegaRuntime } from './vegaRuntime.js';

/** The record's file name, in the plots folder. */
export const RENDERED_RECORD = '.rendered.json';

interface Rendered {
  /** sha256 of the renderer's versions and the spec's JSON. */
  readonly spec: string;
  /** sha256 of the SVG bytes written. */
  readonly svg: string;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * The version of package `name` as installed: the package.json above its entry file (its own
 * `exports` do not list package.json); undefined where it is not installed on its own (the
 * published `evalsim` bundles Vega).
 */
function installedVersion(name: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(name));
  } catch {
    return undefined;
  }
  for (; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === name && json.version) return json.version;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

let versions: Promise<string> | undefined;

/**
 * The Vega and Vega-Lite versions the plots are rendered with: from their package.json files, or
 * from the libraries themselves where they are bundled (loaded anyway when a plot is rendered).
 */
function rendererVersions(): Promise<string> {
  versions ??= (async () => {
    const vega = installedVersion('vega');
    const vegaLite = installedVersion('vega-lite');
    if (vega && vegaLite) return `vega ${vega}, vega-lite ${vegaLite}`;
    const runtime = await vegaRuntime();
    return `vega ${runtime.vega.version}, vega-lite ${runtime.vegaLite.version}`;
  })();
  return versions;
}

/** The rendered-plots record of a plots folder: what is current, what was rendered now. */
export class RenderedPlots {
  private readonly path: string;
  private readonly entries: Record<string, Rendered>;

  constructor(private readonly plotsDir: string) {
    this.path = join(plotsDir, RENDERED_RECORD);
    let entries: Record<string, Rendered> = {};
    try {
      entries = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      // none yet, or unreadable: every plot is rendered
    }
    this.entries = entries !== null && typeof entries === 'object' ? entries : {};
  }

  /** The spec's key: its JSON with the renderer's versions. */
  static async key(spec: VegaLiteSpec): Promise<string> {
    return sha256(`${await rendererVersions()}\n${JSON.stringify(spec)}`);
  }

  /** Whether `name` (a file in the plots folder) holds the rendering of the spec whose key is `key`. */
  current(name: string, key: string): boolean {
    const entry = this.entries[name];
    const file = join(this.plotsDir, name);
    if (entry?.spec !== key || !existsSync(file)) return false;
    return sha256(readFileSync(file)) === entry.svg;
  }

  /** Records that `name` now holds `svg`, rendered from the spec whose key is `key`. */
  record(name: string, key: string, svg: string): void {
    this.entries[name] = { spec: key, svg: sha256(svg) };
  }

  /** Writes the record (keys sorted), whole or not at all. */
  save(): void {
    const sorted = Object.fromEntries(
      Object.keys(this.entries)
        .sort()
        .map((name) => [name, this.entries[name]]),
    );
    writeFileAtomic(this.path, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

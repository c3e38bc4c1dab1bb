/** `evalsim list`: the studies in a folder (and its subfolders one level down) with their titles and sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { readStudyConfig, STUDY_EXTENSIONS, type StudySource, sourceArticle } from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';

interface Args {
  io: CliIo;
  dir: string;
  json: boolean;
}

function studyFiles(dir: string, depth = 1): string[] {
  const entries = readdirSync(dir).sort();
  const files = entries
    .filter((entry) => STUDY_EXTENSIONS.includes(extname(entry).toLowerCase()))
    .map((entry) => join(dir, entry))
    .filter((path) => statSync(path).isFile());
  if (depth > 0) {
    for (const entry of entries) {
      const path = join(dir, entry);
      if (entry !== 'data' && !entry.startsWith('.') && statSync(path).isDirectory()) {
        files.push(...studyFiles(path, depth - 1));
      }
    }
  }
  return files;
}

export const listCommand: CommandModule<object, Args> = {
  command: 'list',
  describe: 'List the studies with their titles and sources',
  builder: (y) =>
    y
      .option('dir', { type: 'string', default: 'studies', describe: 'folder of study files' })
      .option('json', { type: 'boolean', default: false, describe: 'print JSON' }) as never,
  handler: (args) => {
    const dir = args.io.resolve(args.dir);
    if (!existsSync(dir)) throw new Error(`--dir: no folder ${args.dir}`);
    const rows = studyFiles(dir).map((file) => {
      try {
        const config = readStudyConfig(file) as {
          name?: string;
          title?: string;
          source?: StudySource;
        };
        if (typeof config?.name !== 'string') return undefined;
        const source = config.source
          ? [sourceArticle(config.source), config.source.section].filter(Boolean).join(' § ')
          : '';
        return { name: config.name, title: config.title ?? '', source, file: relative(args.io.cwd, file) };
      } catch (error) {
        const reason = String((error as Error).message).split('\n')[0];
        return {
          name: '?',
          title: `(unreadable: ${reason})`,
          source: '',
          file: relative(args.io.cwd, file),
        };
      }
    });
    printRows(
      args.io.stdout,
      rows.filter((row) => row !== undefined),
      args.json,
    );
  },
};

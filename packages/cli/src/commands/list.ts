/** `evalsim list`: the studies in a folder (and its subfolders one level down) with their titles and sources. */
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { readStudyConfig, type StudySource } from '@evalsim/sim';
import { STUDY_EXTENSIONS, sourceArticle } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { withJson } from './shared.js';
import { studiesFolder } from './studyFiles.js';

interface Args {
  io: CliIo;
  studies: string;
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
    withJson(
      y
        .option('studies', { type: 'string', default: 'studies', describe: 'the folder of study files' })
        .example('$0 list --studies studies/examples', 'the example studies'),
    ) as never,
  handler: (args) => {
    const dir = studiesFolder(args.io, args.studies, 'list');
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
      { wrap: ['title', 'source'] },
    );
  },
};

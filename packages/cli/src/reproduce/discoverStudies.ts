/** The study files of a directory (not its subfolders), optionally filtered by name. */
import { readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { didYouMean, STUDY_EXTENSIONS } from '@evalsim/sim/internal';

/** Study files in `dir`, sorted by name; `names` keeps only those (each must exist). */
export function discoverStudies(dir: string, names?: readonly string[]): string[] {
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && STUDY_EXTENSIONS.includes(extname(entry.name)))
    .map((entry) => join(dir, entry.name))
    .sort();
  if (!names || names.length === 0) return files;
  const byName = new Map(files.map((file) => [basename(file, extname(file)), file]));
  return names.map((name) => {
    const file = byName.get(name);
    if (!file) {
      const names = [...byName.keys()];
      throw new Error(
        `no study "${name}" in ${dir}${didYouMean(name, names)} (studies: ${names.join(', ')})`,
      );
    }
    return file;
  });
}

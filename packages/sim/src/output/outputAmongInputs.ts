/**
 * An output that is one of the command's inputs (prepareOutputDirectory's step 4): a file to
 * write that exists and is the same file as an input — by device and inode, so a hard link, a
 * symbolic link or another spelling of the path is caught — or that lies inside an input
 * directory. `import x.csv --out x.csv` would otherwise replace the log it reads, and a second
 * `import logs/ --out logs` the `logs/eval.arrow` it imported the first time.
 */
import { realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileIdentity } from '../files/fileIdentity.js';

/**
 * Why writing `files` (relative to `realDir`, the output directory with its links resolved)
 * would replace one of `inputs`, or undefined. An input that is not there is the reader's to
 * report; a file to write that is not there yet is no input.
 */
export function outputAmongInputs(
  files: readonly string[],
  inputs: readonly string[],
  realDir: string,
): string | undefined {
  if (inputs.length === 0) return undefined;
  const inputFiles = new Map<string, string>();
  const inputDirs: [string, string][] = [];
  for (const input of inputs) {
    try {
      const stats = statSync(input);
      if (stats.isDirectory()) inputDirs.push([realpathSync(input), input]);
      else inputFiles.set(fileIdentity(stats), input);
    } catch {
      // not there: the reader reports it
    }
  }
  for (const file of files) {
    const real = join(realDir, file);
    for (const [dir, given] of inputDirs) {
      if (real === dir || real.startsWith(`${dir}${sep}`))
        return `${file} would be written inside ${given}, which is read as an input; choose another place`;
    }
    let identity: string;
    try {
      identity = fileIdentity(statSync(real));
    } catch {
      continue;
    }
    const input = inputFiles.get(identity);
    if (input !== undefined) {
      const same = resolve(input) === real || realpathSync(input) === real;
      return `${file} is ${same ? 'also an input' : `the same file as the input ${input}`}; writing it would replace what is read — choose another path`;
    }
  }
  return undefined;
}

/**
 * One file-system object, whatever path reaches it: its device and inode. Two paths name the
 * same file (a hard link, a symbolic link, `./x` and `x`) exactly when their identities are
 * equal; a directory walk that keeps the identities of the directories it entered never
 * enters one twice, so a symbolic link to an ancestor cannot loop it.
 */
import { type Stats, statSync } from 'node:fs';

/** `dev:ino` of `stats`. */
export function fileIdentity(stats: Pick<Stats, 'dev' | 'ino'>): string {
  return `${stats.dev}:${stats.ino}`;
}

/** The identity of what `path` names (links followed), or undefined when nothing is there (or it cannot be reached). */
export function identityOf(path: string): string | undefined {
  try {
    return fileIdentity(statSync(path));
  } catch {
    return undefined;
  }
}

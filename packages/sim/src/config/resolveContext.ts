/**
 * What every resolver shares while a study is validated: the config as written, where its
 * relative paths resolve, the expanded grid, the interval level, the ids taken so far, the
 * sources of user modules (which enter the fingerprint) and whether user modules are
 * imported at all (`validate --no-modules` checks a study without running its code).
 */
import type { StudyCell } from './grid.js';
import type { StudyConfig } from './studyConfig.js';

export interface ResolveContext {
  readonly config: StudyConfig;
  /** Directory of the study file: module and data paths resolve against it. */
  readonly baseDir: string;
  /** The study's interval level (`level`, default 0.95). */
  readonly level: number;
  readonly cells: readonly StudyCell[];
  /** Grid keys in file order. */
  readonly gridKeys: readonly string[];
  /** Labels in the results' method column taken so far (methods, then formulas). */
  readonly ids: Set<string>;
  /** Source text of every user module imported, in order. */
  readonly sources: string[];
  /** False: user modules are not imported (they are code); only their files are checked. */
  readonly importModules: boolean;
  /** Field paths of the user modules left unimported (with `importModules` false). */
  readonly notImported: string[];
}

/**
 * The calculators: commands of flags only, whose plain lines are read without yargs (fastArgs.ts).
 * A module of its own, so that the launcher (launcher/launcher.ts) can tell them apart without
 * loading the command registry.
 */
export const CALCULATORS: readonly string[] = [
  'interval',
  'coverage',
  'mcnemar',
  'adjust',
  'power',
  'design-effect',
];

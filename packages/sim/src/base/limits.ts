/**
 * The documented limits of a study, checked before any work starts (README, "Limits"). They
 * keep a typo or a hostile study file from running forever or exhausting memory: a value
 * beyond one is refused at validation, naming the field, instead of failing inside a worker.
 *
 * - {@link MAX_REPLICATIONS}: replications per cell (the study's `replications`, a method's
 *   `replications` cap, `--replications`).
 * - {@link MAX_GRID_CELLS}: cells of the grid (the product of its list lengths), counted
 *   before the grid is expanded.
 * - {@link MAX_ARRAY_LENGTH}: a model parameter that sizes a per-replication array
 *   (clusters, questions, draws, looks).
 * - {@link MAX_ITEMS}: items in one replication (Σ cluster sizes, m, answers per question),
 *   for models that draw totals per cluster instead of storing every item.
 * - {@link MAX_STUDY_NAME_LENGTH}: characters of a study's `name`, which names its output files
 *   (`<name>.replications.arrow` and temporary files must stay within a file system's 255-byte names).
 */

/** Replications per grid cell. */
export const MAX_REPLICATIONS = 100_000_000;

/** Cells of a study's grid. */
export const MAX_GRID_CELLS = 100_000;

/** Length of an array a model parameter sizes (clusters, questions drawn, looks). */
export const MAX_ARRAY_LENGTH = 10_000_000;

/** Items in one replication of a model that draws cluster totals. */
export const MAX_ITEMS = 1_000_000_000;

/** Characters of a study's `name` (it names the output files). */
export const MAX_STUDY_NAME_LENGTH = 100;

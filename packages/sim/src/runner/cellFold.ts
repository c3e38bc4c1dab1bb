/**
 * Folds one cell's block partials, strictly in block order, into the cell's state: the one
 * place where blocks are combined, whether they come from workers (simulateCells), from
 * partial-result files (`evalsim merge`) or both. Block b is `merge`d into the fold of blocks
 * 0 … b − 1, so the result depends only on the block states, never on how they were produced.
 */
import type { SimulationStudy } from '../config/study.js';
import type { ResultRow } from '../output/resultRow.js';
import { CellPartial } from './cellPartial.js';
import type { InvalidIntervalCount } from './invalidIntervals.js';

export class CellFold {
  private readonly total: CellPartial;
  private readonly scratch: CellPartial;
  private folded = 0;

  constructor(study: SimulationStudy, cell: number, caps: readonly number[]) {
    this.total = new CellPartial(study, cell, caps);
    this.scratch = new CellPartial(study, cell, caps);
  }

  /** Blocks folded so far. */
  get blocks(): number {
    return this.folded;
  }

  /** Folds the next block, given as its written state; throws if the state's length is wrong. */
  fold(state: Float64Array): void {
    const end = this.scratch.read(state, 0);
    if (end !== state.length) {
      throw new Error(`block ${this.folded}: state of ${state.length} numbers, read ${end}`);
    }
    this.total.merge(this.scratch);
    this.folded++;
  }

  /** Each method's invalid intervals in the blocks folded so far (cellPartial.ts). */
  invalidIntervals(): InvalidIntervalCount[] {
    return this.total.invalidIntervals();
  }

  rows(): ResultRow[] {
    return this.total.rows();
  }
}

/**
 * Reads inspect_ai samples or sample summaries — a JSON array of `EvalSample` /
 * `EvalSampleSummary` — by scanning its bytes (io/jsonScan.ts) for the four fields the
 * importer needs: `id`, `epoch`, the chosen scorer's `scores.<scorer>.value` (and `.answer`) and the
 * cluster value at `metadata.<path>`; everything else (inputs, messages, events, usage) is
 * skipped without being built. Throws JsonScanError on anything unexpected, after which
 * callers parse the document whole (so errors keep their exact place).
 */
import type { EvalLocation } from '../evalInputError.js';
import { type JsonCursor, JsonScanError, jsonKeys } from '../io/jsonScan.js';
import type { InspectRows } from './inspectRows.js';

const SAMPLE_KEYS = jsonKeys('id', 'epoch', 'scores', 'metadata');
const SCORE_KEYS = jsonKeys('value', 'answer');

/** Called per sample: its id, epoch, score (`{ value }`, null or undefined), cluster value and location. */
export type OnSample = (
  id: unknown,
  epoch: unknown,
  score: unknown,
  cluster: unknown,
  at: EvalLocation,
) => void;

/**
 * Scans the array at the cursor. `prefix` is the array's JSON path for locations (e.g.
 * `samples`; empty for a top-level array).
 */
export function scanSamples(
  cursor: JsonCursor,
  rows: InspectRows,
  file: string,
  prefix: string,
  onSample: OnSample,
): void {
  const bytes = cursor.bytes;
  const scorerKey = jsonKeys(rows.scorer);
  const path = rows.clusterPath ? rows.clusterPath.map((k) => jsonKeys(k)) : [];
  const readPath = (depth: number): unknown => {
    let value: unknown;
    cursor.space();
    if (bytes[cursor.pos] !== 0x7b) {
      cursor.skip();
      return undefined;
    }
    cursor.members(path[depth], () => {
      value = depth + 1 === path.length ? cursor.read() : readPath(depth + 1);
    });
    return value;
  };
  const readScore = (): unknown => {
    cursor.space();
    if (bytes[cursor.pos] !== 0x7b) return cursor.read();
    const score: { value?: unknown; answer?: unknown } = {};
    cursor.members(SCORE_KEYS, (key) => {
      if (key === 0) score.value = cursor.read();
      else score.answer = cursor.read();
    });
    return score;
  };
  let id: unknown;
  let epoch: unknown;
  let score: unknown;
  let cluster: unknown;
  // One location object; its field is computed only when an error or a record needs it.
  const at = {
    file,
    index: 0,
    get field(): string {
      return `${prefix}[${this.index}]`;
    },
  };
  cursor.elements((index) => {
    id = undefined;
    epoch = undefined;
    score = undefined;
    cluster = undefined;
    let metadata: unknown;
    cursor.members(SAMPLE_KEYS, (key) => {
      if (key === 0) id = cursor.read();
      else if (key === 1) epoch = cursor.read();
      else if (key === 2) {
        cursor.space();
        if (bytes[cursor.pos] !== 0x7b) {
          if (cursor.read() !== null) throw new JsonScanError('scores is neither an object nor null');
        } else {
          cursor.members(scorerKey, () => {
            score = readScore();
          });
        }
      } else if (path.length > 0) cluster = readPath(0);
      else if (rows.scan) metadata = cursor.read();
      else cursor.skip();
    });
    if (metadata !== undefined) rows.observeMetadata(id, metadata);
    at.index = index;
    onSample(id, epoch, score, cluster, at);
  });
}

/**
 * The style features of one battle from its `conv_metadata` (FastChat rating_systems.py
 * `preprocess_for_style` / `extract_style_feature` at 0e6d3e4): for each of STYLE_FEATURES the
 * value of `<feature>_a` / `<feature>_b` (the token count is `sum_assistant_a_tokens` /
 * `sum_assistant_b_tokens`), a number or a dictionary whose values are summed
 * (header_count_a = {h1: …, h6: …}). A record without conv_metadata, or missing one of the
 * eight values, has no features (null); a value that is neither is an error.
 */
import { showValue } from '../../evals/evalInputError.js';
import { STYLE_FEATURES } from '../battleTable.js';
import { isRecord, type RecordPlace, recordError } from './recordFields.js';

function keyOf(feature: string, side: 'a' | 'b'): string {
  return feature === 'sum_assistant_tokens' ? `sum_assistant_${side}_tokens` : `${feature}_${side}`;
}

function featureValue(meta: Record<string, unknown>, key: string, place: RecordPlace): number | undefined {
  const v = meta[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isRecord(v)) {
    let sum = 0;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        throw recordError(place, `conv_metadata.${key}.${k}`, `${showValue(x)} is not a number`);
      }
      sum += x;
    }
    return sum;
  }
  throw recordError(
    place,
    `conv_metadata.${key}`,
    `${showValue(v)} is not a number or a dictionary of numbers`,
  );
}

/** [a values, b values] or null when the record has no complete style metadata. */
export function styleOf(metadata: unknown, place: RecordPlace): [number[], number[]] | null {
  if (metadata === undefined || metadata === null) return null;
  if (!isRecord(metadata))
    throw recordError(place, 'conv_metadata', `${showValue(metadata)} is not an object`);
  const a: number[] = [];
  const b: number[] = [];
  for (const feature of STYLE_FEATURES) {
    const x = featureValue(metadata, keyOf(feature, 'a'), place);
    const y = featureValue(metadata, keyOf(feature, 'b'), place);
    if (x === undefined || y === undefined) return null;
    a.push(x);
    b.push(y);
  }
  return [a, b];
}

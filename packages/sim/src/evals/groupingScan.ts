/**
 * Clusters are never dropped silently (issue 26 point 3): while a log is read without a cluster,
 * the fields that look like a grouping of the questions are watched — a long table's other
 * columns, inspect_ai's `metadata.<key>`, lm-eval's `doc.<field>` — and each one that is
 * constant within a question and takes far fewer values than there are questions is named in a
 * hint with its cluster count, so the user can pass `--cluster <field>`:
 *
 *   a grouping: Q ≥ 6 questions, 2 ≤ D values ≤ Q / 3 (three or more questions a value on
 *   average), every question one value (a field that varies within a question is not a grouping).
 *
 * Bounded: at most {@link MAX_WATCHED_FIELDS} fields are watched, a field is dropped as soon as
 * it varies within a question or passes {@link MAX_GROUPS} values, and only short text or
 * integer values count (longer text is a prompt, not a label).
 */

/** Fields watched at most (the first seen). */
export const MAX_WATCHED_FIELDS = 32;
/** A field with more values than this is not a grouping worth naming. */
export const MAX_GROUPS = 10_000;

interface Watched {
  readonly values: Map<string, number>;
  readonly byQuestion: Map<string, number>;
  dead: boolean;
}

export class GroupingScan {
  private readonly fields = new Map<string, Watched>();

  /** Notes that `question` has `value` in `field` (a value that cannot label a cluster drops the field). */
  observe(field: string, question: string, value: unknown): void {
    let w = this.fields.get(field);
    if (!w) {
      if (this.fields.size >= MAX_WATCHED_FIELDS) return;
      w = { values: new Map(), byQuestion: new Map(), dead: false };
      this.fields.set(field, w);
    }
    if (w.dead) return;
    const label =
      typeof value === 'string' && value.length > 0 && value.length <= 200
        ? value
        : typeof value === 'number' && Number.isInteger(value)
          ? String(value)
          : typeof value === 'boolean'
            ? String(value)
            : undefined;
    if (label === undefined) {
      w.dead = true;
      return;
    }
    let code = w.values.get(label);
    if (code === undefined) {
      if (w.values.size >= MAX_GROUPS) {
        w.dead = true;
        return;
      }
      code = w.values.size;
      w.values.set(label, code);
    }
    const before = w.byQuestion.get(question);
    if (before === undefined) w.byQuestion.set(question, code);
    else if (before !== code) w.dead = true;
  }

  /** The groupings found, as `--cluster` would name them (`name(field)`), with their counts. */
  groupings(
    name: (field: string) => string = (f) => f,
  ): { field: string; clusters: number; questions: number }[] {
    const found: { field: string; clusters: number; questions: number }[] = [];
    for (const [field, w] of this.fields) {
      if (w.dead) continue;
      const Q = w.byQuestion.size;
      const D = w.values.size;
      if (Q >= 6 && D >= 2 && D <= Q / 3) found.push({ field: name(field), clusters: D, questions: Q });
    }
    return found;
  }
}

/** The hint for one grouping found (file-independent, so the same field in every log is said once). */
export function groupingHint(g: { field: string; clusters: number; questions: number }): string {
  return (
    `${g.field} looks like a grouping of the questions (${g.clusters.toLocaleString('en-US')} values over ` +
    `${g.questions.toLocaleString('en-US')} questions, ${(g.questions / g.clusters).toFixed(1)} each) but no cluster is set: ` +
    `the questions are treated as independent, and if they are grouped the error bars are too narrow; ` +
    `pass --cluster ${g.field} to use its ${g.clusters.toLocaleString('en-US')} clusters (or --cluster none to silence this)`
  );
}

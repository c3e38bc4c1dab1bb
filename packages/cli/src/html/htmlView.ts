/**
 * A command's HTML view: which parts of its `--json` document the page shows, in which order,
 * as tables, charts, facts and text. The page (renderHtml.ts) is rendered from the document
 * and the view alone, so every number on it is read from the document by a path (jsonPath.ts)
 * and carries that path in the page (`data-path`): nothing is computed twice. A view names
 * paths; it holds no numbers and no rules of its own.
 *
 * Adding a command's page: write `<command>View.ts` here exporting an `HtmlView` (see
 * analyzeView.ts for tables with wildcard columns, planView.ts for columns computed per row,
 * auditView.ts for charts), then in the command: the `--html` flag (commands/htmlOutput.ts's
 * `HTML_OPTION`), `checkHtmlOutput` before any work, and `writeHtmlOutput` with the document
 * the command prints for `--json`.
 */

/** Any JSON document (the parsed `--json` output). */
// biome-ignore lint/suspicious/noExplicitAny: a view reads documents of any command by path.
export type JsonDocument = any;

/** How the page prints numbers in the units the view chose. */
export interface ViewContext {
  /** Multiplier from the document's scale to the shown one (100: proportions in points). */
  readonly scale: number;
  /** What the scaled numbers are in (`points`, `units`). */
  readonly unit: string;
}

/**
 * How a number is shown:
 * - `integer`: rounded to a whole number, with thousands separators;
 * - `ceil`: the next whole number up (a sample size), with separators;
 * - `number`: three significant digits (from 1,000 on, the whole number with separators);
 * - `proportion`: three decimals;
 * - `percent`: × 100 with one decimal and a `%` sign;
 * - `scaled`, `signed`: × the view's scale, one decimal in points (three significant digits in
 *   other units), `signed` with its sign;
 * - `p`: a p-value, two significant digits, scientific below 0.001;
 * - `mcse`: as many decimals as the Monte Carlo SE beside it (formatResults' rule); `scaled`
 *   beside an SE takes the scaled SE's decimals.
 */
export type NumberFormat =
  | 'integer'
  | 'ceil'
  | 'number'
  | 'proportion'
  | 'percent'
  | 'scaled'
  | 'signed'
  | 'p'
  | 'mcse';

/** A piece of text the view states: fixed, or read from the document. */
export type ViewText = string | ((doc: JsonDocument, context: ViewContext) => string);

/**
 * What a cell holds:
 * - `value`: a number (formatted), string or boolean;
 * - `interval`: an object with `lower` and `upper`, shown `[lower, upper]`, marked when the
 *   document gives it `marks` (a bound outside the possible range, a zero width);
 * - `estimate`: an object with `value` and `mcse`, shown `value ± mcse`;
 * - `range`: a two-element array, shown `a–b` (a single value when both are equal);
 * - `crossing`: an object with `kind` (`at`, `below`, `above`) and `size`, shown `n`, `≤ n`, `> n`.
 */
export type CellKind = 'value' | 'interval' | 'estimate' | 'range' | 'crossing';

/** One column (or, with a wildcard, a group of columns) of a table. */
export interface Column {
  /**
   * The header; with a wildcard path, a function of the key (object) or index (array) the
   * column stands for and the element there in the first row that has one.
   */
  readonly header: string | ((key: string, element: unknown) => string);
  /**
   * Where the cell's value is, relative to the row (`binary.wilson`). A last step `*` makes one
   * column per key of the object (or element of the array) there, in the order of the first row
   * that has it: `binary.intervals.*`; `*.lower` after it reads a field of each. With `kind`
   * `interval`, keys whose value is not an interval are left out.
   */
  readonly path: string;
  readonly kind?: CellKind;
  readonly format?: NumberFormat;
  /** A tooltip for the header. */
  readonly title?: string;
  /** A second text value shown after the first (`first` − `second` of a pair). */
  readonly join?: { readonly separator: string; readonly path: string };
  /** For `estimate` cells: the field names of the value and its MCSE (default `value`, `mcse`). */
  readonly fields?: EstimateFields;
}

/** Where an estimate's value and MCSE are under its object. */
export interface EstimateFields {
  readonly value: string;
  readonly mcse: string;
}

/** A column whose cell path is computed for each row (e.g. a point found by its size). */
export interface ComputedColumn {
  readonly header: string;
  /** The absolute path of the cell's value for row `index` of the table, or undefined for an empty cell. */
  readonly at: (doc: JsonDocument, index: number) => string | undefined;
  readonly kind?: CellKind;
  readonly format?: NumberFormat;
  readonly title?: string;
  readonly fields?: EstimateFields;
}

interface SectionBase {
  readonly title: ViewText;
  /** One sentence saying what the section shows. */
  readonly note?: ViewText;
  /** The section is left out unless this holds. */
  readonly when?: (doc: JsonDocument) => boolean;
  /** Shown first, in a box: the recommended numbers. */
  readonly emphasis?: boolean;
}

/** A table: one row per element of the array at `rows`. */
export interface TableSection extends SectionBase {
  readonly kind: 'table';
  readonly rows: string;
  /** The rows to show, by index, in this order (default: all, in the document's order). */
  readonly rowOrder?: (doc: JsonDocument) => readonly number[];
  readonly columns:
    | readonly (Column | ComputedColumn)[]
    | ((doc: JsonDocument) => readonly (Column | ComputedColumn)[]);
}

/** One labelled value per line. */
export interface FactsSection extends SectionBase {
  readonly kind: 'facts';
  readonly facts: readonly {
    readonly label: string;
    readonly path: string;
    readonly kind?: CellKind;
    readonly format?: NumberFormat;
  }[];
}

/** Paragraphs: the string at `path`, the strings of an array there, or the field `field` of each element. */
export interface TextSection extends SectionBase {
  readonly kind: 'text';
  readonly path: string;
  readonly field?: string;
}

/** A Vega-Lite chart: `spec` builds it from the document (chartData.ts), or undefined for none. */
export interface ChartSection extends SectionBase {
  readonly kind: 'chart';
  readonly spec: (doc: JsonDocument, context: ViewContext) => Record<string, unknown> | undefined;
}

export type Section = TableSection | FactsSection | TextSection | ChartSection;

export interface HtmlView {
  /** The command, as the page's footer names it (`evalsim analyze`). */
  readonly command: string;
  readonly title: ViewText;
  /** What was analysed, in one sentence under the title. */
  readonly subtitle?: ViewText;
  /** The scale and unit of `scaled` and `signed` numbers (default 1, `units`). */
  readonly context?: (doc: JsonDocument) => ViewContext;
  readonly sections: readonly Section[];
  /**
   * After the sections, show what they leave out of the document by the automatic view
   * (autoView.ts), so a field added to the document (pass@k's section of analyze, a new
   * estimate) reaches the page with no change here; the keys in `hidden` are left out.
   */
  readonly rest?: { readonly hidden: readonly string[] };
}

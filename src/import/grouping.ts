/**
 * Thousands separators in a CSV value column: a spreadsheet exports a cell formatted as a number
 * with grouping as it shows it (`"1,250.0"` in en-US, `1.234,5` in de-DE, `1 234,5` in fr-FR).
 * Such a cell is no plain decimal number, so cell by cell it would stay text, and the values
 * would then compare as strings, tolerance silently not applying. A single cell cannot always
 * tell its locale (`1,250` is 1250 grouped or 1.25 with a decimal comma; `1.250` is 1.25 or 1250
 * grouped), so the column decides as a whole: see `readGroupedColumn`.
 */
import { clipForMessage } from '../io/terminal.js';
import type { ImportContext } from './types.js';
import { numberFromText } from './values.js';

/** One locale's way of writing numbers: the character grouping thousands, the decimal mark. */
interface NumberStyle {
  /** Who writes numbers so, for messages. */
  readonly locales: string;
  /** What the group separator is called in messages. */
  readonly groupName: string;
  readonly decimal: '.' | ',';
  /** A number with at least one group separator: `1,250`, `-12,000.25`. */
  readonly grouped: RegExp;
  /** A number without group separators, with this decimal mark: `950`, `950.5`. */
  readonly plain: RegExp;
  /** The characters that separate groups (removed before the number is read). */
  readonly separators: RegExp;
}

function style(locales: string, groupName: string, group: string, decimal: '.' | ','): NumberStyle {
  const d = decimal === '.' ? '\\.' : ',';
  return {
    locales,
    groupName,
    decimal,
    grouped: new RegExp(`^[+-]?\\d{1,3}(?:${group}\\d{3})+(?:${d}\\d+)?$`),
    plain: new RegExp(`^[+-]?\\d+(?:${d}\\d+)?$`),
    separators: new RegExp(group, 'g'),
  };
}

/** The styles recognised; the order is the one messages list them in. */
const STYLES: readonly NumberStyle[] = [
  style('en-US, en-GB, ja', 'a comma', ',', '.'),
  style('de-DE, it, es, nl', 'a point', '\\.', ','),
  // fr-FR groups with a no-break space (U+00A0 or, as `Intl` writes, U+202F); some files a space.
  style('fr-FR', 'a space', '[ \\u00a0\\u202f]', ','),
];

/** Whether `cell` is a number written in `s` (grouped or not). */
const fits = (s: NumberStyle, cell: string) => s.grouped.test(cell) || s.plain.test(cell);

/** `cell` in style `s` as the decimal number text `numberFromText` reads. */
function normalised(s: NumberStyle, cell: string): string {
  const digits = cell.replace(s.separators, '');
  return s.decimal === ',' ? digits.replace(',', '.') : digits;
}

/** How a column with thousands separators is read (`readGroupedColumn`). */
export interface GroupedColumn {
  /**
   * The value of a cell as the column's reading has it: a number (the column proves its style),
   * the cell's text (a grouped cell whose style is in doubt), or `undefined`: read the cell as
   * any other (it holds no number in doubt).
   */
  readonly read: (cell: string) => unknown;
  /** The warning (one per column), and the line of the first cell it is about. */
  readonly message: string;
  readonly line: number;
}

/** A value cell with its line. */
export interface ColumnCell {
  readonly text: string;
  readonly line: number;
}

/**
 * The reading of a value column whose cells hold thousands separators, or `undefined` when none
 * does (the column is read cell by cell, as before). `decimalComma`: whether the file's decimal
 * mark may be a comma (a `;`- or tab-separated file; in a `,`-separated one the decimal mark is
 * the point, so a style with a decimal comma is never read there).
 *
 * The column is read as numbers in a style `S` when `S` is the only style in which every cell
 * that is a number in some style reads (so no cell is read against another's evidence), some
 * cell has `S`'s group separators, and `S`'s decimal mark is one the file may use: `1,250.0`,
 * `1.234,5`, or `1.300` beside `21,5`, which is then 1300, not 1.3. Every other column with a
 * grouped cell keeps those cells as text, with one warning that says why: two styles read every
 * cell (`1,250` is 1250 or 1.25; in a `,`-separated file the decimal-comma warning says so
 * already), no style reads them all, or the style has a decimal comma the file cannot hold.
 */
export function readGroupedColumn(
  cells: readonly ColumnCell[],
  decimalComma: boolean,
  ctx: ImportContext,
): GroupedColumn | undefined {
  const numbers = cells
    .map((c) => ({ ...c, text: c.text.trim() }))
    .filter((c) => STYLES.some((s) => fits(s, c.text)));
  const isGrouped = (t: string) => STYLES.some((s) => s.grouped.test(t));
  const grouped = numbers.filter((c) => isGrouped(c.text));
  const first = grouped[0];
  if (first === undefined) return undefined;
  const shown = (c: ColumnCell) => JSON.stringify(clipForMessage(c.text));
  const how = (s: NumberStyle) =>
    `${s.groupName} grouping thousands and ${s.decimal === '.' ? 'a decimal point' : 'a decimal comma'}, as ${s.locales} write`;
  const asText = (message: string, line = first.line): GroupedColumn => ({
    read: (cell) => (isGrouped(cell.trim()) ? cell : undefined),
    message,
    line,
  });
  const readers = STYLES.filter((s) => numbers.every((c) => fits(s, c.text)));
  const inStyle = readers.length === 1 ? readers[0]! : undefined;
  const ownGrouped = inStyle && grouped.filter((c) => inStyle.grouped.test(c.text));
  if (inStyle !== undefined && ownGrouped!.length > 0) {
    const example = ownGrouped![0]!;
    if (inStyle.decimal === ',' && !decimalComma)
      return asText(
        `${shown(example)} looks like a number with ${how(inStyle)}, and is read as text, as are the other such values: a ,-separated file has no decimal comma (a comma there could group thousands); export with ; as the separator, where it is read as a number, or without thousands separators`,
        example.line,
      );
    return {
      read: (cell) => {
        const t = cell.trim();
        return fits(inStyle, t) ? numberFromText(normalised(inStyle, t), ctx) : undefined;
      },
      message: `${ownGrouped!.length} of ${cells.length} values have thousands separators (${how(inStyle)}) and are read as numbers so: ${shown(example)} is ${normalised(inStyle, example.text)}; export the column without thousands separators to leave no doubt`,
      line: example.line,
    };
  }
  // The one style that reads every number has no groups in them (`1.300` beside `0.5`: a point).
  if (inStyle !== undefined) return undefined;
  if (readers.length > 1) {
    // In a ,-separated file the cells are `1,250` alone: text, and the decimal-comma warning
    // names both readings.
    if (!decimalComma) return undefined;
    const readings = readers
      .filter((s) => s.grouped.test(first.text) || s.plain.test(first.text))
      .map((s) =>
        s.grouped.test(first.text)
          ? `${normalised(s, first.text)} (${s.groupName} grouping thousands, as ${s.locales} write)`
          : `${Number(normalised(s, first.text))} (a decimal ${s.decimal === '.' ? 'point' : 'comma'})`,
      );
    return asText(
      `${shown(first)} could be ${readings.join(' or ')}, and no value in the column tells which: ${grouped.length} such value${grouped.length === 1 ? ' is' : 's are'} read as text; export the column without thousands separators`,
    );
  }
  // No style reads every number: name a grouped cell and one its style does not write.
  const style = STYLES.find((s) => s.grouped.test(first.text))!;
  const against = numbers.find((c) => !fits(style, c.text))!;
  return asText(
    `${shown(first)} is a number with ${how(style)}, but line ${against.line} has ${shown(against)}, which that style does not write: the numbers with thousands separators are read as text; export the column without thousands separators (a number format without grouping)`,
  );
}

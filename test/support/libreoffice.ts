/**
 * CSV as LibreOffice Calc exports it, for the CSV importer's tests (the guide: fixtures come from
 * the real producers). A sheet is written as flat ODF (`.fods`) holding real date-time values
 * (the serial dates of JS `Date`s, never typed text) and converted by `soffice --headless
 * --convert-to csv` under a locale, so the date, time and number formats in the CSV are the ones
 * LibreOffice shows in that locale. Debian's `libreoffice-calc-nogui` (`.ci/run` installs it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SOFFICE = process.env['SOFFICE_PATH'] ?? '/usr/bin/soffice';

/** How a date-time cell is formatted. */
export type SheetTimeFormat =
  /** The locale's default date-time format (what a date + time formula shows): minutes only. */
  | 'default'
  /** The locale's date and time with seconds (ODF `number:automatic-order`: day/month order per locale). */
  | 'seconds'
  /** A date column and a time column, each in the locale's default format (a logger's layout). */
  | 'date and time'
  /** A time column alone, in the locale's default time format (with seconds). */
  | 'time of day'
  /** A format the user typed, in the given order, with hundredths of a second. */
  | { readonly order: 'DMY' | 'MDY'; readonly separator: '.' | '/'; readonly ampm?: boolean };

export interface SheetRow {
  readonly time: Date;
  readonly channel: string;
  readonly value: number | string;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function dateStyle(format: SheetTimeFormat): string {
  if (typeof format === 'string' && format !== 'seconds') return '';
  const part = (name: string, extra = '') => `<number:${name} number:style="long"${extra}/>`;
  const text = (t: string) => `<number:text>${xml(t)}</number:text>`;
  if (format === 'seconds')
    return `<number:date-style style:name="N1" number:automatic-order="true">${part('day')}${text('.')}${part('month')}${text('.')}${part('year')}${text(' ')}${part('hours')}${text(':')}${part('minutes')}${text(':')}${part('seconds')}</number:date-style>`;
  const [a, b] = format.order === 'DMY' ? ['day', 'month'] : ['month', 'day'];
  const sep = text(format.separator);
  return `<number:date-style style:name="N1">${part(a)}${sep}${part(b)}${sep}${part('year')}${text(' ')}${part('hours')}${text(':')}${part('minutes')}${text(':')}${part('seconds', ' number:decimal-places="2"')}${format.ampm === true ? `${text(' ')}<number:am-pm/>` : ''}</number:date-style>`;
}

/**
 * The time cells of a row: formulas of the Date's fields (their results take the locale's default
 * formats), or its ODF date value in the style written above.
 */
function timeCell(d: Date, format: SheetTimeFormat): string {
  const formula = (f: string) => `<table:table-cell table:formula="${xml(`of:=${f}`)}"/>`;
  const date = `DATE(${d.getUTCFullYear()};${d.getUTCMonth() + 1};${d.getUTCDate()})`;
  const time = `TIME(${d.getUTCHours()};${d.getUTCMinutes()};${d.getUTCSeconds()})`;
  if (format === 'default') return formula(`${date}+${time}`);
  if (format === 'date and time') return formula(date) + formula(time);
  if (format === 'time of day') return formula(time);
  return `<table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="${d.toISOString().replace('Z', '')}"/>`;
}

const stringCell = (s: string) =>
  `<table:table-cell office:value-type="string"><text:p>${xml(s)}</text:p></table:table-cell>`;

/** The sheet as flat ODF: a header row `time, channel, value`, then one row per event. */
export function fods(rows: readonly SheetRow[], format: SheetTimeFormat): string {
  const body = rows
    .map(
      (r) =>
        `<table:table-row>${timeCell(r.time, format)}${stringCell(r.channel)}${
          typeof r.value === 'number'
            ? `<table:table-cell office:value-type="float" office:value="${r.value}"/>`
            : stringCell(r.value)
        }</table:table-row>`,
    )
    .join('\n');
  const style = dateStyle(format);
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>${style}${style !== '' ? '<style:style style:name="ce1" style:family="table-cell" style:data-style-name="N1"/>' : ''}</office:automatic-styles>
<office:body><office:spreadsheet><table:table table:name="trace">
<table:table-row>${format === 'date and time' ? stringCell('Date') + stringCell('Time') : stringCell('time')}${stringCell('channel')}${stringCell('value')}</table:table-row>
${body}
</table:table></office:spreadsheet></office:body></office:document>
`;
}

/**
 * Export each sheet to CSV with LibreOffice under `locale` (`de_DE`, `en_US`, …), with `separator`
 * between fields (LibreOffice's CSV filter: `"` quoting, text cells quoted), in UTF-8 or in
 * UTF-16 ("Unicode": little-endian with a byte order mark, as Excel's "Unicode Text" too). Returns
 * the files' bytes in the order of `sheets`.
 */
export function exportCsv(
  sheets: readonly string[],
  locale: string,
  separator: ',' | ';' | '\t' = ',',
  charset: 'utf-8' | 'utf-16' = 'utf-8',
): Buffer[] {
  // Filter options: field separator, text delimiter (34 = "), charset (76 UTF-8, 65535 UTF-16),
  // first line 1.
  const filter = `csv:Text - txt - csv (StarCalc):${separator.charCodeAt(0)},34,${charset === 'utf-8' ? 76 : 65535},1`;
  return convert(sheets, locale, filter, 'csv');
}

/** Save each sheet as an Excel workbook (`xlsx`) or an OpenDocument spreadsheet (`ods`). */
export function exportWorkbook(sheets: readonly string[], kind: 'xlsx' | 'ods'): Buffer[] {
  return convert(sheets, 'en_US', kind, kind);
}

/**
 * `soffice --convert-to filter` on each sheet under `locale`: one process for all of them, with a
 * profile of its own (a fresh user installation, so the machine's settings play no part).
 */
function convert(sheets: readonly string[], locale: string, filter: string, ext: string): Buffer[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-lo-'));
  try {
    const files = sheets.map((text, k) => {
      const f = path.join(dir, `sheet${k}.fods`);
      fs.writeFileSync(f, text);
      return f;
    });
    execFileSync(
      SOFFICE,
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        filter,
        '--outdir',
        path.join(dir, 'out'),
        ...files,
      ],
      {
        env: { ...process.env, LC_ALL: `${locale}.UTF-8`, LANG: `${locale}.UTF-8` },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      },
    );
    return files.map((f) =>
      fs.readFileSync(path.join(dir, 'out', `${path.basename(f, '.fods')}.${ext}`)),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** CSV with a header naming `channel`, `timestamp` and `value` (more columns allowed): one event per row. */
import { TraceError } from '../errors.js';
import { MAX_DECIMAL_EXPONENT, relativeEvents, timeFromDecimal, type RawEvent } from './time.js';
import type { ImportContext, Importer } from './types.js';
import { numberFromText } from './values.js';

/** One CSV record with the line it starts on. */
interface CsvRecord {
  readonly line: number;
  readonly fields: string[];
}

function lineLabel(file: string | undefined, line: number): string {
  return file ? `${file}:${line}` : `line ${line}`;
}

/**
 * Split CSV text into records (RFC 4180: `,` separated, `"` quoted with `""` for a quote, quoted
 * fields may hold commas and line breaks; `\n`, `\r\n` or `\r` end a record). Blank lines are
 * skipped. An unterminated quote or text after a closing quote is a `TraceError` at its line.
 */
export function splitCsv(text: string, file?: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const special = /[,\r\n"]/g;
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const endRecord = (): void => {
    // A line with nothing on it is blank (skipped); `""` alone is a record with one empty field.
    if (!(fields.length === 1 && fields[0] === '' && !lastQuoted))
      records.push({ line: recordLine, fields });
    fields = [];
  };
  let lastQuoted = false;
  while (i <= n) {
    let field: string;
    lastQuoted = text.charCodeAt(i) === 0x22;
    if (lastQuoted) {
      const start = line;
      field = '';
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0)
          throw new TraceError('unterminated quoted field', { file: lineLabel(file, start) });
        const chunk = text.slice(j, q);
        line += countLineBreaks(chunk);
        field += chunk;
        if (text.charCodeAt(q + 1) === 0x22) {
          field += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      const after = text[i];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') {
        throw new TraceError(
          `unexpected ${JSON.stringify(after)} after a closing quote (a quote inside a quoted field is written "")`,
          {
            file: lineLabel(file, line),
          },
        );
      }
    } else {
      special.lastIndex = i;
      const m = special.exec(text);
      const stop = m === null ? n : m.index;
      if (m !== null && m[0] === '"') {
        throw new TraceError(
          'unexpected " inside an unquoted field (quote the whole field, writing a quote as "")',
          { file: lineLabel(file, line) },
        );
      }
      field = text.slice(i, stop);
      i = stop;
    }
    fields.push(field);
    if (i >= n) {
      endRecord();
      break;
    }
    const c = text[i];
    if (c === ',') {
      i++;
      continue;
    }
    // A line break ends the record.
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRecord();
    line++;
    recordLine = line;
    if (i >= n) break;
  }
  return records;
}

function countLineBreaks(s: string): number {
  let k = 0;
  for (let j = 0; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x0a || (c === 0x0d && s.charCodeAt(j + 1) !== 0x0a)) k++;
  }
  return k;
}

const REQUIRED = ['channel', 'timestamp', 'value'] as const;

function parseCsv(text: string, ctx: ImportContext): RawEvent[] {
  const records = splitCsv(text, ctx.file);
  const header = records[0];
  if (header === undefined) return [];
  const names = header.fields.map((h) => h.trim());
  const where = lineLabel(ctx.file, header.line);
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') throw new TraceError('empty column name in the header', { file: where });
    if (seen.has(name))
      throw new TraceError(`column ${JSON.stringify(name)} appears twice in the header`, {
        file: where,
      });
    seen.add(name);
  }
  const missing = REQUIRED.filter((r) => !seen.has(r));
  if (missing.length > 0) {
    throw new TraceError(
      `the header has no ${missing.map((m) => JSON.stringify(m)).join(', ')} column (expected channel,timestamp,value[,more columns])`,
      {
        file: where,
      },
    );
  }
  const ci = names.indexOf('channel');
  const ti = names.indexOf('timestamp');
  const vi = names.indexOf('value');
  const events: RawEvent[] = [];
  for (const rec of records.slice(1)) {
    const at = lineLabel(ctx.file, rec.line);
    if (rec.fields.length !== names.length) {
      throw new TraceError(
        `expected ${names.length} fields (as the header), got ${rec.fields.length}`,
        { file: at },
      );
    }
    const channel = rec.fields[ci]!;
    if (channel.trim() === '')
      throw new TraceError('expected a non-empty channel name', { file: at, path: 'channel' });
    const tsText = rec.fields[ti]!.trim();
    const time = timeFromDecimal(tsText);
    if (time === undefined || !Number.isFinite(Number(tsText))) {
      const raw = rec.fields[ti]!;
      const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 39)}…` : raw);
      // A well-formed number can still be out of range: say which limit it passes.
      const why = !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(tsText)
        ? `expected a number of seconds, got ${shown}`
        : time === undefined
          ? `the number of seconds ${shown} has a decimal exponent beyond ±${MAX_DECIMAL_EXPONENT} (digits after the point count), the limit`
          : `the number of seconds ${shown} (${tsText.length} characters) is beyond the largest a timestamp can be (${Number.MAX_VALUE})`;
      throw new TraceError(why, { file: at, path: 'timestamp' });
    }
    const cell = rec.fields[vi]!;
    const value = numberFromText(cell, ctx) ?? cell;
    const meta: Record<string, unknown> = {};
    names.forEach((name, k) => {
      if (k !== ci && k !== ti && k !== vi) meta[name] = rec.fields[k]!;
    });
    events.push({ channel, time, value, meta });
  }
  return events;
}

/** `csv` importer: see `docs/importers.md`. */
export const csvImporter: Importer = {
  name: 'csv',
  description:
    'CSV with a header channel,timestamp,value (more columns go to meta): one event per row',
  detect(text, first) {
    if (first !== undefined) return 0;
    const nl = text.search(/\r?\n|\r/);
    const names = (nl < 0 ? text : text.slice(0, nl))
      .split(',')
      .map((h) => h.trim().replace(/^"(.*)"$/, '$1'));
    return REQUIRED.every((r) => names.includes(r)) ? 1 : 0;
  },
  parse(text, ctx) {
    return relativeEvents(parseCsv(text, ctx), ctx.file);
  },
};

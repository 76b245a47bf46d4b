/**
 * The importer registry: every input format, in a fixed order. To add a format, write
 * `src/import/<name>.ts` exporting an `Importer` (with its tests beside it) and list it here;
 * `--format`, detection and the help text follow from this list.
 */
import { ConfigError, TraceError } from '../errors.js';
import { atifImporter } from './atif.js';
import { blueskyImporter } from './bluesky.js';
import { camonitorImporter } from './camonitor.js';
import { claudeCodeImporter } from './claude-code.js';
import { csvImporter } from './csv.js';
import { envtraceImporter } from './envtrace.js';
import { firstJsonValue } from './json.js';
import { openaiImporter } from './openai.js';
import { openaiAgentsImporter } from './openai-agents-trace.js';
import { openinferenceImporter } from './openinference.js';
import { otlpImporter } from './otlp.js';
import { recordsImporter } from './records.js';
import { rosbag2Importer } from './rosbag2.js';
import type { Importer } from './types.js';

/** Every importer, in the order the docs list them. */
export const importers: readonly Importer[] = Object.freeze([
  envtraceImporter,
  csvImporter,
  otlpImporter,
  openinferenceImporter,
  atifImporter,
  openaiImporter,
  openaiAgentsImporter,
  claudeCodeImporter,
  blueskyImporter,
  camonitorImporter,
  rosbag2Importer,
  recordsImporter,
]);

/** The name of a built-in format. */
export type ImportFormat =
  | 'envtrace'
  | 'csv'
  | 'otlp'
  | 'openinference'
  | 'atif'
  | 'openai'
  | 'openai-agents'
  | 'claude-code'
  | 'bluesky'
  | 'camonitor'
  | 'rosbag2'
  | 'records';

/** The importer named `name`; a `ConfigError` listing the names if there is none. */
export function importerByName(name: string): Importer {
  const found = importers.find((i) => i.name === name);
  if (found === undefined) {
    throw new ConfigError(
      `unknown trace format ${JSON.stringify(name)} (expected auto, ${importers.map((i) => i.name).join(', ')})`,
      { path: ['format'] },
    );
  }
  return found;
}

/**
 * Every importer's confidence for `text`, highest first (ties in registry order). `first`: the
 * text's first JSON value when the caller knows it (`importFile` looking at a file's first chunk
 * only); by default `firstJsonValue(text)`.
 */
export function detectionScores(
  text: string,
  first: unknown = firstJsonValue(text),
): Array<{ readonly importer: Importer; readonly confidence: number }> {
  return importers
    .map((importer) => ({
      importer,
      confidence: Math.max(0, Math.min(1, importer.detect(text, first))),
    }))
    .sort((a, b) => b.confidence - a.confidence);
}

/**
 * Why `text` is none of the formats it looks like (`Importer.explain`), as `looks like …, but
 * …` clauses; empty when it looks like none.
 */
export function detectionExplanations(
  text: string,
  first: unknown = firstJsonValue(text),
): string[] {
  return importers.flatMap((i) => {
    const why = i.explain?.(text, first);
    return why === undefined ? [] : [`looks like ${why}`];
  });
}

/**
 * The format of `text`, by content only: the importer with the highest confidence. A `TraceError`
 * (naming `file`) when none matches or when two match equally, so the caller can give the format.
 */
export function detectFormat(text: string, file?: string): Importer {
  const first = firstJsonValue(text);
  const scores = detectionScores(text, first);
  const best = scores[0]!;
  const hint = `give the format (--format, or the format option: ${importers.map((i) => i.name).join(', ')})`;
  if (best.confidence === 0) {
    const looks = text.trim() === '' ? [] : detectionExplanations(text, first);
    throw new TraceError(
      `${text.trim() === '' ? 'the input is empty, so its format' : 'the format of the input'} cannot be told${looks.length > 0 ? ` (${looks.join('; ')})` : ''}; ${hint}`,
      { file },
    );
  }
  const tied = scores.filter((s) => s.confidence === best.confidence);
  if (tied.length > 1) {
    throw new TraceError(
      `the input fits ${tied.map((s) => s.importer.name).join(' and ')} equally well; ${hint}`,
      { file },
    );
  }
  return best.importer;
}

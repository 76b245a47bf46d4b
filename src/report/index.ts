export { toJsonReport, stringifyReport } from './json.js';
export type { JsonReport, JsonReportMetric } from './json.js';
export {
  reportChunks,
  cutMarker,
  DEFAULT_MAX_STRING_LENGTH,
  DEFAULT_MAX_VALUE_ITEMS,
} from './json-stream.js';
export type { ReportCaps, ReportStreamOptions } from './json-stream.js';
export { formatTextReport } from './text.js';
export type { TextReportOptions, Colors } from './text.js';
export { escapeForTerminal, truncate } from './escape.js';

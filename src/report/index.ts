export { toJsonReport, stringifyReport } from './json.js';
export type { JsonReport, JsonReportMetric } from './json.js';
export { formatTextReport } from './text.js';
export type { TextReportOptions, Colors } from './text.js';
export { escapeForTerminal, truncate } from './escape.js';

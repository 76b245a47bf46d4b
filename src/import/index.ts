/** Importers: traces from the formats users already have (re-exports only). */
export type { Importer, ImportContext } from './types.js';
export {
  importers,
  importerByName,
  detectFormat,
  detectionScores,
  type ImportFormat,
} from './registry.js';
export {
  readTrace,
  readTraceSync,
  importFile,
  importFileSync,
  parseTraceText,
  isTraceText,
  type ReadTraceOptions,
  type ImportedTrace,
} from './read.js';
export {
  formatWarning,
  warningLines,
  type ImportWarning,
  type ImportWarningCode,
} from './warnings.js';

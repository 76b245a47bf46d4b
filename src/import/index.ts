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
  loadTrace,
  loadTraceSync,
  parseTrace,
  importFile,
  importFileSync,
  type ParseTraceOptions,
  type LoadTraceOptions,
  type ImportedTrace,
} from './read.js';
export {
  formatWarning,
  warningLines,
  type ImportWarning,
  type ImportWarningCode,
} from './warnings.js';

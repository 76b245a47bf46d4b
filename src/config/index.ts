/** Config files and options validation (layer 8): re-exports only. */
export { configFormatOf, loadConfig, loadConfigSync, parseConfigText } from './load.js';
export type { ConfigFormat, LoadConfigOptions, ParseConfigOptions } from './load.js';
export { fromReferenceConfig } from './reference.js';
export { validateOptions } from '../evaluate/options.js';
export type { ValidateOptionsContext } from '../evaluate/options.js';

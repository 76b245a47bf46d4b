/**
 * The command registry: `envtrace <name>` runs the entry with that name. To add a command,
 * write `src/cli/commands/<name>.ts` exporting a `Command` and list it here.
 */
import type { Command } from '../types.js';
import { alignCommand } from './align.js';
import { compareCommand } from './compare.js';
import { convertCommand } from './convert.js';
import { evaluateCommand } from './evaluate.js';
import { helpCommand } from './help.js';
import { mergeCommand } from './merge.js';
import { reportCommand } from './report.js';
import { versionCommand } from './version.js';

export const commands: readonly Command[] = [
  alignCommand,
  evaluateCommand,
  mergeCommand,
  compareCommand,
  convertCommand,
  reportCommand,
  versionCommand,
  helpCommand,
];

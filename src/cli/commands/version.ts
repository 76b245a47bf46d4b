import { ENVTRACE_VERSION } from '../../version.js';
import { parseCommandArgs } from '../args.js';
import { EXIT_GATE, type Command } from '../types.js';

export const versionCommand: Command = {
  name: 'version',
  summary: 'Print the envtrace version',
  usage: 'Usage: envtrace version   (also: envtrace --version)\n\nPrint the envtrace version.',
  exitCodes: { [EXIT_GATE]: null },
  run(args, ctx) {
    parseCommandArgs('version', args, {});
    ctx.io.stdout.write(`${ENVTRACE_VERSION}\n`);
    return 0;
  },
};

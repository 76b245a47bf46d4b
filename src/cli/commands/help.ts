import { ENVTRACE_VERSION } from '../../version.js';
import { escapeForTerminal } from '../../report/escape.js';
import { UsageError, type Command } from '../types.js';

/** The top-level usage text listing every registered command. */
export function usageText(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `envtrace ${ENVTRACE_VERSION}: judge automation code by what it does (trace alignment and scoring)

Usage: envtrace <command> [options]

Commands:
${list}

Run 'envtrace help <command>' (or 'envtrace <command> --help') for a command's options.
Exit codes: 0 done, 1 a gate failed, 2 usage or input error, 70 internal error.`;
}

export const helpCommand: Command = {
  name: 'help',
  summary: "Show this list, or a command's options ('envtrace help <command>')",
  usage: "Usage: envtrace help [command]\n\nShow the command list, or a command's options.",
  run(args, ctx) {
    if (args.length > 1) throw new UsageError(`'envtrace help' takes at most one command name`);
    const name = args[0];
    if (name === undefined) {
      ctx.io.stdout.write(`${usageText(ctx.commands)}\n`);
      return 0;
    }
    const cmd = ctx.commands.find((c) => c.name === name);
    if (!cmd) throw new UsageError(`unknown command '${escapeForTerminal(name)}' (run 'envtrace help' for the list)`);
    ctx.io.stdout.write(`${cmd.usage ?? `envtrace ${cmd.name}: ${cmd.summary}`}\n`);
    return 0;
  },
};

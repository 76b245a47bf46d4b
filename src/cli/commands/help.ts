import { ALIGNERS } from '../../align/registry.js';
import { COMPARATORS } from '../../compare/registry.js';
import { METRICS } from '../../metrics/registry.js';
import { ENVTRACE_VERSION } from '../../version.js';
import { escapeForTerminal } from '../../report/escape.js';
import { EXIT_GATE, exitCodesText, UsageError, type Command } from '../types.js';

interface Entry {
  readonly label: string;
  readonly summary: string;
}

function entries(list: readonly Entry[]): string {
  const width = Math.max(...list.map((e) => e.label.length));
  return list.map((e) => `  ${e.label.padEnd(width)}  ${e.summary}`).join('\n');
}

const withAliases = (name: string, aliases: readonly string[]) =>
  aliases.length ? `${name} (${aliases.join(', ')})` : name;

/**
 * The plug-ins a config can name, listed from the registries: aligners (`aligner`), comparator
 * types (`comparators.*.type`) and built-in metrics (weights, `required_metrics`).
 */
export function pluginsText(): string {
  return `Aligners (config 'aligner'):
${entries(ALIGNERS.map((p) => ({ label: withAliases(p.name, p.aliases), summary: p.summary })))}

Comparator types (config 'comparators.default' / 'comparators.by_channel.<channel>', {type: …}):
${entries(COMPARATORS.map((p) => ({ label: withAliases(p.name, p.aliases), summary: p.summary })))}

Built-in metrics (config 'aggregation.weights', 'decision.required_metrics'):
${entries(METRICS.map((p) => ({ label: p.name, summary: p.summary })))}`;
}

/** The top-level usage text listing every registered command and the plug-ins a config can name. */
export function usageText(commands: readonly Command[]): string {
  const list = entries(commands.map((c) => ({ label: c.name, summary: c.summary })));
  return `envtrace ${ENVTRACE_VERSION}: judge automation code by what it does (trace alignment and scoring)

Usage: envtrace <command> [options]

Commands:
${list}

Run 'envtrace help <command>' (or 'envtrace <command> --help') for a command's options.
${exitCodesText()}

${pluginsText()}`;
}

/**
 * A command's help text: its usage (or its one-line summary when it has none), then its exit
 * codes, from `EXIT_CODES` in the command's own words (`Command.exitCodes`).
 */
export function commandUsage(cmd: Command): string {
  return `${cmd.usage ?? `envtrace ${cmd.name}: ${cmd.summary}`}\n\n${exitCodesText(cmd.exitCodes)}`;
}

export const helpCommand: Command = {
  name: 'help',
  summary: "Show this list, or a command's options ('envtrace help <command>')",
  usage: "Usage: envtrace help [command]\n\nShow the command list, or a command's options.",
  exitCodes: { [EXIT_GATE]: null },
  run(args, ctx) {
    if (args.length > 1) throw new UsageError(`'envtrace help' takes at most one command name`);
    const name = args[0];
    if (name === undefined) {
      ctx.io.stdout.write(`${usageText(ctx.commands)}\n`);
      return 0;
    }
    const cmd = ctx.commands.find((c) => c.name === name);
    if (!cmd)
      throw new UsageError(
        `unknown command '${escapeForTerminal(name)}' (run 'envtrace help' for the list)`,
      );
    ctx.io.stdout.write(`${commandUsage(cmd)}\n`);
    return 0;
  },
};

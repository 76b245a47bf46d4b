import { describe, expect, it } from 'vitest';
import { ALIGNERS } from '../../align/registry.js';
import { COMPARATORS } from '../../compare/registry.js';
import { METRICS } from '../../metrics/registry.js';
import * as types from '../types.js';
import { EXIT_CODES, exitCodesText } from '../types.js';
import { commandUsage, pluginsText, usageText } from './help.js';
import { commands } from './index.js';

describe('envtrace help', () => {
  it('lists every registered aligner, comparator type (with aliases) and built-in metric', () => {
    const text = pluginsText();
    for (const p of ALIGNERS)
      expect(text).toMatch(
        new RegExp(
          `\\n  ${p.name}\\s+${p.summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      );
    for (const p of COMPARATORS)
      expect(text).toContain(p.aliases.length ? `${p.name} (${p.aliases.join(', ')})` : p.name);
    for (const p of METRICS) expect(text).toMatch(new RegExp(`\\n  ${p.name}\\s+\\S`));
  });

  it('the usage text ends with the plug-in lists', () => {
    const text = usageText([{ name: 'align', summary: 'align two traces', run: () => 0 }]);
    expect(text).toContain('\n  align  align two traces\n');
    expect(text.endsWith(pluginsText())).toBe(true);
  });
});

describe('exit codes in the help', () => {
  it('EXIT_CODES lists every EXIT_* constant of types.ts, once, in order', () => {
    const constants = Object.entries(types)
      .filter(([name, v]) => name.startsWith('EXIT_') && typeof v === 'number')
      .map(([, v]) => v as number)
      .sort((a, b) => a - b);
    expect(EXIT_CODES.map((e) => e.code)).toEqual(constants);
  });

  it('the top-level help lists every exit code, 71 and 74 included', () => {
    expect(usageText(commands)).toContain(`\n${exitCodesText()}\n`);
    expect(exitCodesText()).toMatchInlineSnapshot(`
      "Exit codes: 0 done; 1 a gate failed; 2 usage or input error; 70 internal error (a bug); 71 out
      of memory; 74 writing to stdout or stderr failed."
    `);
  });

  it("every command's help ends with its exit codes, in its own words", () => {
    for (const cmd of commands) {
      const text = commandUsage(cmd);
      expect(text.endsWith(`\n\n${exitCodesText(cmd.exitCodes)}`), cmd.name).toBe(true);
      // No second, hand-written list in a usage text.
      expect(cmd.usage ?? '', cmd.name).not.toMatch(/exit (codes|status)\s*:/i);
      const flat = exitCodesText(cmd.exitCodes).replace(/\s+/g, ' ');
      for (const e of EXIT_CODES)
        if (cmd.exitCodes?.[e.code] !== null)
          expect(flat, cmd.name).toMatch(new RegExp(`(: |; )${e.code} `));
    }
    const evaluate = commands.find((c) => c.name === 'evaluate')!;
    expect(exitCodesText(evaluate.exitCodes)).toMatchInlineSnapshot(`
      "Exit codes: 0 done (gates met); 1 a gate failed (batch: a pair failed or could not be
      evaluated, or a gate was missed); 2 usage or input error; 70 internal error (a bug, in batch
      mode in one of the pairs: the report is still written); 71 out of memory; 74 writing to stdout
      or stderr failed."
    `);
    const convert = commands.find((c) => c.name === 'convert')!;
    expect(exitCodesText(convert.exitCodes)).toMatchInlineSnapshot(`
      "Exit codes: 0 done; 2 usage or input error; 70 internal error (a bug); 71 out of memory; 74
      writing to stdout or stderr failed."
    `);
  });

  it('wraps the line at the width, never inside a word', () => {
    const text = exitCodesText({}, 40);
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(40);
    expect(text.replace(/\n/g, ' ')).toBe(exitCodesText({}, 1000));
  });
});

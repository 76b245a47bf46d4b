import { describe, expect, it } from 'vitest';
import { ALIGNERS } from '../../align/registry.js';
import { COMPARATORS } from '../../compare/registry.js';
import { METRICS } from '../../metrics/registry.js';
import { pluginsText, usageText } from './help.js';

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

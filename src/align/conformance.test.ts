import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { DifflibAligner } from './difflib.js';
import { internKeys } from './index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = path.resolve(repoRoot, 'test/conformance/cases');

interface IndexEntry {
  id: string;
  file: string;
  kind: string;
  tags: string[];
}

interface AlignOnlyCase {
  id: string;
  kind: 'align_only';
  input: { gt: { events: { channel: unknown }[] }; pred: { events: { channel: unknown }[] } };
  expected: { alignment_index: [number | null, number | null][] };
}

// Only channels matter here, so JSON.parse (which loses int/float distinctions of values) is fine.
const index = JSON.parse(readFileSync(path.join(corpus, 'index.json'), 'utf8')) as IndexEntry[];
// The `evaluate` cases tagged difflib/autojunk (pub-038…040) pair events after aliasing and
// sorting; they need the evaluator and are checked with it, not here.
const alignOnly = index.filter((c) => c.kind === 'align_only');

describe('conformance: align_only cases (DifflibAligner on the raw event lists)', () => {
  it('the corpus has align_only cases', () => {
    expect(alignOnly.length).toBeGreaterThanOrEqual(16);
  });

  it.each(alignOnly.map((c) => [c.id, c.file] as const))('%s', (_id, file) => {
    const doc = JSON.parse(readFileSync(path.join(corpus, file), 'utf8')) as AlignOnlyCase;
    // Trace.from_dict applies str() to channels; every corpus channel is already a string.
    const gtChannels = doc.input.gt.events.map((e) => String(e.channel));
    const predChannels = doc.input.pred.events.map((e) => String(e.channel));
    const keys = internKeys(gtChannels, predChannels);
    const result = new DifflibAligner().align(keys.gt, keys.pred, {
      channelNames: keys.channelNames,
    });
    expect(result.map((p) => [p.gt, p.pred])).toEqual(doc.expected.alignment_index);
  });
});

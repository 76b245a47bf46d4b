/**
 * The GitHub Actions example of docs/cli.md ("Sharding a corpus across machines") is valid YAML
 * of the documented shape, and its commands work: each matrix job's `envtrace evaluate` line and
 * the gate job's `envtrace merge` line are run through the CLI as the runner would expand them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';
import { scanTrace, writeTree } from './fixtures.test-helpers.js';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/cli.md');

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly if?: string;
}
interface Job {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly strategy?: { readonly matrix: Record<string, unknown[]>; 'fail-fast'?: boolean };
  readonly steps: Step[];
}

/** The YAML block of the sharding section. */
function workflowText(): string {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.slice(doc.indexOf('### Sharding a corpus across machines'));
  const m = /```yaml\n([\s\S]*?)```/.exec(section);
  if (!m) throw new Error('no yaml block in the sharding section of docs/cli.md');
  return m[1]!;
}

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

/**
 * A step's `run` line as the runner's shell would run it, as argv for `envtrace`: expressions
 * substituted, `npx envtrace` dropped, the trailing `|| [ $? -eq 1 ]` returned as `okCodes`, a
 * glob expanded against the working directory.
 */
function command(run: string, vars: Record<string, string>): { argv: string[]; okCodes: number[] } {
  let text = run.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`unknown expression ${name}`);
    return v;
  });
  const okCodes = [0];
  if (/\|\|\s*\[\s*\$\?\s*-eq\s*1\s*\]\s*$/.test(text)) {
    okCodes.push(1);
    text = text.replace(/\|\|[\s\S]*$/, '');
  }
  const words = text.trim().split(/\s+/);
  expect(words.slice(0, 2)).toEqual(['npx', 'envtrace']);
  const argv = words.slice(2).flatMap((w) => {
    if (!w.includes('*')) return [w];
    const dir = path.dirname(w);
    const re = new RegExp(`^${path.basename(w).replace(/\./g, '\\.').replace('*', '.*')}$`);
    return readdirSync(path.join(tmp.dir, dir))
      .filter((f) => re.test(f))
      .sort()
      .map((f) => `${dir}/${f}`);
  });
  return { argv, okCodes };
}

describe('docs/cli.md: the GitHub Actions sharding example', () => {
  it('is valid YAML: a shard matrix, an upload per shard, a gate job that downloads and merges', () => {
    const wf = parse(workflowText()) as { jobs: Record<string, Job> };
    const evaluate = wf.jobs['evaluate']!;
    const gate = wf.jobs['gate']!;
    expect(evaluate.strategy?.matrix['shard']).toEqual([1, 2, 3]);
    expect(evaluate.strategy?.['fail-fast']).toBe(false);
    const runs = evaluate.steps.flatMap((s) => (s.run ? [s.run] : []));
    expect(runs.some((r) => r.includes('envtrace evaluate') && r.includes('--shard'))).toBe(true);
    const upload = evaluate.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.['name']).toBe('envtrace-shard-${{ matrix.shard }}');
    expect(gate.needs).toBe('evaluate');
    const download = gate.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toMatchObject({ pattern: 'envtrace-shard-*', 'merge-multiple': true });
    expect(gate.steps.some((s) => s.run?.includes('envtrace merge'))).toBe(true);
  });

  it('its commands evaluate three shards and merge them into one gated run', async () => {
    const wf = parse(workflowText()) as { jobs: Record<string, Job> };
    const files: Record<string, string> = {};
    for (let i = 0; i < 7; i++) {
      files[`goldens/p${i}.json`] = scanTrace(4);
      files[`predictions/p${i}.json`] = scanTrace(4, (k) => (i === 3 && k === 2 ? 99 : k * 10));
    }
    writeTree(tmp.dir, files);
    const evaluate = wf.jobs['evaluate']!;
    const shards = evaluate.strategy!.matrix['shard']!;
    const evalRun = evaluate.steps.find((s) => s.run?.includes('envtrace evaluate'))!.run!;
    for (const shard of shards) {
      const { argv, okCodes } = command(evalRun, {
        'matrix.shard': String(shard),
        'strategy.job-total': String(shards.length),
      });
      const io = captureIO(tmp.dir);
      const code = await main([...argv, '--jobs', '1', '--quiet'], io);
      expect(io.err()).not.toMatch(/^envtrace: (?!FAILED)/m);
      expect(okCodes).toContain(code);
    }
    // The download step's merge-multiple puts every shard's file into reports/.
    expect(readdirSync(path.join(tmp.dir, 'reports')).sort()).toEqual([
      'shard-1.json',
      'shard-2.json',
      'shard-3.json',
    ]);
    const mergeRun = wf.jobs['gate']!.steps.find((s) => s.run?.includes('envtrace merge'))!.run!;
    const { argv } = command(mergeRun, {});
    const io = captureIO(tmp.dir);
    // p3 differs in one reading: the merged run fails, so the gate job fails.
    expect(await main([...argv, '--no-color'], io)).toBe(1);
    expect(io.err()).toBe('');
    expect(io.out()).toContain('Verdict   FAILED: 1 of 7 tests failed');
    const merged = JSON.parse(readFileSync(path.join(tmp.dir, 'merged.json'), 'utf8')) as {
      tests: unknown[];
      meta: { merged_from: Array<{ shard: unknown }> };
    };
    expect(merged.tests).toHaveLength(7);
    expect(merged.meta.merged_from.map((m) => m.shard)).toEqual([
      { index: 1, count: 3 },
      { index: 2, count: 3 },
      { index: 3, count: 3 },
    ]);
  });
});

/**
 * `npm run corpus:sync` (sync.mjs) on temporary folders, and the shape of the vendored copy.
 * Never reads ../shared: the script is pointed at a corpus made here with --from/--to.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORPUS_DIR, loadIndex } from './harness.js';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sync.mjs');

function sync(...args: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('corpus:sync', () => {
  let root = '';
  let from = '';
  let to = '';
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'envtrace-sync-'));
    from = path.join(root, 'shared');
    to = path.join(root, 'cases');
    mkdirSync(path.join(from, 'public'), { recursive: true });
    writeFileSync(path.join(from, 'README.md'), '# spec\n');
    writeFileSync(path.join(from, 'public', 'index.json'), '[]\n');
    writeFileSync(path.join(from, 'public', 'pub-001.json'), '{"id": "pub-001"}\n');
    writeFileSync(path.join(from, 'public', 'pub-002.json'), '{"id": "pub-002"}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies public/* and the README byte for byte into an empty folder', () => {
    const r = sync('--from', from, '--to', to);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('added (4): README.md, index.json, pub-001.json, pub-002.json');
    expect(readdirSync(to).sort()).toEqual([
      'README.md',
      'index.json',
      'pub-001.json',
      'pub-002.json',
    ]);
    expect(readFileSync(path.join(to, 'pub-002.json'))).toEqual(
      readFileSync(path.join(from, 'public', 'pub-002.json')),
    );
    expect(readFileSync(path.join(to, 'README.md'), 'utf8')).toBe('# spec\n');
  });

  it('reports changed and removed files, keeps PROVENANCE.md, and is a no-op when current', () => {
    expect(sync('--from', from, '--to', to).code).toBe(0);
    writeFileSync(path.join(to, 'PROVENANCE.md'), 'ours\n');
    writeFileSync(path.join(from, 'public', 'pub-001.json'), '{"id": "pub-001", "v": 2}\n');
    rmSync(path.join(from, 'public', 'pub-002.json'));

    const check = sync('--check', '--from', from, '--to', to);
    expect(check.code).toBe(1);
    expect(check.out).toContain('would be changed (1): pub-001.json');
    expect(check.out).toContain('would be removed (1): pub-002.json');
    expect(existsSync(path.join(to, 'pub-002.json')), '--check writes nothing').toBe(true);

    const r = sync('--from', from, '--to', to);
    expect(r.code).toBe(0);
    expect(r.out).toContain('changed (1): pub-001.json');
    expect(r.out).toContain('removed (1): pub-002.json');
    expect(readdirSync(to).sort()).toEqual([
      'PROVENANCE.md',
      'README.md',
      'index.json',
      'pub-001.json',
    ]);
    expect(readFileSync(path.join(to, 'pub-001.json'), 'utf8')).toContain('"v": 2');
    expect(readFileSync(path.join(to, 'PROVENANCE.md'), 'utf8')).toBe('ours\n');

    const again = sync('--check', '--from', from, '--to', to);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      '3 unchanged, 0 would be added, 0 would be changed, 0 would be removed',
    );
  });

  it('leaves the copy alone when there is no corpus to sync from', () => {
    const r = sync('--from', path.join(root, 'nowhere'), '--to', to);
    expect(r.code).toBe(0);
    expect(r.out).toContain('no corpus at');
    expect(existsSync(to)).toBe(false);
  });

  it('rejects unknown arguments and a public file that would overwrite PROVENANCE.md', () => {
    expect(sync('--frm', from).code).toBe(2);
    writeFileSync(path.join(from, 'public', 'PROVENANCE.md'), 'x');
    const r = sync('--from', from, '--to', to);
    expect(r.code).toBe(2);
    expect(r.out).toContain('would overwrite a vendored file');
  });
});

describe('the vendored corpus', () => {
  it('holds exactly the indexed cases, index.json, the corpus README and PROVENANCE.md', () => {
    const index = loadIndex();
    expect(index).toHaveLength(165);
    const files = readdirSync(CORPUS_DIR).sort();
    expect(files).toEqual(
      [...index.map((e) => e.file), 'PROVENANCE.md', 'README.md', 'index.json'].sort(),
    );
    for (const e of index) expect(e.file).toBe(`${e.id}.json`);
  });

  it('PROVENANCE.md names the reference commit the corpus README names', () => {
    const readme = readFileSync(path.join(CORPUS_DIR, 'README.md'), 'utf8');
    const commit = /commit `([0-9a-f]{40})`/.exec(readme)?.[1];
    expect(commit, 'the corpus README names its reference commit').toBeDefined();
    expect(readFileSync(path.join(CORPUS_DIR, 'PROVENANCE.md'), 'utf8')).toContain(commit);
  });
});

#!/usr/bin/env node
// Refresh the vendored conformance corpus (test/conformance/cases/) from the workspace copy in
// ../shared/conformance when it is present: every `public/*` file byte for byte, plus the corpus
// README as cases/README.md. Reports what was added, changed, removed or left alone.
// This is the ONLY code that may read ../shared; every test reads the vendored copy.
//
// Usage: npm run corpus:sync [-- --check] [-- --from <dir>] [-- --to <dir>]
//   --check       report differences and exit 1 if the copy is stale, without writing anything
//   --from <dir>  the corpus folder holding README.md and public/ (default ../shared/conformance)
//   --to <dir>    the vendored folder to refresh (default test/conformance/cases; tests use a temp one)
// Exit codes: 0 done (or nothing to sync from), 1 stale under --check, 2 usage or I/O error.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
/** Files in cases/ that are ours, not copies of public/* (never removed by a sync). */
const OWN_FILES = new Set(['PROVENANCE.md']);

function parseArgs(argv) {
  const opts = {
    check: false,
    from: path.resolve(repoRoot, '../shared/conformance'),
    to: path.join(here, 'cases'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') opts.check = true;
    else if (a === '--from' || a === '--to') {
      const v = argv[++i];
      if (!v) throw new Error(`corpus:sync: ${a} needs a folder`);
      opts[a.slice(2)] = path.resolve(v);
    } else
      throw new Error(
        `corpus:sync: unknown argument ${JSON.stringify(a)} (expected --check, --from <dir> or --to <dir>)`,
      );
  }
  return opts;
}

/** The wanted content of cases/: file name -> source path. */
function wantedFiles(from) {
  const pub = path.join(from, 'public');
  const out = new Map();
  for (const name of readdirSync(pub).sort()) {
    if (name === 'README.md' || OWN_FILES.has(name))
      throw new Error(
        `corpus:sync: ${path.join(pub, name)} would overwrite a vendored file of the same name`,
      );
    out.set(name, path.join(pub, name));
  }
  out.set('README.md', path.join(from, 'README.md'));
  return out;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const target = opts.to;
  if (!existsSync(path.join(opts.from, 'public'))) {
    console.log(
      `corpus:sync: no corpus at ${path.join(opts.from, 'public')}; the vendored copy in ${path.relative(repoRoot, target) || target}/ is left as it is.`,
    );
    return 0;
  }
  const wanted = wantedFiles(opts.from);
  const present = existsSync(target) ? readdirSync(target).filter((n) => !OWN_FILES.has(n)) : [];
  const added = [];
  const changed = [];
  const removed = present.filter((n) => !wanted.has(n)).sort();
  let same = 0;
  for (const [name, src] of wanted) {
    const bytes = readFileSync(src);
    const dest = path.join(target, name);
    if (!existsSync(dest)) added.push(name);
    else if (!readFileSync(dest).equals(bytes)) changed.push(name);
    else {
      same++;
      continue;
    }
    if (!opts.check) {
      mkdirSync(target, { recursive: true });
      writeFileSync(dest, bytes);
    }
  }
  if (!opts.check) for (const name of removed) rmSync(path.join(target, name));

  const verb = opts.check ? 'would be ' : '';
  const list = (label, names) => {
    if (names.length > 0)
      console.log(`${label} (${names.length}): ${[...names].sort().join(', ')}`);
  };
  list(`${verb}added`, added);
  list(`${verb}changed`, changed);
  list(`${verb}removed`, removed);
  const stale = added.length + changed.length + removed.length;
  console.log(
    `corpus:sync: ${wanted.size} files in ${opts.from}; ${same} unchanged, ${added.length} ${verb}added, ${changed.length} ${verb}changed, ${removed.length} ${verb}removed.`,
  );
  if (stale > 0 && !opts.check)
    console.log(
      'Update PROVENANCE.md in the vendored folder if the reference commit changed, and re-run the conformance tests.',
    );
  return opts.check && stale > 0 ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}

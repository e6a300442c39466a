// Prints the gzipped size of every file of a build and fails when the
// initial transfer (the page: HTML, JS, wasm, CSS, service worker,
// manifest, icons) exceeds its budget, or when everything the service
// worker precaches exceeds its own. Not part of the initial transfer, each
// listed apart: the AI worker (worker.js, worker_bg.wasm and its loader,
// fetched the first time the computer plays or analyses) and the data under
// dist/data/ and dist/puzzles/ (endgame databases, courses, puzzles:
// fetched by the screen that needs them), and the full app (full.js and
// full_bg.wasm: the page's app with the tournament screens, loaded when
// tournaments are opened).
// Usage: node e2e/tools/size.mjs dist [initial-budget-bytes] [precache-budget-bytes]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const budget = Number(process.argv[3] ?? 450_000);
const precacheBudget = Number(process.argv[4] ?? 3_000_000);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const groups = { initial: [], full: [], worker: [], lazy: [] };
const titles = {
  initial: 'initial transfer (the page):',
  full: 'the full app (the page and the tournament screens: fetched when tournaments are opened; precached after the first load):',
  worker: 'the AI worker (fetched when the computer first plays or analyses; precached after the first load):',
  lazy: 'data loaded when a screen needs it (precached after the first load):',
};
for (const path of files(dist)) {
  const data = readFileSync(path);
  const name = relative(dist, path);
  const group = name.startsWith(`data${sep}`) || name.startsWith(`puzzles${sep}`)
    ? 'lazy'
    : /^worker(_bg\.wasm|\.js|_loader\.js)$/.test(name)
      ? 'worker'
      : /^full(_bg\.wasm|\.js)$/.test(name)
        ? 'full'
        : 'initial';
  groups[group].push([name, data.length, gzipSync(data, { level: 9 }).length]);
}
const sum = (rows, i) => rows.reduce((n, r) => n + r[i], 0);
for (const [group, rows] of Object.entries(groups)) {
  if (rows.length === 0) continue;
  console.log(titles[group]);
  rows.sort((a, b) => b[2] - a[2]);
  for (const [name, size, zipped] of rows) {
    console.log(`${String(zipped).padStart(9)} gz ${String(size).padStart(9)} raw  ${name}`);
  }
}
const initial = sum(groups.initial, 2);
const worker = sum(groups.worker, 2);
const full = sum(groups.full, 2);
const lazy = sum(groups.lazy, 2) + worker + full;
console.log(`total: ${initial} bytes gzipped (${sum(groups.initial, 1)} raw), budget ${budget}`);
console.log(`AI worker: ${worker} bytes gzipped; full app: ${full} bytes gzipped; data: ${lazy - worker - full} bytes gzipped`);
console.log(`precache: ${initial + lazy} bytes gzipped, budget ${precacheBudget}`);
let failed = false;
if (initial > budget) {
  console.error(`the initial transfer is ${initial - budget} bytes over the ${budget}-byte budget`);
  failed = true;
}
if (initial + lazy > precacheBudget) {
  console.error(`the precache is ${initial + lazy - precacheBudget} bytes over the ${precacheBudget}-byte budget`);
  failed = true;
}
if (failed) process.exit(1);

// Prints the gzipped size of every file of a build and fails when the
// initial transfer (HTML, JS, wasm, CSS, service worker, manifest, icons:
// everything but dist/data/) exceeds its budget, or when everything the
// service worker precaches (the initial files and the lazily loaded data
// under dist/data/: endgame databases, puzzles, courses) exceeds its own.
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

const groups = { initial: [], lazy: [] };
for (const path of files(dist)) {
  const data = readFileSync(path);
  const name = relative(dist, path);
  const lazy = name.startsWith(`data${sep}`);
  groups[lazy ? 'lazy' : 'initial'].push([name, data.length, gzipSync(data, { level: 9 }).length]);
}
const sum = (rows, i) => rows.reduce((n, r) => n + r[i], 0);
for (const [group, rows] of Object.entries(groups)) {
  if (rows.length === 0) continue;
  console.log(group === 'initial' ? 'initial transfer:' : 'loaded when a screen needs it (precached after the first load):');
  rows.sort((a, b) => b[2] - a[2]);
  for (const [name, size, zipped] of rows) {
    console.log(`${String(zipped).padStart(9)} gz ${String(size).padStart(9)} raw  ${name}`);
  }
}
const initial = sum(groups.initial, 2);
const lazy = sum(groups.lazy, 2);
console.log(`total: ${initial} bytes gzipped (${sum(groups.initial, 1)} raw), budget ${budget}`);
console.log(`lazy data: ${lazy} bytes gzipped; precache ${initial + lazy} bytes gzipped, budget ${precacheBudget}`);
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

// Prints the size of every file of a build, raw, gzipped and in brotli, in three
// groups: the page (what the first visit downloads: HTML, script, wasm,
// styles, service worker, manifest, icons), the AI worker (worker.js,
// worker_bg.wasm and its loader: fetched the first time the computer plays
// or analyses) and the data under dist/data/ and dist/puzzles/ (endgame
// database, courses, puzzles: fetched by the screen that needs them). The
// service worker precaches all of them once the page is idle. Information,
// not a gate: the load budget a person feels is e2e/bench/load.mjs. The
// downloads under dist/downloads/ (Settings' full-strength endgames) are
// listed apart, raw: never precached.
// Usage: node tools/size.mjs [dist]
import { readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { compress } from './compress.mjs';
import { files } from './files.mjs';

const dist = process.argv[2] ?? 'dist';

const groups = {
  'the page (first visit)': [],
  'the AI worker (when the computer first plays or analyses)': [],
  'data (when a screen needs it; of i18n/, the first visit fetches its language only)': [],
};
const [page, worker, data] = Object.values(groups);
// Downloads asked for in Settings: not precached, already compressed (so
// not compressed again here: tens of megabytes in brotli take a minute).
const downloads = [];
for (const path of files(dist)) {
  const name = relative(dist, path).split(sep).join('/');
  if (name.startsWith('downloads/')) {
    downloads.push([name, statSync(path).size]);
    continue;
  }
  const bytes = readFileSync(path);
  const group = /^(data|puzzles|i18n)\//.test(name) ? data : /^worker(_bg\.wasm|\.js|_loader\.js)$/.test(name) ? worker : page;
  group.push([name, bytes.length, compress(bytes, 'gzip').length, compress(bytes, 'br').length]);
}
const sum = (rows, i) => rows.reduce((n, r) => n + r[i], 0);
const num = (n) => n.toLocaleString('en-US').padStart(11);
let all = [0, 0, 0];
for (const [title, rows] of Object.entries(groups)) {
  rows.sort((a, b) => b[2] - a[2]);
  console.log(`${title}:`);
  for (const [name, raw, gz, br] of rows) console.log(`${num(br)} br ${num(gz)} gz ${num(raw)} raw  ${name}`);
  console.log(`${num(sum(rows, 3))} br ${num(sum(rows, 2))} gz ${num(sum(rows, 1))} raw  in all`);
  all = [all[0] + sum(rows, 2), all[1] + sum(rows, 1), all[2] + sum(rows, 3)];
}
console.log('downloads (only when asked for in Settings; not precached, served as they are):');
for (const [name, raw] of downloads) console.log(`${num(raw)} raw  ${name}`);
console.log(
  `everything (the service worker's precache): ${all[2].toLocaleString('en-US')} bytes in brotli, ${all[0].toLocaleString('en-US')} gzipped, ${all[1].toLocaleString('en-US')} raw`,
);

// Prints the gzipped size of every file of a build and fails when the
// whole transfer (HTML, JS, wasm, CSS and the rest) exceeds the budget.
// Usage: node e2e/tools/size.mjs dist [budget-bytes]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const budget = Number(process.argv[3] ?? 400_000);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let gz = 0;
const rows = [];
for (const path of files(dist)) {
  const data = readFileSync(path);
  const zipped = gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gz += zipped;
  rows.push([relative(dist, path), data.length, zipped]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [name, size, zipped] of rows) {
  console.log(`${String(zipped).padStart(9)} gz ${String(size).padStart(9)} raw  ${name}`);
}
console.log(`total: ${gz} bytes gzipped (${raw} raw), budget ${budget}`);
if (gz > budget) {
  console.error(`the build is ${gz - budget} bytes over the ${budget}-byte budget`);
  process.exit(1);
}

// Writes the service worker's precache list into sw.js: every file of the
// build with its SHA-256 digest, and a build version (a hash of them all),
// between sw.js's /*@build*/ … /*@end*/ markers. Nothing else of the build
// is touched. Trunk runs it as a post_build hook (Trunk.toml) on its staging
// directory; it can also be run on a finished build:
//   node tools/precache.mjs dist
//
// Under `./dev serve` (TIERS_SERVE=1) the list is left out: the service
// worker then caches nothing, clears what an earlier build cached and
// unregisters itself, so that a rebuilt file is never served stale during
// development.
//
// Running it twice on the same directory gives the same result.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { files } from './files.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node tools/precache.mjs DIST_DIR (or run as a Trunk hook)');
  process.exit(2);
}

const swPath = join(dir, 'sw.js');
const sw = readFileSync(swPath, 'utf8');
const marker = /\/\*@build\*\/[\s\S]*?\/\*@end\*\//;
if (!marker.test(sw)) {
  console.error('precache: sw.js has no /*@build*/ … /*@end*/ marker');
  process.exit(1);
}
let build = null;
if (!process.env.TIERS_SERVE) {
  const list = [];
  for (const path of files(dir)) {
    const rel = relative(dir, path).split(sep).join('/');
    // sw.js itself, and the downloads a person asks for in Settings.
    if (rel === 'sw.js' || rel.startsWith('downloads/')) continue;
    // 128 bits of the digest: enough to tell a file of another build.
    list.push([rel, createHash('sha256').update(readFileSync(path)).digest('base64').slice(0, 22)]);
  }
  const version = createHash('sha256')
    .update(list.map(([p, d]) => `${p} ${d}\n`).join(''))
    .digest('hex')
    .slice(0, 16);
  build = { version, files: list };
}
writeFileSync(swPath, sw.replace(marker, `/*@build*/ ${JSON.stringify(build)} /*@end*/`));
console.log(
  build
    ? `precache: the service worker precaches ${build.files.length} files, build ${build.version}`
    : 'precache: development server (TIERS_SERVE): no precache list, the service worker caches nothing',
);

// Every file below a directory, depth first, in name order: the build's
// files as the precache list (tools/precache.mjs) and the size report
// (tools/size.mjs) both read them.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

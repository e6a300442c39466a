// Finishes a Trunk build for a strict Content-Security-Policy and for
// offline use. Trunk runs it as a post_build hook (Trunk.toml) on its staging
// directory, so `trunk build` and `trunk serve` both get it; it can also be
// run on a finished build: `node e2e/tools/postbuild.mjs dist`.
//
// 1. No inline script: Trunk writes the app's boot code as an inline
//    <script type=module>, which the page's CSP (`script-src 'self'`)
//    refuses. It moves to a file named by its content hash, loaded by
//    <script src> with an SRI digest, together with assets/offline.js
//    (service worker registration and the "new version" notice).
//    Under `trunk serve` the page also has Trunk's live-reload client, an
//    inline script whose address Trunk fills in when it serves the page, so
//    it cannot move: there the CSP meta tag is taken out instead, and the
//    page registers no service worker.
// 2. The page's script (app-<hash>.js) must be there: the boot module
//    imports it. (The AI worker has its own wasm and Trunk's loader shim,
//    worker_loader.js.)
//    In release builds its comment lines, blank lines and indentation go
//    (Trunk's minifier gives up on wasm-bindgen's output), with a new SRI
//    digest on Trunk's modulepreload link; the same for the full app's
//    full.js.
// 3. One stylesheet (release builds): Trunk writes one CSS file per
//    component stylesheet (styles/*.css, one per component as the sources
//    are kept); the page gets them joined, in the same order, as one file
//    named by its content hash, with its SRI digest. Gzipped, one file is
//    some 40 % smaller than eighteen (the same words compress together).
//    Under `trunk serve` the files stay apart, for live reload.
// 4. The service worker's precache list: every file of the build with its
//    SHA-256 digest, and a build version (a hash of them all), written into
//    sw.js. Under `trunk serve` (the page has Trunk's live-reload client)
//    the list is left out, so the worker caches nothing during development.
//
// Running it twice on the same directory gives the same result.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node e2e/tools/postbuild.mjs DIST_DIR (or run as a Trunk hook)');
  process.exit(2);
}
let publicUrl = process.env.TRUNK_PUBLIC_URL ?? '/';
if (!publicUrl.endsWith('/')) publicUrl += '/';

const sha = (algo, data, enc = 'base64') => createHash(algo).update(data).digest(enc);
const offlineJs = readFileSync(fileURLToPath(new URL('../../assets/offline.js', import.meta.url)), 'utf8');
// Comment lines out of a shipped script (it counts against the size budget).
const strip = (js) => js.split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');

// 1a. The boot module loads the page's app, or the full app (full.js,
//     src/bin/full.rs: the page's app and the tournament screens) when the
//     address asks for one of its screens (`?screen=tournaments`). If the
//     full app cannot be had (offline before it was kept on this device)
//     the page's app starts and says so (`window.__tiersFullFailed`).
function chooseApp(body) {
  const trunk = /import init, \* as bindings from '([^']+)';\s*const wasm = await init\(\{ module_or_path: '([^']+)' \}\);/;
  const m = trunk.exec(body);
  if (!m) {
    // Already done, or a build without the full app (the tests' fake ones).
    if (/__tiersFullFailed/.test(body) || !existsSync(join(dir, 'full.js'))) return body;
    console.error("postbuild: Trunk's boot script has changed; cannot add the full app");
    process.exit(1);
  }
  const [, js, wasm] = m;
  return body.replace(m[0], `const full = new URLSearchParams(location.search).get('screen') === 'tournaments';
const boot = async (js, wasm) => {
  const b = await import(js);
  return [b, await b.default({ module_or_path: wasm })];
};
let bindings, wasm;
try {
  [bindings, wasm] = await boot(full ? '${publicUrl}full.js' : '${js}', full ? '${publicUrl}full_bg.wasm' : '${wasm}');
} catch (e) {
  if (!full) throw e;
  window.__tiersFullFailed = String(e && e.message || e);
  [bindings, wasm] = await boot('${js}', '${wasm}');
}`);
}

// 1. Inline scripts out of index.html.
const htmlPath = join(dir, 'index.html');
let html = readFileSync(htmlPath, 'utf8');
const dev = /trunk\/ws|__trunk_address__/i.test(html);
let moved = 0;
if (dev) html = html.replace(/<meta\b[^>]*Content-Security-Policy[^>]*>/i, '');
html = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi, (tag, attrs, body) => {
  if (/\bsrc\s*=/i.test(attrs) || body.trim() === '') return tag;
  if (dev && /trunk\/ws|__trunk_address__/i.test(body)) return tag;
  const module = /\btype\s*=\s*["']?module\b/i.test(attrs);
  if (module) body = chooseApp(body);
  if (module && !dev) body = `${body}\n${strip(offlineJs)}`;
  const name = `${module ? 'boot' : 'script'}-${sha('sha256', body, 'hex').slice(0, 16)}.js`;
  writeFileSync(join(dir, name), body);
  moved += 1;
  const integrity = `sha384-${sha('sha384', body)}`;
  return `<script${module ? ' type=module' : ''} src="${publicUrl}${name}" integrity="${integrity}"></script>`;
});
if (!dev && /<script\b(?![^>]*\bsrc\s*=)[^>]*>\s*\S/i.test(html)) {
  console.error('postbuild: an inline script is left in index.html');
  process.exit(1);
}
if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(html.replace(/<script[\s\S]*?<\/script>/gi, ''))) {
  console.error('postbuild: index.html has an inline event handler (refused by the CSP)');
  process.exit(1);
}
writeFileSync(htmlPath, html);

// 2. The page's script must be there (the boot module imports it).
const appJs = readdirSync(dir).filter((f) => /^app(-[0-9a-f]+)?\.js$/.test(f));
if (appJs.length !== 1) {
  console.error(`postbuild: expected one app script (app-….js), found ${appJs.length}`);
  process.exit(1);
}

// 2b. The page's JS glue (app-….js, and the full app's full.js) without its
//     comment lines, blank lines and indentation (release builds: Trunk's
//     minifier gives up on wasm-bindgen's output). Only whole comment lines
//     go, and only when no string or template spans lines, so the code is
//     the same; the modulepreload link's SRI digest is made again.
function slimJs(js) {
  const lines = js.split('\n');
  if (lines.some((l) => (l.match(/`/g) ?? []).length % 2 === 1 || /\\$/.test(l))) return js;
  const out = [];
  let block = false;
  for (const line of lines) {
    const t = line.trim();
    if (block) {
      if (t.endsWith('*/')) block = false;
      continue;
    }
    if (t.startsWith('/*')) {
      if (t.includes('*/') && !t.endsWith('*/')) return js;
      if (!t.endsWith('*/')) block = true;
      continue;
    }
    if (t === '' || t.startsWith('//')) continue;
    out.push(t);
  }
  return out.join('\n') + '\n';
}
if (!dev) {
  for (const name of readdirSync(dir).filter((f) => /^(app(-[0-9a-f]+)?|full)\.js$/.test(f))) {
    const path = join(dir, name);
    const js = readFileSync(path, 'utf8');
    const slim = slimJs(js);
    if (slim === js) continue;
    writeFileSync(path, slim);
    const integrity = `sha384-${sha('sha384', slim)}`;
    html = html.replace(/<link\b[^>]*>/gi, (tag) =>
      tag.includes(`/${name}`) ? tag.replace(/integrity=["']?sha384-[A-Za-z0-9+/=]+["']?/i, `integrity="${integrity}"`) : tag,
    );
  }
  writeFileSync(htmlPath, html);
}

// 3. The stylesheets in one file.
if (!dev) {
  const links = [...html.matchAll(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/gi)];
  const hrefs = links.map((m) => /\bhref=["']?([^"'\s>]+)/i.exec(m[0])?.[1]);
  if (links.length > 1 && hrefs.every((h) => h && h.startsWith(publicUrl) && h.endsWith('.css'))) {
    const names = hrefs.map((h) => h.slice(publicUrl.length));
    const css = names.map((n) => readFileSync(join(dir, n), 'utf8')).join('\n');
    const name = `styles-${sha('sha256', css, 'hex').slice(0, 16)}.css`;
    writeFileSync(join(dir, name), css);
    for (const n of names) if (n !== name) unlinkSync(join(dir, n));
    const tag = `<link rel=stylesheet href="${publicUrl}${name}" integrity="sha384-${sha('sha384', css)}">`;
    links.forEach((m, i) => {
      html = html.replace(m[0], i === 0 ? tag : '');
    });
    writeFileSync(htmlPath, html);
  }
}

// 4. The precache list, in sw.js.
function* files(d) {
  for (const name of readdirSync(d).sort()) {
    const path = join(d, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}
const swPath = join(dir, 'sw.js');
const sw = readFileSync(swPath, 'utf8');
const marker = /\/\*@build\*\/[\s\S]*?\/\*@end\*\//;
if (!marker.test(sw)) {
  console.error('postbuild: sw.js has no /*@build*/ … /*@end*/ marker');
  process.exit(1);
}
let build = null;
if (!dev) {
  const list = [];
  for (const path of files(dir)) {
    const rel = relative(dir, path).split(sep).join('/');
    if (rel === 'sw.js') continue;
    // 128 bits of the digest: enough to tell a file of another build.
    list.push([rel, sha('sha256', readFileSync(path)).slice(0, 22)]);
  }
  const version = sha('sha256', list.map(([p, d]) => `${p} ${d}\n`).join(''), 'hex').slice(0, 16);
  build = { version, files: list };
}
writeFileSync(swPath, strip(sw).replace(marker, `/*@build*/ ${JSON.stringify(build)} /*@end*/`));
console.log(
  `postbuild: ${moved} inline script(s) moved to files; ` +
    (build
      ? `the service worker precaches ${build.files.length} files, build ${build.version}`
      : 'development build (trunk serve): no service worker, no CSP meta tag'),
);

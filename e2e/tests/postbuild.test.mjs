// The post-build step on a small fake build: inline scripts move to files
// (with SRI), the boot module gets the service worker registration, the AI
// sw.js gets the list of files,
// and under `trunk serve` nothing is precached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../harness.mjs';

function fakeBuild(body) {
  const dir = mkdtempSync(join(tmpdir(), 'tiers-postbuild-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head>${body}</head><body></body></html>`);
  copyFileSync(join(ROOT, 'assets/sw.js'), join(dir, 'sw.js'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'icons/a.png'), 'png');
  writeFileSync(join(dir, 'app-1.js'), 'export default 1;');
  return dir;
}
const run = (dir) => execFileSync('node', [join(ROOT, 'e2e/tools/postbuild.mjs'), dir], { encoding: 'utf8' });
const buildOf = (dir) =>
  JSON.parse(readFileSync(join(dir, 'sw.js'), 'utf8').match(/\/\*@build\*\/ (.*) \/\*@end\*\//)[1]);

test('a release build: boot module out of the page, every file precached', () => {
  const dir = fakeBuild(`<script type=module>import init from '/app-1.js';await init();</script>`);
  try {
    run(dir);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const boot = readdirSync(dir).find((f) => f.startsWith('boot-'));
    assert.ok(boot, 'a boot module was written');
    const code = readFileSync(join(dir, boot));
    const sri = `sha384-${createHash('sha384').update(code).digest('base64')}`;
    assert.ok(html.includes(`<script type=module src="/${boot}" integrity="${sri}"></script>`), html);
    assert.doesNotMatch(html, /<script[^>]*>[^<]/, 'no inline script left');
    assert.match(code.toString(), /import init from '\/app-1.js'/);
    assert.match(code.toString(), /serviceWorker\.register\('\.\/sw\.js'\)/);
    const build = buildOf(dir);
    assert.deepEqual(
      build.files.map(([p]) => p),
      ['app-1.js', boot, 'icons/a.png', 'index.html'],
    );
    const digest = createHash('sha256').update('png').digest('base64').slice(0, 22);
    assert.deepEqual(build.files[2], ['icons/a.png', digest]);
    assert.match(build.version, /^[0-9a-f]{16}$/);
    // Running it again changes nothing.
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
    run(dir);
    assert.equal(readFileSync(join(dir, 'sw.js'), 'utf8'), sw);
    assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), html);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("with the full app: the boot module loads it for ?screen=tournaments, or the page's wasm", () => {
  const trunk =
    "import init, * as bindings from '/app-1.js';\nconst wasm = await init({ module_or_path: '/app-1_bg.wasm' });\nwindow.wasmBindings = bindings;";
  const dir = fakeBuild(`<script type=module>${trunk}</script>`);
  try {
    writeFileSync(join(dir, 'full.js'), 'export default 1;');
    run(dir);
    const boot = readdirSync(dir).find((f) => f.startsWith('boot-'));
    const code = readFileSync(join(dir, boot), 'utf8');
    assert.doesNotMatch(code, /^import /m, 'no static import: one of the two is loaded');
    assert.match(code, /get\('screen'\) === 'tournaments'/);
    assert.match(code, /full \? '\/full\.js' : '\/app-1\.js', full \? '\/full_bg\.wasm' : '\/app-1_bg\.wasm'/);
    assert.match(code, /window\.__tiersFullFailed = /);
    assert.match(code, /window\.wasmBindings = bindings;/);
    // Running it again changes nothing.
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    run(dir);
    assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), html);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the page's JS glue loses its comments and indentation, and its preload link gets the new digest", () => {
  const glue = "/* @ts-self-types */\n\n/**\n * Doc.\n */\nexport function f(a) {\n    // a comment\n    return `x${a}`;\n}\nexport default f;\n";
  const dir = fakeBuild(`<link crossorigin href=/app-1.js integrity=sha384-old rel=modulepreload><script type=module>import init from '/app-1.js';await init();</script>`);
  try {
    writeFileSync(join(dir, 'app-1.js'), glue);
    run(dir);
    const slim = readFileSync(join(dir, 'app-1.js'), 'utf8');
    assert.equal(slim, 'export function f(a) {\nreturn `x${a}`;\n}\nexport default f;\n');
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.ok(html.includes(`integrity="sha384-${createHash('sha384').update(slim).digest('base64')}"`), html);
    // A template over two lines: left as it is.
    const multi = 'export default `a\n  b`;\n// c\n';
    writeFileSync(join(dir, 'app-1.js'), multi);
    run(dir);
    assert.equal(readFileSync(join(dir, 'app-1.js'), 'utf8'), multi);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('under trunk serve: live reload kept, no CSP meta tag, nothing precached', () => {
  const reload = `<script>"use strict";const url = protocol + '://' + '{{__TRUNK_ADDRESS__}}' + '{{__TRUNK_WS_BASE__}}.well-known/trunk/ws';</script>`;
  const dir = fakeBuild(
    `<meta content="default-src 'self'" http-equiv=Content-Security-Policy>` +
      `<script type=module>import init from '/app-1.js';await init();</script>` +
      reload,
  );
  try {
    assert.match(run(dir), /development build/);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.ok(html.includes(reload), 'the live-reload client stays inline (Trunk fills in its address)');
    assert.doesNotMatch(html, /Content-Security-Policy/);
    const boot = readdirSync(dir).find((f) => f.startsWith('boot-'));
    assert.doesNotMatch(readFileSync(join(dir, boot), 'utf8'), /serviceWorker/, 'no registration in development');
    assert.equal(buildOf(dir), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a build without the service worker marker fails', () => {
  const dir = fakeBuild('');
  try {
    writeFileSync(join(dir, 'sw.js'), '// no marker');
    assert.throws(() => execFileSync('node', [join(ROOT, 'e2e/tools/postbuild.mjs'), dir], { stdio: 'pipe' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a build without the app script fails, naming it', () => {
  const dir = fakeBuild('');
  try {
    rmSync(join(dir, 'app-1.js'));
    assert.throws(
      () => execFileSync('node', [join(ROOT, 'e2e/tools/postbuild.mjs'), dir], { stdio: 'pipe' }),
      (e) => /expected one app script \(app-….js\), found 0/.test(e.stderr.toString()),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

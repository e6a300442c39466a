// The engine's speed in the browser next to its native speed, in one run:
// runs `tiers bench` natively, then searches the same positions to the same
// depths in a web worker of Debian's Chromium with the AI worker's wasm
// (dist/worker.js, through its `bench_search` export), and prints nodes per second
// for each and the browser / native ratio. The node counts must be the
// same (the same search), which the script checks.
// Usage (after `./dev build` and `cargo build --release --bin tiers`):
//   node e2e/bench/browser-bench.mjs [rounds]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DIST, ROOT, serve, launch } from '../harness.mjs';

const rounds = Number(process.argv[2] ?? 1);
const tiers = join(ROOT, 'target', 'release', 'tiers');

/** The positions, depths, nodes and times of a native `tiers bench`. */
function native() {
  const out = execFileSync(tiers, ['bench'], { encoding: 'utf8' });
  const rows = [];
  for (const line of out.split('\n')) {
    const m = line.match(/^(checkers|tiers) depth (\d+) (.+): (\d+) nodes in ([\d.]+) s/);
    if (m) rows.push({ kind: m[1], depth: Number(m[2]), position: m[3], nodes: Number(m[4]), ms: Number(m[5]) * 1000 });
  }
  if (rows.length === 0) throw new Error(`no bench lines in:\n${out}`);
  return rows;
}

const worker = `import init, { bench_search } from './worker.js';
await init({ module_or_path: './worker_bg.wasm' });
onmessage = (e) => {
  const out = e.data.map(([kind, position, depth]) => bench_search(kind, position, depth));
  postMessage(out);
};
postMessage('ready');`;
const page = `<!doctype html><script type="module">
const w = new Worker('./bench-worker.js', { type: 'module' });
window.bench = (jobs) => new Promise((resolve, reject) => {
  w.onerror = (e) => reject(new Error(e.message));
  w.onmessage = (e) => resolve(e.data);
  w.postMessage(jobs);
});
window.ready = new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); });
</script>`;

const server = await serve(DIST, {
  extra: {
    '/bench.html': { body: page },
    '/bench-worker.js': { type: 'text/javascript; charset=utf-8', body: worker },
  },
});
const browser = await launch();
try {
  const tab = await browser.context.newPage();
  await tab.goto(`${server.url}/bench.html`);
  await tab.evaluate(() => window.ready);
  const sum = { native: { checkers: [0, 0], tiers: [0, 0] }, browser: { checkers: [0, 0], tiers: [0, 0] } };
  for (let round = 0; round < rounds; round++) {
    const rows = native();
    const got = await tab.evaluate((jobs) => window.bench(jobs), rows.map((r) => [r.kind, r.position, r.depth]));
    rows.forEach((r, i) => {
      const [nodes, us] = got[i].split(' ').map(Number);
      const ms = us / 1000;
      if (nodes !== r.nodes) throw new Error(`${r.kind} ${r.position}: ${nodes} nodes in the browser, ${r.nodes} natively`);
      sum.native[r.kind][0] += r.nodes;
      sum.native[r.kind][1] += r.ms;
      sum.browser[r.kind][0] += nodes;
      sum.browser[r.kind][1] += ms;
      const rate = (n, t) => Math.round((n / t) * 1000);
      console.log(`${r.kind} depth ${r.depth}: ${nodes} nodes, native ${rate(r.nodes, r.ms)} nodes/s, browser ${rate(nodes, ms)} nodes/s  ${r.position}`);
    });
  }
  for (const kind of ['checkers', 'tiers']) {
    const n = sum.native[kind];
    const b = sum.browser[kind];
    const nr = (n[0] / n[1]) * 1000;
    const br = (b[0] / b[1]) * 1000;
    console.log(`${kind} total: native ${Math.round(nr)} nodes/s, browser ${Math.round(br)} nodes/s, browser/native ${(100 * br / nr).toFixed(1)} %`);
  }
} finally {
  await browser.close();
  await server.close();
}

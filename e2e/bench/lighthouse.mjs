// Lighthouse (npm `lighthouse`, Debian's Chromium) on the release build's
// first screen, as a phone on a slow connection: the same network and CPU
// as the load budget (e2e/bench/load.mjs: 150 ms round trip, 1.6 Mb/s
// down, 750 kb/s up, the CPU 4 times slower, a 390×844 touch screen),
// simulated by Lighthouse from an unthrottled load. The build is served
// gzipped from a local server, as a static host serves it. Prints each
// category's score per run and the medians, and fails (exit 1) when a
// median is under its floor: accessibility, best practices and SEO 100.
// Performance is printed, and gated only when asked (`--perf` or
// TIERS_LIGHTHOUSE_PERF=1: floor 95; `--perf N` or TIERS_LIGHTHOUSE_PERF=N:
// floor N): on a busy shared machine its score says more about the
// machine than about the page.
//
// `--best` judges performance by its best run instead of the median,
// for the reason e2e/bench/load.mjs's `--best` gives: work beside the
// bench lengthens the page's tasks in some runs (total blocking time) and
// never shortens one, and the largest paint's race (below) strikes some
// runs only; a page that got slower scores lower in every run, the best
// too. The other categories do not depend
// on the machine's speed and stay judged by their medians. (`./dev test`
// runs `lighthouse 5`, performance not gated: even its best run follows
// the machine, docs/build.md, "Accessibility checks".)
//
// Usage (after `./dev build`): node e2e/bench/lighthouse.mjs [runs (3)] [--perf [N]] [--best] [--json FILE]
//
// `--json FILE` also writes the last run's whole report (what failed, and why).
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, DIST, serve } from '../harness.mjs';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const JSON_OUT = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const bestAt = args.indexOf('--best');
const BEST = bestAt >= 0 && args.splice(bestAt, 1).length === 1;
/** The performance budget's floor, when it is gated. */
const PERF_BUDGET = 95;
let perfFloor = null;
const perfAt = args.indexOf('--perf');
if (perfAt >= 0) {
  // `--perf 90` gives its floor; `--perf` alone the budget's (a number
  // right after `--perf` is its floor, not the number of runs).
  const next = args[perfAt + 1];
  if (next !== undefined && /^\d+$/.test(next)) {
    perfFloor = Number(next);
    args.splice(perfAt, 2);
  } else {
    perfFloor = PERF_BUDGET;
    args.splice(perfAt, 1);
  }
} else if (process.env.TIERS_LIGHTHOUSE_PERF) {
  const v = process.env.TIERS_LIGHTHOUSE_PERF;
  perfFloor = /^\d+$/.test(v) && Number(v) > 1 ? Number(v) : PERF_BUDGET; // 1: the budget
}
const RUNS = Number(args[0] ?? 3);
if (!(RUNS >= 1) || (perfFloor !== null && !(perfFloor >= 0 && perfFloor <= 100))) {
  console.error('usage: node e2e/bench/lighthouse.mjs [runs] [--perf [FLOOR]] [--best] [--json FILE]');
  process.exit(2);
}

/** The lowest median score each category may have (0–100); null: printed, not gated. */
const FLOOR = { performance: perfFloor, accessibility: 100, 'best-practices': 100, seo: 100 };

/** A phone on the load budget's network and CPU. */
const CONFIG = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: Object.keys(FLOOR),
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
    throttlingMethod: 'simulate',
    // Lantern's simulation reads the round trip, the download speed and
    // the CPU factor (the upload speed plays no part in a page load).
    throttling: { rttMs: 150, throughputKbps: 1600, cpuSlowdownMultiplier: 4 },
  },
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const server = await serve(DIST, { gzip: true, brotli: true });
server.precompress();
const runs = [];
let failed = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_ARGS,
    });
    try {
      const result = await lighthouse(`${server.url}/`, { port: chrome.port, logLevel: 'error', output: 'json' }, CONFIG);
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(Object.keys(FLOOR).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
      // The largest paint's element (the loading icon, `#splash img`).
      const lcpTable = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
      const lcpNode = (lcpTable?.items?.[0] ?? lcpTable)?.node;
      const lcpWhat = lcpNode ? ` (${lcpNode.selector ?? lcpNode.nodeLabel})` : '';
      console.log(`run ${i + 1}: ${Object.entries(scores).map(([c, s]) => `${c} ${s}`).join(', ')}; LCP ${Math.round(lcp)} ms${lcpWhat}`);
      // Lighthouse simulates the slow network over the files that the real,
      // unthrottled load had finished before its largest paint. When the
      // page wasm (half a megabyte, from a local server) finished before
      // the icon was painted, the simulated icon waits for the wasm's
      // download: LCP about 3.8 s instead of 1.1 s (docs/build.md,
      // "Accessibility checks").
      const observed = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
      const wasm = (lhr.audits['network-requests']?.details?.items ?? []).find((r) => /_bg\.wasm$/.test(r.url));
      if (wasm && observed !== undefined && wasm.networkEndTime <= observed) {
        console.log(`  the page wasm's download ended (${Math.round(wasm.networkEndTime)} ms) before the largest paint (${observed} ms) in the unthrottled load`);
      }
      // What cost points, so that a failure says why.
      for (const [c, s] of Object.entries(scores)) {
        if (s >= 100) continue;
        const refs = lhr.categories[c].auditRefs.filter((r) => r.weight > 0);
        const low = refs.map((r) => lhr.audits[r.id]).filter((a) => a.score !== null && a.score < 1);
        console.log(`  ${c}: ${low.map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`).join(', ')}`);
      }
      runs.push(scores);
      if (JSON_OUT) writeFileSync(JSON_OUT, result.report);
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await server.close();
}
const medians = Object.fromEntries(Object.keys(FLOOR).map((c) => [c, median(runs.map((r) => r[c]))]));
console.log(`medians of ${RUNS}: ${Object.entries(medians).map(([c, s]) => `${c} ${s} (${FLOOR[c] === null ? `not gated; budget ${PERF_BUDGET}` : `floor ${FLOOR[c]}`})`).join(', ')}`);
/** The score each category is judged by: the median, or performance's best run with --best. */
const judged = { ...medians };
if (BEST) {
  judged.performance = Math.max(...runs.map((r) => r.performance));
  console.log(`performance judged by its best run: ${judged.performance}${FLOOR.performance === null ? '' : ` (floor ${FLOOR.performance})`}`);
}
failed = Object.keys(FLOOR).filter((c) => FLOOR[c] !== null && judged[c] < FLOOR[c]);
if (failed.length > 0) {
  console.error(`under the floor: ${failed.join(', ')}`);
  process.exit(1);
}

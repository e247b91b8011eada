import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser.js';
import { ensureDashboardBuilt } from '../tests/helpers/dashboard-build.js';
import { startSeededService } from '../tests/helpers/dashboard-service.js';
import type { BenchSection } from './bench-types.js';
import { fmt, median } from './load.js';

const RUNS = 8;
const SESSION_KEY = 'transceiver-intelligence.session';
const RENDERER_DIR = resolve(import.meta.dirname, '..', 'out', 'renderer');

/**
 * Records, inside the page, when a selector first matches (performance.now(): milliseconds since the navigation
 * started), so the figure excludes the test driver's own round trips.
 */
const FIRST_MATCH_SCRIPT = `
  window.__firstMatch = {};
  const watch = { shell: '[role=tablist]', overview: '[data-testid=index-progress] tbody tr', transceivers: '[data-testid=transceiver-table] tbody tr', bare: 'p' };
  const check = () => { for (const [name, sel] of Object.entries(watch)) if (!(name in window.__firstMatch) && document.querySelector(sel)) window.__firstMatch[name] = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
`;

interface Scenario {
  name: string;
  url: string;
  key: 'overview' | 'transceivers' | 'bare';
  selector: string;
}

async function clearCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Milliseconds from navigation start to the scenario's rows, and to the app shell (the tab bar) where there is one. */
async function timeLoad(page: Page, scenario: Scenario, cold: boolean): Promise<{ rows: number; shell: number | null }> {
  if (cold) await clearCache(page);
  await page.goto('about:blank');
  await page.goto(scenario.url);
  await page.waitForSelector(scenario.selector);
  // String expressions: bench/ is type-checked without the DOM library.
  const rows = await page.evaluate<number>(`window.__firstMatch[${JSON.stringify(scenario.key)}]`);
  const shell = await page.evaluate<number | null>('window.__firstMatch.shell ?? null');
  return { rows, shell };
}

function bundleSizes(): Array<{ file: string; raw: number; gzip: number }> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(RENDERER_DIR);
  return files.map((path) => {
    const data = readFileSync(path);
    return { file: path.slice(RENDERER_DIR.length + 1), raw: data.length, gzip: gzipSync(data).length };
  });
}

function bareServer(): Promise<Server> {
  const page = '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><p>bare static page</p></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(page));
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/**
 * Time to the first rendered rows of the Overview and Transceivers tabs in Debian's Chromium over loopback (the
 * service's real data: seeded catalogue, search index, forecast), cold (browser cache cleared) and warm, against a
 * bare static page from a plain Node HTTP server in the same run; and the size of the bundle.
 */
export async function run(): Promise<BenchSection> {
  await ensureDashboardBuilt();
  const t = await startSeededService();
  const bare = await bareServer();
  const browser = await launchBrowser(t.url);
  try {
    const token = await t.login();
    const session = JSON.stringify({ token, expiresAt: Date.now() + 3_600_000 });
    await browser.context.addInitScript(
      `try { localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(session)}); } catch {}\n${FIRST_MATCH_SCRIPT}`,
    );
    // The aborting route of the test helper sees the bare server as "outside"; let it through for the baseline.
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    await browser.context.route(`${bareUrl}**`, (route) => route.continue());

    const scenarios: Scenario[] = [
      { name: 'Bare static page (baseline)', url: bareUrl, key: 'bare', selector: 'p' },
      { name: 'Overview: first index rows', url: `${t.url}/dashboard/#overview`, key: 'overview', selector: '[data-testid=index-progress] tbody tr' },
      {
        name: 'Transceivers: first table rows',
        url: `${t.url}/dashboard/#transceivers`,
        key: 'transceivers',
        selector: '[data-testid=transceiver-table] tbody tr',
      },
    ];
    // Runs interleaved (scenario by scenario, cold then warm, round after round) so that load from other processes on
    // the machine falls on every figure alike.
    const samples = new Map<string, { rows: number[]; shell: number[] }>();
    const sample = (key: string) => samples.get(key) ?? samples.set(key, { rows: [], shell: [] }).get(key)!;
    for (const scenario of scenarios) for (const cold of [true, false]) await timeLoad(browser.page, scenario, cold); // warm-up
    for (let i = 0; i < RUNS; i++) {
      for (const scenario of scenarios) {
        for (const cold of [true, false]) {
          const time = await timeLoad(browser.page, scenario, cold);
          const s = sample(`${scenario.key}-${cold}`);
          s.rows.push(time.rows);
          if (time.shell !== null) s.shell.push(time.shell);
        }
      }
    }
    const rows: string[] = [];
    for (const cold of [true, false]) {
      const base = median(sample(`bare-${cold}`).rows);
      for (const scenario of scenarios) {
        const s = sample(`${scenario.key}-${cold}`);
        const m = median(s.rows);
        const shell = s.shell.length > 0 ? fmt(median(s.shell)) : '—';
        rows.push(
          `| ${scenario.name} | ${cold ? 'cold' : 'warm'} | ${shell} | ${fmt(m)} | ${fmt(Math.max(...s.rows))} | ${scenario.key === 'bare' ? '1.0' : fmt(m / base)} |`,
        );
      }
    }

    const sizes = bundleSizes();
    const total = sizes.reduce((acc, s) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }), { raw: 0, gzip: 0 });
    const sizeRows = sizes.sort((a, b) => b.raw - a.raw).map((s) => `| ${s.file} | ${fmt(s.raw / 1024)} | ${fmt(s.gzip / 1024)} |`);

    const markdown = [
      `Chromium ${browser.context.browser()?.version() ?? ''} headless at 1280x800 against the real service on 127.0.0.1 (seeded catalogue of ${((await (await fetch(`${t.url}/api/transceivers?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number }).total} transceivers, hash embeddings).`,
      `Time from navigation start to the app shell (tab bar, after /api/auth/verify) and to the first rendered rows, measured inside the page; ${RUNS} runs each after one warm-up. Cold: browser cache cleared before each load; warm: the fingerprinted assets come from the cache, the HTML is revalidated.`,
      `The dashboard's time includes /api/auth/verify and the tab's API calls (Overview: health, counts, coverage, search stats, form factors; Transceivers: a 25-row page plus the filter lists).`,
      '',
      '| Page | Cache | Shell ms (median) | Rows ms (median) | Rows ms (max) | Rows x baseline |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      `Bundle (out/renderer): ${fmt(total.raw / 1024)} KiB raw, ${fmt(total.gzip / 1024)} KiB gzip (gzip -6). The service sends the files uncompressed (no compression plugin is installed), so over the LAN the raw size is what travels; the fingerprinted assets are cached for a year after the first load.`,
      '',
      '| File | KiB | KiB gzip |',
      '|---|---|---|',
      ...sizeRows,
    ].join('\n');
    return { title: 'Dashboard: first rendered rows and bundle size', markdown };
  } finally {
    await browser.close();
    await new Promise<void>((done) => bare.close(() => done()));
    await t.close();
  }
}

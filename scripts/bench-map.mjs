// Map benchmark: builds the harness in bench/map, serves it locally, drives headless Chromium and
// measures (a) data arrival → drawn for 500 units and (b) frames per second while 5,000 units each
// report once a second through the live buffer, against the ceiling of an empty map in the same
// viewport. `--screenshots DIR` also saves pictures of the demo scene at 1440 and 390 px;
// `--screenshots-only [--screenshots DIR]` takes only those.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(root, 'bench/map/dist');
const args = process.argv.slice(2);
const shotsOnly = args.includes('--screenshots-only');
const shotsDir = args.includes('--screenshots')
  ? resolve(args[args.indexOf('--screenshots') + 1])
  : null;
const FEED_UNITS = 5000;
const DRAW_UNITS = 500;
const FPS_MS = 10000;
const viewportArg = args.includes('--viewport') ? args[args.indexOf('--viewport') + 1] : '';
const [vw, vh] = (viewportArg || process.env.BENCH_MAP_VIEWPORT || '640x480')
  .split('x')
  .map(Number);
const VIEWPORT = { width: vw, height: vh };

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
};

// A transparent tile for the harness's fake theme sources (?sources=1), so the map-type switcher
// has something to switch without any tile server.
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function serve() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.startsWith('/blank-tiles/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(BLANK_TILE);
      return;
    }
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-map-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: VIEWPORT,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // WebGL on SwiftShader (software); newer Chromium wants this flag to allow it.
      '--enable-unsafe-swiftshader',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function openHarness(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('favicon')) errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForFunction(() => Boolean(window.bench));
  await page.evaluate(() => window.bench.ready());
  return { page, errors };
}

function writePerformanceDoc(lines) {
  const file = join(root, 'docs/performance.md');
  const section = ['## Map', '', ...lines, ''].join('\n');
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n\n';
  const start = text.search(/^## Map\s*$/m);
  if (start >= 0) {
    const rest = text.slice(start + 6);
    const next = rest.search(/^## /m);
    text = text.slice(0, start) + section + (next >= 0 ? '\n' + rest.slice(next) : '');
  } else {
    text = text.replace(/\s*$/, '\n\n') + section;
  }
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(file, text.replace(/\n{3,}/g, '\n\n'));
}

async function screenshots(context, base, dir) {
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 390]) {
    const shot = await context.newPage();
    await shot.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await shot.goto(base + '?sources=1');
    await shot.waitForFunction(() => Boolean(window.bench));
    await shot.evaluate(() => window.bench.ready());
    await shot.evaluate(() => window.bench.demo());
    await shot.evaluate(
      (zoom) => window.bench.view(-28.4972, 24.2199, zoom),
      width > 800 ? 5 : 4.2,
    );
    await shot.screenshot({ path: join(dir, `demo-overview-${width}.png`) });
    await shot.evaluate(() => window.bench.view(-26.06, 28.09, 11));
    await shot.screenshot({ path: join(dir, `demo-johannesburg-${width}.png`) });
    await shot.evaluate(() => window.bench.view(-29.84, 31.0, 11.5));
    await shot.screenshot({ path: join(dir, `demo-durban-${width}.png`) });
    if (width > 800) {
      await shot.evaluate(() => window.bench.spriteSheet());
      await shot.screenshot({ path: join(dir, 'sprites.png') });
    }
    await shot.close();
    const many = await context.newPage();
    await many.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await many.goto(base);
    await many.waitForFunction(() => Boolean(window.bench));
    await many.evaluate(() => window.bench.ready());
    await many.evaluate(() => window.bench.drawUnits(5000, 1.2, 5));
    await many.screenshot({ path: join(dir, `clusters-5000-${width}.png`) });
    await many.close();
  }
  console.log(`screenshots: ${dir}`);
}

async function main() {
  await build({ configFile: join(root, 'bench/map/vite.config.ts'), logLevel: 'warn' });
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launch();
  try {
    const renderer = await (async () => {
      const page = await browser.context.newPage();
      const name = await page.evaluate(() => {
        const gl = document.createElement('canvas').getContext('webgl2');
        const info = gl?.getExtension('WEBGL_debug_renderer_info');
        return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'unknown';
      });
      await page.close();
      return name;
    })();
    console.log(`renderer: ${renderer}; viewport ${VIEWPORT.width}x${VIEWPORT.height}`);
    if (shotsOnly) {
      await screenshots(browser.context, base, shotsDir ?? join(dist, 'screenshots'));
      return;
    }

    // Software WebGL fills pixels slowly: for context, the empty map on a desktop-sized page.
    let { page, errors } = await openHarness(browser.context, base);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => window.bench.view(-28.4972, 24.2199, 5));
    const desktop = await page.evaluate((ms) => window.bench.fps(ms), FPS_MS / 2);
    console.log(
      `context: empty map at 1440x900 renders ${desktop.fps.toFixed(1)} fps on this renderer`,
    );
    await page.setViewportSize(VIEWPORT);
    await page.evaluate(() => window.bench.view(-28.4972, 24.2199, 5));

    // Ceiling: the same map and viewport with no units.
    const ceiling = await page.evaluate((ms) => window.bench.fps(ms), FPS_MS / 2);
    console.log(`ceiling: empty map at ${ceiling.fps.toFixed(1)} fps`);

    // (a) 500 units, cold (sprites and glyphs drawn for the first time), then warm repeats.
    const cold = await page.evaluate((n) => window.bench.drawUnits(n, 0.8, 1), DRAW_UNITS);
    const warm = [];
    for (let seed = 2; seed <= 4; seed++) {
      warm.push(
        await page.evaluate(([n, s]) => window.bench.drawUnits(n, 0.8, s), [DRAW_UNITS, seed]),
      );
    }
    warm.sort((x, y) => x.frameMs - y.frameMs);
    const drawnCount = await page.evaluate(() => window.bench.renderedUnits());
    console.log(
      `draw: ${DRAW_UNITS} units on screen ${cold.frameMs.toFixed(0)} ms after arrival cold (idle, fade-in done, ${cold.idleMs.toFixed(0)} ms); warm median ${warm[1].frameMs.toFixed(0)} ms; ${drawnCount} unit symbols placed`,
    );
    await page.close();

    // (b) 5,000 units reporting once a second each, through the live buffer.
    ({ page, errors } = await openHarness(browser.context, base));
    await page.evaluate((n) => {
      window.__sent = window.bench.startFeed(n);
    }, FEED_UNITS);
    await page.waitForTimeout(3000);
    const sentBefore = await page.evaluate(() => window.__sent());
    const feed = await page.evaluate((ms) => window.bench.fps(ms), FPS_MS);
    const sentAfter = await page.evaluate(() => window.__sent());
    const shown = await page.evaluate(() => window.bench.renderedUnits());
    await page.evaluate(() => window.bench.stopFeed());
    const rate = ((sentAfter - sentBefore) / (FPS_MS / 1000)).toFixed(0);
    console.log(
      `feed: ${FEED_UNITS} units, ${rate} updates/s for ${FPS_MS / 1000} s: ${feed.fps.toFixed(1)} fps, longest frame ${feed.longestFrameMs.toFixed(0)} ms; ${shown} clusters and units on screen`,
    );
    console.log(`ratio: ${(feed.fps / ceiling.fps).toFixed(2)} of the empty-map ceiling`);
    if (errors.length) console.log(`page errors: ${errors.slice(0, 5).join(' | ')}`);
    await page.close();

    if (shotsDir) await screenshots(browser.context, base, shotsDir);

    const fps = feed.fps.toFixed(0);
    const ms = cold.frameMs.toFixed(0);
    const date = new Date().toISOString().slice(0, 10);
    writePerformanceDoc([
      `Measured by \`npm run bench:map\` (scripts/bench-map.mjs) on ${date}: headless Chromium, WebGL on`,
      `${renderer} (software, no GPU), viewport ${VIEWPORT.width}×${VIEWPORT.height}, default view (SPEC §3).`,
      '',
      '| measure | result | target |',
      '| --- | --- | --- |',
      `| ${DRAW_UNITS} units: data handed to the page → first frame showing them (cold: sprites and glyphs drawn on first use) | ${ms} ms | ≤ 1000 ms |`,
      `| the same, until idle (symbol fade-in finished) | ${cold.idleMs.toFixed(0)} ms | |`,
      `| ${DRAW_UNITS} other units, warm (median of 3 more loads) | ${warm[1].frameMs.toFixed(0)} ms | |`,
      `| ${FEED_UNITS} units each reporting once a second (${rate} updates/s through the live buffer), continuous repaint | ${feed.fps.toFixed(1)} fps (longest frame ${feed.longestFrameMs.toFixed(0)} ms) | ≥ 30 fps |`,
      `| ceiling: the same map with no units, same viewport | ${ceiling.fps.toFixed(1)} fps | |`,
      `| ratio to ceiling | ${(feed.fps / ceiling.fps).toFixed(2)} | |`,
      `| for context: the empty map at 1440×900 | ${desktop.fps.toFixed(1)} fps | |`,
      '',
      `Above ${DRAW_UNITS} units (MAX_REALTIME_MARKERS) the units are clustered, so at the default zoom the 5,000-unit`,
      'frame draws cluster bubbles; the live buffer merges updates by uid and flushes at most four times a second',
      '(once a second for 5,000 units, which is as often as the server sends each unit).',
      '',
      'SwiftShader renders in software on the CPU, so frame rates scale with the pixel count and with what else',
      'the machine runs (the 2-core build machine is shared): the empty-map ceiling measured in the same run is',
      'the yardstick, and the ratio to it is the figure to compare between runs. A real GPU removes the fill-rate',
      'limit. `npm run bench:map -- --viewport 1440x900` measures at another size.',
      '',
      ...(feed.fps >= 30
        ? [
            `Against the ≥ 30 fps target: met in this run (${fps} fps), against an empty map that draws ${ceiling.fps.toFixed(0)} fps at this`,
            'size; on a busier machine the same renderer has drawn the empty map at 19–27 fps, under which no content',
            'can reach 30, so the ratio is the figure to watch. Where a frame goes, read from',
          ]
        : [
            `Against the ≥ 30 fps target: on this renderer the empty map alone draws ${ceiling.fps.toFixed(0)} fps at this size, so no`,
            'content can reach 30 here; what the units cost is the gap to that ceiling. Where a frame goes, read from',
          ]),
      "/proc CPU time during the feed (Nov 2026): Chromium's GPU process (SwiftShader) spends about 85 ms of CPU per",
      "frame across both cores, while the page's own JavaScript (live buffer, features, MapLibre) is under a tenth",
      'of the main thread in a CPU profile. Each style layer is a draw call per tile per frame, so the offline',
      'basemap was cut from eight layers to five (land and borders share a source and one line layer; the town',
      'tiers are one layer): in an A/B run on one browser the empty-map ceiling rose from 19.7 to 22.6 fps',
      '(median of four).',
    ]);
    console.log(`map: ${DRAW_UNITS} units drawn in ${ms} ms, ${FEED_UNITS} units at ${fps} fps`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

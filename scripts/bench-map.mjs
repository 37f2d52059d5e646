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
const FPS_MS = 8000;
const CEILING_MS = 5000;
// Ceiling/feed pairs per run (`--reps N`); the figures reported are medians.
const REPS = args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 3;
// `--no-doc` leaves docs/performance.md alone (for A/B runs while working on the map).
const writeDoc = !args.includes('--no-doc') && !args.includes('--static');
// `--static` draws the 5,000 units without updates: the drawing's share of the cost, apart from
// the updates' (implies --no-doc).
const staticUnits = args.includes('--static');
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
      // No 60 Hz cap: an empty map held at the display's rate would make every ratio look better
      // than it is.
      '--disable-frame-rate-limit',
      '--disable-gpu-vsync',
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
  // A failed load is reported by its address (the console line names none); the harness has no
  // favicon, which is not an error of the map.
  page.on('response', (r) => {
    if (r.status() >= 400 && !new URL(r.url()).pathname.endsWith('/favicon.ico')) {
      errors.push(`${r.status()} ${r.url()}`);
    }
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
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

// The prose under the table: what the figures mean and how the units' cost was brought down.
const MAP_NOTES = [
  'Above 500 units (MAX_REALTIME_MARKERS) the units are clustered, so at the default zoom the 5,000-unit',
  'frame draws cluster bubbles; the live buffer merges updates by uid and flushes once a second for a fleet',
  'of 5,000 (0.2 ms per unit on the map, at most four times a second for small fleets), which is as often',
  'as the server sends each unit.',
  '',
  'SwiftShader renders in software on the CPU, so frame rates scale with the pixel count and with what else',
  'the machine runs: the bench alternates the empty map and the feed on one page and reports the median',
  'ratio of each pair, which is the figure to compare between runs; run it on a quiet machine (a build or',
  'test run beside it swings the frame rate by a third). Chromium runs without its 60 Hz frame cap',
  '(`--disable-frame-rate-limit --disable-gpu-vsync`): with the cap, the empty map sits at 60 fps and every',
  'ratio looks better than it is (0.93 capped against 0.80 uncapped for the same code). A real GPU removes',
  'the fill-rate limit. `--viewport 1440x900` measures at another size; `--reps N` takes N pairs;',
  "`--static` draws the 5,000 units without updates (the drawing's share of the cost); `--no-doc` leaves",
  'this file alone.',
  '',
  "Where the 5,000 units' cost went, and what was done (Nov 2026, measured, one change at a time):",
  '',
  '1. Each flush sent all 5,000 features with setData, which MapLibre serializes on the main thread (about',
  '   65 ms a second) and the worker re-clusters, and every tile was laid out again (frames of 200 ms and',
  '   more). Now a clustered fleet sends only what a user can see change (web/src/map/units/visibleDiff.ts):',
  '   units drawn on their own that moved half a pixel or more or got a new icon, tag or heading, as a',
  '   GeoJSONSource.updateData diff. Changes inside cluster bubbles, which show only a count, wait for the',
  '   next pan or zoom, or at most 10 s. The longest frame halved.',
  '2. Cluster bubbles were a circle layer and a count layer, and tags shared the unit layer, so every glyph',
  '   of the counts was drawn twice (once for a halo of width 0). Each layer is drawn for every tile on every',
  '   frame: bubbles are now images in the unit icon layer with their count as its text, and name tags are a',
  '   layer of their own with the halo. Units without updates (`--static`): 0.84 to 0.90 of the empty map.',
  '3. The live buffer paced itself by the batch it held, which let a steady stream of 5,000 units settle at',
  '   two flushes a second; it now paces by the fleet on the map (one a second for 5,000). A flush builds',
  '   features only for the units it changed (UnitFeatureCache), so an unchanged unit is skipped by identity.',
  '',
  'Runs of this bench on 2026-11-25 on a quiet machine (load under 2.5), 640×480 unless said, uncapped:',
  '',
  '| | pairs (ratio) | median | feed fps |',
  '| --- | --- | --- | --- |',
  '| before step 2 (after step 1), 5,000 units with updates | 0.81, 0.80, 0.79 | 0.80 | 55.8 |',
  '| before step 2, no updates (`--static`) | 0.84, 0.87, 0.84 | 0.84 | 60.1 |',
  '| after step 2, no updates | 0.92, 0.89, 0.90 | 0.90 | 66.2 |',
  '| after steps 2 and 3, with updates | 0.83, 0.86, 0.86, 0.86, 0.88 | 0.86 | 62.5 |',
  '| after steps 2 and 3, with updates, 1440×900 | 0.86, 0.90, 0.91 | 0.90 | 19.1 |',
  '',
  'Step 1 was measured the day before under a heavier load (helpers building beside the bench, 60 Hz',
  'cap): setData of the whole fleet gave run medians 0.70, 0.77 and 0.81, the diff 0.78, 0.82 and 0.68,',
  'with the longest frame down from 113–252 ms to 55–155 ms. Against the ≥ 30 fps target: the empty map',
  'itself draws about 70 fps at 640×480 and 22 fps at 1440×900 on this renderer, so the ratio is the',
  'figure to watch.',
];

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
    const desktop = await page.evaluate((ms) => window.bench.fps(ms), CEILING_MS);
    console.log(
      `context: empty map at 1440x900 renders ${desktop.fps.toFixed(1)} fps on this renderer`,
    );
    await page.setViewportSize(VIEWPORT);
    await page.evaluate(() => window.bench.view(-28.4972, 24.2199, 5));

    // (b) 5,000 units reporting once a second each, through the live buffer, against the ceiling of
    // the same page with no units. The shared machine's load swings the frame rate by a third from
    // one second to the next, so ceiling and feed alternate, REPS times, and each pair gives a ratio.
    const pairs = [];
    for (let rep = 0; rep < REPS; rep++) {
      await page.evaluate(() => window.bench.clear());
      const ceiling = await page.evaluate((ms) => window.bench.fps(ms), CEILING_MS);
      await page.evaluate((n) => {
        window.__sent = window.bench.startFeed(n);
      }, FEED_UNITS);
      if (staticUnits) await page.evaluate(() => window.bench.stopFeed());
      await page.waitForTimeout(3000);
      const sentBefore = await page.evaluate(() => window.__sent());
      const feed = await page.evaluate((ms) => window.bench.fps(ms), FPS_MS);
      const sentAfter = await page.evaluate(() => window.__sent());
      const shown = await page.evaluate(() => window.bench.renderedUnits());
      await page.evaluate(() => window.bench.stopFeed());
      const rate = (sentAfter - sentBefore) / (FPS_MS / 1000);
      pairs.push({ ceiling, feed, rate, shown, ratio: feed.fps / ceiling.fps });
      console.log(
        `feed ${rep + 1}/${REPS}: ${FEED_UNITS} units, ${rate.toFixed(0)} updates/s: ${feed.fps.toFixed(1)} fps (longest frame ${feed.longestFrameMs.toFixed(0)} ms, ${shown} clusters and units on screen); empty map just before ${ceiling.fps.toFixed(1)} fps; ratio ${(feed.fps / ceiling.fps).toFixed(2)}`,
      );
    }
    if (errors.length) console.log(`page errors: ${errors.slice(0, 5).join(' | ')}`);
    await page.close();
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const feedFps = median(pairs.map((p) => p.feed.fps));
    const ceilingFps = median(pairs.map((p) => p.ceiling.fps));
    const ratio = median(pairs.map((p) => p.ratio));
    const longest = median(pairs.map((p) => p.feed.longestFrameMs));
    const rate = median(pairs.map((p) => p.rate)).toFixed(0);

    // (a) 500 units, cold (sprites and glyphs drawn for the first time), then warm repeats.
    ({ page, errors } = await openHarness(browser.context, base));
    await page.evaluate(() => window.bench.view(-28.4972, 24.2199, 5));
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
    if (errors.length) console.log(`page errors: ${errors.slice(0, 5).join(' | ')}`);
    await page.close();

    if (shotsDir) await screenshots(browser.context, base, shotsDir);

    const fps = feedFps.toFixed(1);
    const ms = cold.frameMs.toFixed(0);
    const date = new Date().toISOString().slice(0, 10);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    if (writeDoc) {
      writePerformanceDoc([
        `Measured by \`npm run bench:map\` (scripts/bench-map.mjs) on ${date}: headless Chromium, WebGL on`,
        `${renderer} (software, no GPU), viewport ${VIEWPORT.width}×${VIEWPORT.height}, default view (SPEC §3), load average ${load} at the end.`,
        '',
        '| measure | result | target |',
        '| --- | --- | --- |',
        `| ${DRAW_UNITS} units: data handed to the page → first frame showing them (cold: sprites and glyphs drawn on first use) | ${ms} ms | ≤ 1000 ms |`,
        `| the same, until idle (symbol fade-in finished) | ${cold.idleMs.toFixed(0)} ms | |`,
        `| ${DRAW_UNITS} other units, warm (median of 3 more loads) | ${warm[1].frameMs.toFixed(0)} ms | |`,
        `| ${FEED_UNITS} units each reporting once a second (${rate} updates/s through the live buffer), continuous repaint, median of ${REPS} | ${fps} fps (longest frame ${longest.toFixed(0)} ms) | ≥ 30 fps |`,
        `| ceiling: the same page with no units, measured just before each feed, median | ${ceilingFps.toFixed(1)} fps | |`,
        `| ratio to the ceiling, median of the ${REPS} pairs (${pairs.map((p) => p.ratio.toFixed(2)).join(', ')}) | ${ratio.toFixed(2)} | ≥ 0.85 |`,
        `| for context: the empty map at 1440×900 | ${desktop.fps.toFixed(1)} fps | |`,
        '',
        ...MAP_NOTES,
      ]);
    }
    console.log(`map: ${FEED_UNITS} units at ${fps} fps, ${ratio.toFixed(2)} of the empty map`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

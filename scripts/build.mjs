#!/usr/bin/env node
// `npm run build`: @fleet/common to common/dist and the server to server/dist/main.js, both
// JavaScript with declaration files, then the web app to web/dist, once. Each output records the
// sources it was built from (scripts/build-parts.mjs), so `npm start` rebuilds only what changed.
//
//   node scripts/build.mjs [common] [server] [web] [--js]
//
// Names choose the parts (default: all three); --js leaves the declaration files out (npm start
// needs none). Needs the dev dependencies (esbuild, typescript, vite).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PARTS, ROOT, fingerprint, stamp } from './build-parts.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

function run(cmd, args, cwd = ROOT, env = {}) {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed`);
}

/** Declaration files of one package, from its tsconfig.build.json. */
function declarations(pkg) {
  run(bin('tsc'), ['-p', `${pkg}/tsconfig.build.json`]);
}

async function buildCommon({ js }) {
  const esbuild = await import('esbuild');
  fs.rmSync(path.join(ROOT, 'common/dist'), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['common/src/index.ts'],
    outfile: 'common/dist/index.js',
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  if (!js) declarations('common');
}

/**
 * The server as one ES module for plain `node`. npm packages stay imports, resolved from
 * node_modules when it runs; the workspace's own @fleet/common is bundled from its sources, so the
 * server never runs an older build of it.
 */
export async function bundleServer(outfile) {
  const esbuild = await import('esbuild');
  const commonSource = path.join(ROOT, 'common/src/index.ts');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['server/src/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    plugins: [
      {
        name: 'workspace-common',
        setup(build) {
          build.onResolve({ filter: /^@fleet\/common$/ }, () => ({ path: commonSource }));
        },
      },
    ],
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  checkServerDependencies(result.metafile);
}

/** Every package the built server imports must be a dependency of the server workspace, or an
 * install with --omit=dev would leave it out (or keep it only by chance, as another's). */
function checkServerDependencies(metafile) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'server/package.json'), 'utf8'));
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) {
      if (!imp.external || imp.path.startsWith('node:') || builtins.has(imp.path)) continue;
      const parts = imp.path.split('/');
      const name = imp.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (!declared.has(name)) missing.add(name);
    }
  }
  if (missing.size)
    throw new Error(
      `The server imports ${[...missing].join(', ')}, which server/package.json does not list ` +
        'in its dependencies.',
    );
}

async function buildServer({ js }) {
  fs.rmSync(path.join(ROOT, 'server/dist'), { recursive: true, force: true });
  await bundleServer(path.join(ROOT, 'server/dist/main.js'));
  if (!js) declarations('server');
}

async function buildWeb() {
  // The Vite config writes the .br and .gz copies and prints the sizes (web/vite-delivery.ts).
  run(bin('vite'), ['build'], path.join(ROOT, 'web'), { NODE_ENV: 'production' });
}

const BUILDERS = { common: buildCommon, server: buildServer, web: buildWeb };

/** Builds the named parts in order and stamps each with the sources it was built from. */
export async function build(names, options = {}) {
  for (const name of names) {
    const started = performance.now();
    const print = fingerprint(name);
    await BUILDERS[name](options);
    stamp(name, print);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`built ${name} (${PARTS[name].output}) in ${seconds} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !(n in BUILDERS));
  if (unknown.length) {
    console.error(`Unknown part ${unknown.join(', ')}: choose from common, server, web.`);
    process.exit(2);
  }
  try {
    await build(names.length ? names : Object.keys(BUILDERS), { js: args.includes('--js') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

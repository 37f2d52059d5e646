// How the built app is delivered: every text asset also written Brotli- and gzip-compressed (the
// server sends those as they are), and a size report at the end of the build with what the login
// route downloads, as sent. e2e/delivery.test.ts holds the login route to the same budget.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export interface DeliveryOptions {
  /** The page module whose route is budgeted, relative to the web folder. */
  route: string;
  /** Bytes of JavaScript that route may download, Brotli-compressed. */
  budget: number;
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

async function compressFile(file: string): Promise<Sizes> {
  const data = await fs.readFile(file);
  if (!COMPRESSIBLE.test(file)) return { raw: data.length, gzip: data.length, brotli: data.length };
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A compressed copy that is not smaller is left out; the server then sends the file itself.
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
  return {
    raw: data.length,
    gzip: Math.min(gz.length, data.length),
    brotli: Math.min(br.length, data.length),
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);

export function delivery(options: DeliveryOptions): Plugin {
  let root = '';
  let outDir = '';
  /** Files of the budgeted route: the entry, what it imports, and the page with its imports. */
  const routeFiles = new Set<string>();
  return {
    name: 'fleet-delivery',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      routeFiles.clear();
      const page = path.resolve(root, options.route);
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || routeFiles.has(fileName)) return;
        routeFiles.add(fileName);
        if (chunk.type === 'chunk') {
          chunk.imports.forEach(add);
          chunk.viteMetadata?.importedCss.forEach(add);
        }
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.isEntry || chunk.facadeModuleId === page))
          add(chunk.fileName);
      }
      if (
        ![...routeFiles].some(
          (f) => (bundle[f] as { facadeModuleId?: string }).facadeModuleId === page,
        )
      )
        this.error(`delivery: no chunk is built from ${options.route}`);
    },
    async writeBundle() {
      const files = await listFiles(outDir);
      const sizes = new Map<string, Sizes>();
      await Promise.all(
        files.map(async (f) => sizes.set(path.relative(outDir, f), await compressFile(f))),
      );
      const code = [...sizes].filter(([f]) => /\.(js|css)$/.test(f));
      code.sort((a, b) => b[1].raw - a[1].raw);
      const lines = [
        ``,
        `Delivery: every script and style sheet as built, gzip and Brotli (as sent); * the login route`,
        `${'file'.padEnd(52)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`,
      ];
      for (const [f, s] of code) {
        const mark = routeFiles.has(f) ? ' *' : '';
        lines.push(`${f.padEnd(52)}${kb(s.raw)}${kb(s.gzip)}${kb(s.brotli)}${mark}`);
      }
      const js = [...routeFiles].filter((f) => f.endsWith('.js')).map((f) => sizes.get(f)!);
      const total = js.reduce(
        (t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }),
        { raw: 0, gzip: 0, brotli: 0 },
      );
      const verdict = total.brotli <= options.budget ? 'within' : 'OVER';
      lines.push(
        ``,
        `* the login route (${options.route}): ${js.length} JavaScript files, ${kb(total.raw).trim()} raw, ` +
          `${kb(total.gzip).trim()} gzip, ${kb(total.brotli).trim()} as sent (Brotli): ` +
          `${verdict} the budget of ${kb(options.budget).trim()}`,
      );
      console.log(lines.join('\n'));
    },
  };
}

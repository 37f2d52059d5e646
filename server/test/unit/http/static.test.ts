// The web app as the browser gets it: the build's Brotli or gzip copy when it takes one, hashed
// assets cached for a year, index.html checked on every load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from '../../../src/http/static';

const SCRIPT = `console.log(${JSON.stringify('fleet '.repeat(400))});\n`;
const PAGE = `<!doctype html><html><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;

let dist: string;
let app: FastifyInstance;

function write(file: string, text: string, compressed = true) {
  const abs = path.join(dist, file);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  if (!compressed) return;
  fs.writeFileSync(`${abs}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${abs}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-static-'));
  write('index.html', PAGE);
  write('assets/index-Bq3x9Kz1.js', SCRIPT);
  write('themes/default/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  write('.fingerprint', 'abc\n', false);
  app = Fastify();
  await app.register(webApp, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app', () => {
  it('sends a hashed script Brotli-compressed, cached for a year', async () => {
    const res = await get('/assets/index-Bq3x9Kz1.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without Brotli, and the file itself to one that takes neither', async () => {
    const gz = await get('/assets/index-Bq3x9Kz1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-Bq3x9Kz1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the page at / compressed and never cached without checking', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    const direct = await get('/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(direct.body).toBe(PAGE);
  });

  it('checks files without a hash in their name on every use', async () => {
    const res = await get('/themes/default/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the build stamp or files that are not there', async () => {
    expect((await get('/.fingerprint')).statusCode).toBe(404);
    expect((await get('/assets/missing-123.js', 'br')).statusCode).toBe(404);
  });

  it('says how to build the web app when it is not built', async () => {
    const bare = Fastify();
    await bare.register(webApp, { webDist: path.join(dist, 'nothing-here') });
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.body).toBe('The web app is not built yet: run `npm run build`.');
    await bare.close();
  });
});

// SMS delivery: a text file per message without SMS_URL; with it, one JSON POST whose failure
// (non-2xx, no answer in time, nobody listening) is an error the outbox retries.
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender } from '../../../src/notify/sms';
import { loadConfig } from '../../../src/config';

const servers: http.Server[] = [];
afterEach(() =>
  servers.splice(0).forEach((s) => {
    s.closeAllConnections();
    s.close();
  }),
);

async function gateway(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/sms`;
}

const sms = { to: '+27825550123', message: 'Speeding: Truck 7', reference: '42' };

describe('SMS sender', () => {
  it('writes <reference>.txt under DATA_DIR/outbox without a gateway, overwriting a resend', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-'));
    const sender = createSmsSender({ dataDir });
    await sender.send(sms);
    await sender.send(sms);
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toEqual(['42.txt']);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', '42.txt'), 'utf8')).toBe(
      'To: +27825550123\n\nSpeeding: Truck 7\n',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('POSTs {to, message, reference} as JSON', async () => {
    const got: unknown[] = [];
    const url = await gateway((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) });
        res.end('ok');
      });
    });
    await createSmsSender({ smsUrl: url, dataDir: '/nonexistent' }).send(sms);
    expect(got).toEqual([{ method: 'POST', type: 'application/json', body: sms }]);
  });

  it('fails on a non-2xx answer, no answer in time, and no gateway at all', async () => {
    const refusing = await gateway((_req, res) => {
      res.writeHead(500);
      res.end('queue full');
    });
    await expect(createSmsSender({ smsUrl: refusing, dataDir: '' }).send(sms)).rejects.toThrow(
      'SMS gateway answered 500: queue full',
    );
    const silent = await gateway(() => {});
    await expect(
      createSmsSender({ smsUrl: silent, dataDir: '', timeoutMs: 200 }).send(sms),
    ).rejects.toThrow('SMS gateway did not answer within 200 ms');
    await expect(
      createSmsSender({ smsUrl: 'http://127.0.0.1:1/sms', dataDir: '' }).send(sms),
    ).rejects.toThrow(/SMS gateway unreachable/);
  });

  it('takes SMS_URL from the environment and refuses one that is not http(s)', () => {
    expect(loadConfig({ SMS_URL: 'https://sms.example.com/send' }).smsUrl).toBe(
      'https://sms.example.com/send',
    );
    expect(loadConfig({}).smsUrl).toBeUndefined();
    expect(() => loadConfig({ SMS_URL: 'sms.example.com' })).toThrow(/SMS_URL must be an http/);
    expect(() => loadConfig({ SMS_URL: 'ftp://x' })).toThrow(/SMS_URL/);
  });
});

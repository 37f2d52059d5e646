// The real app on a fresh database with the demo data, driven through Fastify's inject().
import { loadConfig, type Config } from '../../src/config';
import { startServer, type Running } from '../../src/server';
import type { CallRequest } from '@fleet/common';
import { createTestDatabase } from './test-db';

export interface TestApp {
  running: Running;
  config: Config;
  post(url: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<any>;
  login(username: string, password?: string): Promise<string>;
  call(token: string, requests: CallRequest[]): Promise<any>;
  /** One task, its response entry. */
  task(token: string, task: string, parameters?: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const tdb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: tdb.dataDir,
    ...(tdb.databaseUrl ? { DATABASE_URL: tdb.databaseUrl } : {}),
    DEMO: '1',
    SIM_UNITS: '0',
    OSMAND_PORT: '0',
    TELTONIKA_PORT: '0',
    GT06_PORT: '0',
    H02_PORT: '0',
    MEITRACK_PORT: '0',
    QUECLINK_PORT: '0',
    ...env,
  });
  const running = await startServer(config, { listen: false });
  const post = async (
    url: string,
    body: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await running.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = res.body;
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = { raw: text };
    }
    return { status: res.statusCode, ...json };
  };
  const app: TestApp = {
    running,
    config,
    post,
    async login(username, password = username) {
      const res = await post('/api/login', { username, password, channel: 'test' });
      if (res.result !== 0) throw new Error(`login ${username} failed: ${JSON.stringify(res)}`);
      return res.token as string;
    },
    call: (token, requests) => post('/api/call', { requests }, token),
    async task(token, task, parameters = {}) {
      const res = await post('/api/call', { requests: [{ task, ref: task, parameters }] }, token);
      if (res.result !== 0) return res;
      return res.responses[0];
    },
    async close() {
      await running.close();
      await tdb.drop();
    },
  };
  return app;
}

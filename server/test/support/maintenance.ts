// The maintenance suites' scene (issue 13): the real app on the demo data with a hand-made client
// of a full and a lite user at a pinned instant, plus Other Fleet's login for tenancy probes.
import { expect } from 'vitest';
import { setClock } from '../../src/clock';
import { createTestApp, type TestApp } from './test-app';
import { addHandClient } from './hand-fleet';

export interface MaintenanceScene {
  t: TestApp;
  cid: number;
  /** the full user's token */
  token: string;
  /** a lite user's: no service or reminder roles */
  lite: string;
  /** Other Fleet's */
  other: string;
  db: () => TestApp['running']['services']['db']['db'];
  /** A task that must succeed: its data. */
  ok(tok: string, task: string, params?: Record<string, unknown>): Promise<any>;
}

export async function maintenanceScene(
  now: number,
  client: string,
  full: string,
  lite: string,
  addMore: (scene: { db: MaintenanceScene['db']; cid: number }) => Promise<void>,
): Promise<MaintenanceScene> {
  const t = await createTestApp({ CLOCK_START: new Date(now).toISOString() });
  setClock({ start: now, rate: 0 });
  const db = () => t.running.services.db.db;
  const cid = await addHandClient(
    db(),
    client,
    [
      { username: full, type: 'full' },
      { username: lite, type: 'lite' },
    ],
    now,
  );
  await addMore({ db, cid });
  return {
    t,
    cid,
    db,
    token: await t.login(full),
    lite: await t.login(lite),
    other: await t.login('other'),
    async ok(tok, task, params = {}) {
      const res = await t.task(tok, task, params);
      expect(res.message, `${task} refused`).toBeUndefined();
      expect(res.result).toBe(0);
      return res.data;
    },
  };
}

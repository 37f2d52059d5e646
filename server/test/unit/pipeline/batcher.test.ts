import { describe, expect, it } from 'vitest';
import { Batcher } from '../../../src/pipeline/batcher';

function recorder(
  opts: { maxItems?: number; maxDelayMs?: number; fail?: (items: number[]) => boolean } = {},
) {
  const runs: number[][] = [];
  const b = new Batcher<number>({
    maxItems: opts.maxItems ?? 100,
    maxDelayMs: opts.maxDelayMs ?? 5,
    async run(items) {
      runs.push([...items]);
      await new Promise((r) => setTimeout(r, 2));
      if (opts.fail?.(items)) throw new Error('write failed');
    },
  });
  return { b, runs };
}

describe('micro-batching', () => {
  it('groups submits that arrive together into one run', async () => {
    const { b, runs } = recorder();
    await Promise.all([b.add([1, 2]), b.add([3]), b.add([4, 5, 6])]);
    expect(runs).toEqual([[1, 2, 3, 4, 5, 6]]);
  });

  it('starts a run as soon as maxItems wait, and keeps submits whole', async () => {
    const { b, runs } = recorder({ maxItems: 4, maxDelayMs: 10_000 });
    const started = Date.now();
    await Promise.all([b.add([1, 2, 3]), b.add([4, 5]), b.add([6])]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('writes at once when as many submitters are back as the last run held', async () => {
    // Three devices that each send their next frame once the last one is stored.
    const { b, runs } = recorder({ maxDelayMs: 10_000 });
    await b.flush();
    const first = Promise.all([b.add([1]), b.add([2]), b.add([3])]);
    await b.flush();
    await first;
    const started = Date.now();
    await Promise.all([b.add([4]), b.add([5]), b.add([6])]);
    // Without the count the second round would wait out maxDelayMs (10 s).
    expect(Date.now() - started).toBeLessThan(1000);
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('settles a submit only after its run, and rejects it when the run fails', async () => {
    const { b } = recorder({ fail: (items) => items.includes(13) });
    const order: string[] = [];
    const ok = b.add([1]).then(() => order.push('ok'));
    const bad = b.add([13]).catch((err: Error) => order.push(`bad: ${err.message}`));
    const other = b.add([2]).then(() => order.push('other'));
    await Promise.all([ok, bad, other]);
    // The failed batch was retried submit by submit: only the poisoned one is refused.
    expect(order.sort()).toEqual(['bad: write failed', 'ok', 'other']);
  });

  it('runs batches and exclusive tasks one at a time', async () => {
    const log: string[] = [];
    let active = 0;
    const b = new Batcher<number>({
      maxItems: 2,
      maxDelayMs: 1,
      async run(items) {
        active++;
        expect(active).toBe(1);
        log.push(`run ${items.join(',')}`);
        await new Promise((r) => setTimeout(r, 3));
        active--;
      },
    });
    const all = [
      b.add([1, 2]),
      b.add([3, 4]),
      b.exclusive(async () => void log.push('task')),
      b.add([5]),
    ];
    await Promise.all(all);
    expect(log).toContain('task');
    expect(log.filter((l) => l.startsWith('run'))).toEqual(['run 1,2', 'run 3,4', 'run 5']);
  });

  it('flush waits for everything queued; close refuses new work', async () => {
    const { b, runs } = recorder({ maxDelayMs: 10_000 });
    void b.add([1]);
    void b.add([2]);
    await b.flush();
    expect(runs).toEqual([[1, 2]]);
    await b.close();
    await expect(b.add([3])).rejects.toThrow(/closed/);
  });
});

// How far a report has come (issue 14 item 4: the generate page's progress bar). The page names its
// run with a random progress_id and asks get_progress every half second while /api/report works.
// Kept in this process's memory, per user, for ten minutes: the page asks the process that runs
// the report unless several processes share one address without sticky sessions (docs/scale-out.md).
import type { ReportProgress } from '@fleet/common';

const KEEP_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

interface Entry extends ReportProgress {
  /** real ms, for expiry */
  at: number;
}

const entries = new Map<string, Entry>();

const keyOf = (nid: number, id: string) => `${nid}:${id}`;

function sweep(at: number) {
  for (const [k, e] of entries) if (at - e.at > KEEP_MS) entries.delete(k);
  // A flood of ids cannot grow the map without bound: the oldest go first (Map keeps insertion order).
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** A reporter for one run; `finish()` marks it done (or failed: the page stops asking). */
export function progressReporter(nid: number, id: string | undefined) {
  const set = (done: number, stage: string, finished = false) => {
    if (!id) return;
    const at = performance.now();
    entries.delete(keyOf(nid, id));
    entries.set(keyOf(nid, id), {
      done: Math.max(0, Math.min(1, done)),
      stage,
      finished,
      at,
    });
    sweep(at);
  };
  return {
    report: (done: number, stage: string) => set(done, stage),
    finish: (stage = 'Done') => set(1, stage, true),
  };
}

export function readProgress(nid: number, id: string): ReportProgress | null {
  const e = entries.get(keyOf(nid, id));
  if (!e || performance.now() - e.at > KEEP_MS) return null;
  return { done: e.done, stage: e.stage, finished: e.finished };
}

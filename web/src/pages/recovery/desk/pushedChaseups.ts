// What the live socket says about chase-ups (API.md §5; issue 16 item 2): the hub pushes
// {"type":"counts","changed":["chaseup_events_count_new"]} to support users whenever a chase-up is
// created or changes, and {"type":"alert","alert":{"kind":"chaseup", id, uid, type, state, time,
// type_name}} for one that arrives New. Either means: read the chase-ups again now.
import type { LiveMessage } from '@fleet/common';
import { useLiveMessages, useLiveResync } from '../../../api/live';

export const CHASEUP_COUNT_NAME = 'chaseup_events_count_new';

/** 'count' for a counts message naming the chase-up count, 'alert' for a pushed chase-up. */
export function chaseupPush(message: LiveMessage): 'count' | 'alert' | null {
  if (message.type === 'counts') {
    const changed = message.changed;
    if (Array.isArray(changed) && changed.includes(CHASEUP_COUNT_NAME)) return 'count';
    if (typeof message[CHASEUP_COUNT_NAME] === 'number') return 'count';
    return null;
  }
  if (message.type === 'alert') {
    const a = message.alert as Record<string, unknown> | undefined;
    return a?.kind === 'chaseup' ? 'alert' : null;
  }
  return null;
}

/**
 * Calls `refresh` when the socket says chase-ups changed, and when it comes back after missing
 * messages (API.md §5 resync).
 */
export function useChaseupPush(refresh: (why: 'count' | 'alert' | 'resync') => void): void {
  useLiveMessages((message) => {
    const kind = chaseupPush(message);
    if (kind) refresh(kind);
  });
  useLiveResync(() => refresh('resync'));
}

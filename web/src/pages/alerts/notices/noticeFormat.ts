// What the notice screens share (SPEC §3 Notice, §2 notice links): the type's name and colour, the
// newest-first order and the link form /portal/alerts/notice/{tid}.
import { NOTICE_TYPES, type Notice } from '@fleet/common';

export const NOTICES_PATH = '/portal/alerts/notices';
export const noticePath = (tid: number) => `/portal/alerts/notice/${tid}`;

/** 0 info, 1 warning, 2 error (SPEC §3). */
const TYPE_COLOURS: Record<number, string> = { 0: 'blue', 1: 'orange', 2: 'red' };

export function noticeTypeName(type: number): string {
  return NOTICE_TYPES[type as keyof typeof NOTICE_TYPES] ?? NOTICE_TYPES[0];
}

export function noticeTypeColour(type: number): string {
  return TYPE_COLOURS[type] ?? TYPE_COLOURS[0]!;
}

export const NOTICE_TYPE_OPTIONS = ([0, 1, 2] as const).map((value) => ({
  value,
  label: NOTICE_TYPES[value],
}));

/** Newest first; ties (same second) by the higher tid, the later written. */
export function newestFirst<T extends { created: string; tid: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => {
    const byTime = Date.parse(b.created) - Date.parse(a.created);
    return Number.isNaN(byTime) || byTime === 0 ? b.tid - a.tid : byTime;
  });
}

export const unreadCount = (notices: readonly Notice[]) => notices.filter((n) => n.unread).length;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Shown beside the field, so the field's name is dropped where the sentence stands alone
 * ('emails.1: "x" is not a valid e-mail address') and kept where it does not ('title: is required'
 * reads "Title is required").
 */
function fieldSentence(key: string, part: string, rest: string): string {
  if (!part.includes(':')) return capital(part);
  if (/^(is|are|must|should|cannot|can)\b/.test(rest))
    return capital(`${key.replace(/_/g, ' ')} ${rest}`);
  return capital(rest);
}

/**
 * The server's refusal ("client_ids: choose at least one client; title is required") split by the
 * field each part names, so the form shows it beside that field; the rest is shown above the form.
 */
export function fieldMessages<K extends string>(
  message: string,
  keys: readonly K[],
): { fields: Partial<Record<K, string>>; rest: string[] } {
  const fields: Partial<Record<K, string>> = {};
  const rest: string[] = [];
  for (const part of message.split(/;\s*|\s+—\s+/).map((p) => p.trim())) {
    if (!part) continue;
    const m = /^([a-z_]+)(?:\.\d+)*(?::| is)\s*(.*)$/.exec(part);
    const key = m?.[1] as K | undefined;
    if (key && keys.includes(key)) fields[key] ??= fieldSentence(key, part, m![2]!);
    else rest.push(part);
  }
  return { fields, rest };
}

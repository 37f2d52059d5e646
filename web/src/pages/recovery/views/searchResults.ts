// The recovery search's answer as the page walks it (issue 16 item 5): the results in the order
// they show (units, clients, people), each with the page it opens, and the parts of a text that
// match what was typed.
import type { SearchHit } from '@fleet/common';
import { recoveryClientPath, recoveryUnitPath } from '../../../api/recovery';

export type SearchGroup = 'units' | 'clients' | 'people';

export const SEARCH_GROUPS: { key: SearchGroup; title: string }[] = [
  { key: 'units', title: 'Units' },
  { key: 'clients', title: 'Clients' },
  { key: 'people', title: 'People' },
];

export interface SearchItem {
  key: string;
  group: SearchGroup;
  /** the page it opens: a unit's, a client's, a person's client's */
  to: string;
}

export function searchItems(hit: SearchHit): SearchItem[] {
  return [
    ...hit.units.map((u) => ({
      key: `unit-${u.uid}`,
      group: 'units' as const,
      to: recoveryUnitPath(u.uid),
    })),
    ...hit.clients.map((c) => ({
      key: `client-${c.cid}`,
      group: 'clients' as const,
      to: recoveryClientPath(c.cid),
    })),
    ...hit.people.map((p) => ({
      key: `person-${p.pid}`,
      group: 'people' as const,
      to: recoveryClientPath(p.cid),
    })),
  ];
}

export interface TextPart {
  text: string;
  match: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` cut into the parts that match a word of `query` (case-insensitive; the longest word first,
 * so "van" inside "Vanessa" and "vanessa" marks the whole name) and the rest.
 */
export function matchParts(text: string, query: string): TextPart[] {
  const words = [...new Set(query.trim().toLowerCase().split(/\s+/).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  if (!text || !words.length) return text ? [{ text, match: false }] : [];
  // The whole query too, so "CA 123" marks "CA 123" and not only "CA" and "123" apart.
  const whole = query.trim().toLowerCase();
  const terms = whole.includes(' ') ? [whole, ...words] : words;
  const pattern = new RegExp(`(${terms.map(escape).join('|')})`, 'gi');
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (!m[0]) continue;
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), match: false });
    parts.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** Whether a text matches a word of the query (to show a VIN or IMEI only when it matched). */
export const matches = (text: string | null | undefined, query: string) =>
  !!text && matchParts(text, query).some((p) => p.match);

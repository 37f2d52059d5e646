// A record's events as the evaluators see them (types.ts RecordEvent), read from the batch's
// device_events rows: deduplicated by type and ref, attributes parsed once per distinct text.
import type { DeviceEventType } from '../ingest/types';
import { EVENT_COLUMNS } from '../pipeline/columns';
import type { RecordEvent } from './types';

export const NO_EVENTS: readonly RecordEvent[] = [];
const EMPTY_ATTRS = Object.freeze({});
const DERIVED_ATTRS = Object.freeze({ derived: true });
/** Parsed event attributes by their JSON (a location's are the same string every time). */
const parsedAttributes = new Map<string, Record<string, unknown>>();

function attributesOf(json: unknown): Record<string, unknown> {
  if (typeof json !== 'string' || json === '{}') return EMPTY_ATTRS;
  if (json === '{"derived":true}') return DERIVED_ATTRS;
  let v = parsedAttributes.get(json);
  if (v === undefined) {
    try {
      const parsed = JSON.parse(json) as unknown;
      v = Object.freeze(
        typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
      );
    } catch {
      v = EMPTY_ATTRS;
    }
    if (parsedAttributes.size >= 1024) parsedAttributes.clear();
    parsedAttributes.set(json, v);
  }
  return v;
}

let layout: { width: number; type: number; attributes: number; ref: number } | null = null;

/** The events of a record: batch.events rows (EVENT_COLUMNS) from `from`. */
export function recordEvents(rows: readonly unknown[], from: number): readonly RecordEvent[] {
  if (rows.length <= from) return NO_EVENTS;
  const l = (layout ??= {
    width: EVENT_COLUMNS.length,
    type: EVENT_COLUMNS.indexOf('type'),
    attributes: EVENT_COLUMNS.indexOf('attributes'),
    ref: EVENT_COLUMNS.indexOf('ref'),
  });
  const out: RecordEvent[] = [];
  for (let i = from; i < rows.length; i += l.width) {
    const type = rows[i + l.type] as DeviceEventType;
    const ref = Number(rows[i + l.ref]) || 0;
    if (out.some((e) => e.type === type && e.ref === ref)) continue;
    out.push({ type, ref, attributes: attributesOf(rows[i + l.attributes]) });
  }
  return out;
}

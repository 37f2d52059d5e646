// A unit's rule memory: per rule, the incident the engine keeps (the open or last alert's start,
// whether it is open, when it ended) and the evaluator's own memory. It lives in the unit's runtime
// and is written to unit_rule_memory when it changed, in the ingest transaction, so a restart
// resumes an episode where the last commit left it and a failed batch is replayed from the
// committed memory (the runtime is dropped and read again).
import { RULE_TYPE_BY_KEY, type RuleTypeKey } from '@fleet/common';
import type { CompiledRule } from './compiled';

/** One alert row written by a batch: a new incident (insert) or a change of a stored one. */
export interface AlertOp {
  insert: boolean;
  ruleId: number;
  /** The rule (an insert's name, type and recipients); null for an update of a rule now gone. */
  rule: CompiledRule | null;
  unitId: number;
  /** The incident's start: the row's key with rule and unit. */
  time: number;
  lat: number | null;
  lon: number | null;
  /** For an update: null keeps the stored value. */
  speed: number | null;
  /** For an update: null keeps the stored value. */
  evidence: Record<string, unknown> | null;
  open: 0 | 1;
  endTime: number | null;
}

export interface RuleState {
  /**
   * The rule's type when the memory was made: a rule edited to another type under the same rid
   * starts afresh (its evaluator would misread the other type's memory, and its open incident is
   * of the other type). '' when not known (memory stored without it): taken from the rule.
   */
  t: RuleTypeKey | '';
  /** Start of the open or last incident (its alert row's time); 0 when there was none. */
  s: number;
  open: boolean;
  /** End of the last incident; 0 while one is open or there was none. */
  e: number;
  /** The evaluator's memory (JSON). */
  m: Record<string, unknown>;
  /** Record time and peak of the open incident's last progress write (not stored: a restart writes once more). */
  w: number;
  ws: number | null;
  /** The row op of this incident in the batch `opBatch`: one row write per incident and batch. */
  op: AlertOp | null;
  opBatch: object | null;
  /** The entry as last serialised, reused while nothing in it changed (not stored). */
  saved: SavedEntry | null;
}

/** A serialised entry and what it was made of: s, open, e and the memory's flat values. */
interface SavedEntry {
  json: string;
  t: RuleTypeKey | '';
  s: number;
  open: boolean;
  e: number;
  keys: string[];
  values: unknown[];
}

export type RuleMemory = Map<number, RuleState>;

export function newRuleState(type: RuleTypeKey | ''): RuleState {
  return {
    t: type,
    s: 0,
    open: false,
    e: 0,
    m: {},
    w: 0,
    ws: null,
    op: null,
    opBatch: null,
    saved: null,
  };
}

/**
 * unit_rule_memory.memory as stored: `{"<rid>": {"s": …, "o": 1, "e": …, "t": "<type>", "m": {…}}}`,
 * each field left out when 0 (o: closed), '' or empty. It runs per unit and batch over every rule
 * of the unit (the store compares the text with the row's to know whether to write it), which at one
 * record per unit and batch would cost more than the rules themselves: an entry whose incident and
 * flat memory values are what they were when it was last serialised reuses that text (nested values
 * always count as changed), and a memory none of whose entries changed returns the same string.
 */
export function serializeRuleMemory(mem: RuleMemory | null): string {
  if (mem === null || mem.size === 0) return '{}';
  // Most batches change nothing in most units' memory: then the whole text is the last one.
  const last = texts.get(mem);
  if (last !== undefined) {
    let n = 0;
    let same = true;
    for (const st of mem.values()) {
      if (st.s === 0 && isEmpty(st.m)) continue;
      n++;
      if (!unchanged(st)) {
        same = false;
        break;
      }
    }
    if (same && n === last.entries) return last.json;
  }
  let out = '{';
  let entries = 0;
  for (const [rid, st] of mem) {
    // A rule that never raised anything and keeps no memory reads back the same without an entry:
    // most rules of most units, most of the time.
    if (st.s === 0 && isEmpty(st.m)) {
      st.saved = null;
      continue;
    }
    if (entries++) out += ',';
    out += unchanged(st) ? st.saved!.json : save(rid, st);
  }
  out += '}';
  texts.set(mem, { json: out, entries });
  return out;
}

/** The last text of each memory and its number of entries. */
const texts = new WeakMap<RuleMemory, { json: string; entries: number }>();

function unchanged(st: RuleState): boolean {
  const saved = st.saved;
  if (
    saved === null ||
    saved.s !== st.s ||
    saved.open !== st.open ||
    saved.e !== st.e ||
    saved.t !== st.t
  )
    return false;
  const { keys, values } = saved;
  const m = st.m;
  let i = 0;
  for (const k in m) {
    const v = m[k];
    if (i >= keys.length || keys[i] !== k || values[i] !== v) return false;
    if (typeof v === 'object' && v !== null) return false;
    i++;
  }
  return i === keys.length;
}

function save(rid: number, st: RuleState): string {
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const k in st.m) {
    keys.push(k);
    values.push(st.m[k]);
  }
  // What is 0, '' or empty is left out: the shorter the text, the cheaper its writes.
  // The type is one of RULE_TYPES' keys (no character to escape).
  let json = `"${rid}":{`;
  if (st.s !== 0) json += `"s":${st.s},`;
  if (st.open) json += '"o":1,';
  if (st.e !== 0) json += `"e":${st.e},`;
  if (st.t !== '') json += `"t":"${st.t}",`;
  json = (isEmpty(st.m) ? json.slice(0, -1) : `${json}"m":${JSON.stringify(st.m)}`) + '}';
  st.saved = { json, t: st.t, s: st.s, open: st.open, e: st.e, keys, values };
  return json;
}

/** No value in the memory (a forgotten one is undefined, and not stored). */
function isEmpty(m: Record<string, unknown>): boolean {
  for (const k in m) if (m[k] !== undefined) return false;
  return true;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The memory of a unit_rule_memory.memory value; null when there is none (or it cannot be read). */
export function parseRuleMemory(json: string | null | undefined): RuleMemory | null {
  if (!json || json === '{}') return null;
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const mem: RuleMemory = new Map();
  for (const [key, raw] of Object.entries(v as Record<string, unknown>)) {
    const rid = Number(key);
    if (!Number.isInteger(rid) || typeof raw !== 'object' || raw === null) continue;
    const r = raw as Record<string, unknown>;
    const m = typeof r.m === 'object' && r.m !== null && !Array.isArray(r.m) ? r.m : {};
    mem.set(rid, {
      t:
        typeof r.t === 'string' && Object.hasOwn(RULE_TYPE_BY_KEY, r.t) ? (r.t as RuleTypeKey) : '',
      s: num(r.s),
      open: r.o === 1,
      e: num(r.e),
      m: m as Record<string, unknown>,
      w: 0,
      ws: null,
      op: null,
      opBatch: null,
      saved: null,
    });
  }
  return mem.size ? mem : null;
}

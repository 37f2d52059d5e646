// A rule as the engine runs it. A leaf module: the unit's rule memory (state.ts), which the
// pipeline's runtime holds, refers to it, and it imports nothing of the pipeline's.
import type { RuleParams, RuleTypeKey } from '@fleet/common';

/** A rule as the engine runs it (compiled once per client; rules/cache.ts). */
export interface CompiledRule<K extends RuleTypeKey = RuleTypeKey> {
  rid: number;
  clientId: number;
  name: string;
  type: K;
  param: RuleParams[K];
  /** 1 Monday … 7 Sunday */
  days: readonly number[];
  /** minutes after midnight in the client's zone; end is exclusive (1440 = 24:00) */
  start: number;
  end: number;
  emails: readonly string[];
  sms: readonly string[];
  phones: readonly string[];
  callMe: boolean;
}

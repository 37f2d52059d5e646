// The rule tasks of issue 11 (common/src/tasks/rules.ts) as TanStack Query options and calls, plus
// the lists the rule form picks from: labels, fleets, locations and routes (one page of up to 500,
// enough for a picker; the server sorts them by name, SPEC §4).
import { MAX_PAGE_SIZE, type RuleInput } from '@fleet/common';
import { call } from './call';
import type { RequestOptions } from './client';
import { taskKey, taskQuery } from './queries';

export const ruleQuery = (rid: number, opts?: RequestOptions) =>
  taskQuery('get_rule', { rid }, opts);

const PICKER = { page: 1, page_size: MAX_PAGE_SIZE };
const quiet = { silent: true };
export const tagsQuery = () => taskQuery('get_tags', PICKER, quiet);
export const fleetsQuery = () => taskQuery('get_fleets', PICKER, quiet);
export const locationsPickerQuery = () => taskQuery('get_locations', PICKER, quiet);
export const routesPickerQuery = () => taskQuery('get_routes', PICKER, quiet);

/** Silent: the form shows the server's refusal beside the field it names. */
export const setRule = (input: RuleInput) => call('set_rule', input, { silent: true });
export const deleteRule = (rid: number) => call('delete_rule', { rid });

/** Every query a rule change can make stale. */
export const RULE_KEYS = [taskKey('get_rules'), taskKey('get_rule')];

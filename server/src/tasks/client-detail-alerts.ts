// Whether the client's details are missing (initial details) or over a year old (details update).
// Work in progress: replaced by the client details' own check once they land.
import type { TaskContext } from './context';

export async function clientDetailAlerts(
  _ctx: TaskContext,
): Promise<{ initial_details: number; details_update: number }> {
  return { initial_details: 0, details_update: 0 };
}

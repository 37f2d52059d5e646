import { registerTasks } from './registry';
import { accountTasks } from './account';
import { userTasks } from './users';
import { userRecordTasks } from './user-records';
import { unitTasks } from './units';
import { tripTasks } from './trips';
import { trackLinkTasks } from './track-links';
import { summaryTasks } from './summaries';
import { peopleTasks } from './people';

let registered = false;

/** Registers every task once; each domain module adds its list here. */
export function registerAllTasks(): void {
  if (registered) return;
  registered = true;
  registerTasks([
    ...accountTasks,
    ...userTasks,
    ...userRecordTasks,
    ...unitTasks,
    ...tripTasks,
    ...trackLinkTasks,
    ...summaryTasks,
    ...peopleTasks,
  ]);
}

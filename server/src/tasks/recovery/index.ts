// The recovery desk's tasks (issue 16): the chase-up queue and its work (chaseups, comments,
// call-logs, recovery-logs), finding any client's unit (search, views) and following a vehicle
// (backup-units, border).
import { backupUnitsTasks } from './backup-units';
import { borderTasks } from './border';
import { callLogsTasks } from './call-logs';
import { chaseupsTasks } from './chaseups';
import { commentsTasks } from './comments';
import { recoveryLogsTasks } from './recovery-logs';
import { searchTasks } from './search';
import { viewsTasks } from './views';

export const recoveryTasks = [
  ...chaseupsTasks,
  ...commentsTasks,
  ...callLogsTasks,
  ...recoveryLogsTasks,
  ...searchTasks,
  ...viewsTasks,
  ...backupUnitsTasks,
  ...borderTasks,
];

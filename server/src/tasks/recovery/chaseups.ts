// Filled in by issue 16's work: see server/src/tasks/recovery/index.ts.
import type { TaskDef } from '../registry';

export const chaseupsTasks: TaskDef[] = [];

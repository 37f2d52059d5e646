import type { TaskDef } from './registry';

export const billingTasks: TaskDef[] = [];

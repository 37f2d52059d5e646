import type { TaskDef } from './registry';

export const orderTasks: TaskDef[] = [];

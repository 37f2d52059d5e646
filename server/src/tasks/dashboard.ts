import type { TaskDef } from './registry';

export const dashboardTasks: TaskDef[] = [];

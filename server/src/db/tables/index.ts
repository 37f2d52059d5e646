// The table types by area (db/types.ts puts them together in Database).
export type * from './accounts';
export type * from './fleet';
export type * from './tracking';
export type * from './places';
export type * from './alerts';
export type * from './commercial';
export type * from './fuel';
export type * from './maintenance';
export type * from './commands';
export type * from './reports';
export type * from './stream';

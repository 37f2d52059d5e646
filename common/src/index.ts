export * from './constants';
export * from './enums';
export * from './roles';
export * from './rules';
export * from './validators';
export * from './format';
export * from './geo';
export * from './api';

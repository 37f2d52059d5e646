// Moved to domain/unit-view.ts (shared with the live hub and share links); kept for the tasks' imports.
export { withUnitState, toUnitItem, type UnitRow } from '../domain/unit-view';

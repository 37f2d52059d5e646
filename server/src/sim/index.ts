// Demo fleet simulator: see simulator.ts.
export {
  startSimulator,
  type HistoryProgress,
  type SimGateways,
  type SimHistory,
  type SimOptions,
  type SimUnit,
  type Simulator,
} from './simulator';
export { TOWNS, ROADS, townByName, type Town } from './towns';
export type { SimReport, SimEvent, SimStop } from './vehicle';
export type { SimRoutePlan } from './route-run';

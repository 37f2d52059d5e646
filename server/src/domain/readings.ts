// A unit's odometer and engine hours as users read them (issue 12): the pipeline's running values
// (unit_state: metres and seconds) plus the user's correction (units: km and hours). A typed reading
// becomes an offset, so it takes effect at once and never races the pipeline's unit_state writes.

/** A running value in its stored unit (`perUnit` of them make one shown unit) plus the offset. */
function corrected(
  state: number | null | undefined,
  perUnit: number,
  offset: number,
  decimals: number,
): number | null {
  if ((state === null || state === undefined) && !offset) return null;
  const f = 10 ** decimals;
  return Math.round((Number(state ?? 0) / perUnit + Number(offset)) * f) / f;
}

/** km; null when the unit never reported and nobody typed a reading. */
export const odometerKm = (
  stateMetres: number | null | undefined,
  offsetKm: number,
  decimals = 1,
) => corrected(stateMetres, 1000, offsetKm, decimals);

/** hours; null when the unit never reported and nobody typed a reading. */
export const engineHours = (
  stateSeconds: number | null | undefined,
  offsetHours: number,
  decimals = 1,
) => corrected(stateSeconds, 3600, offsetHours, decimals);

/** The offsets that make the unit read `km` and `hours` now. */
export const odometerOffset = (stateMetres: number | null | undefined, km: number) =>
  km - Number(stateMetres ?? 0) / 1000;
export const engineHoursOffset = (stateSeconds: number | null | undefined, hours: number) =>
  hours - Number(stateSeconds ?? 0) / 3600;

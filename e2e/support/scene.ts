// The scene every browser test plays in: the server starts its clock at SCENE_START (CLOCK_START)
// and every browser context runs on the server's time (Playwright's clock) in the demo fleet's
// zone. What a test expects follows from the scene, never from when or where the suite runs.

/** Wednesday 25 November 2026, 10:00 in Johannesburg: a working morning with a week behind it. */
export const SCENE_START = '2026-11-25T10:00:00+02:00';
export const SCENE_ZONE = 'Africa/Johannesburg';

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: SCENE_ZONE });

/** The scene's calendar day of an instant, YYYY-MM-DD (`daysBack` days earlier when given). */
export function sceneDay(instant: number, daysBack = 0): string {
  // Noon of the day, so stepping back whole days never lands on the wrong side of a midnight.
  const [y, m, d] = DAY_FORMAT.format(instant).split('-').map(Number);
  return DAY_FORMAT.format(Date.UTC(y, m - 1, d - daysBack, 10));
}

/** A {daterange} route parameter for the last `n` days up to the day of `instant`. */
export function lastDays(instant: number, n: number): string {
  return `${sceneDay(instant, n - 1)}_${sceneDay(instant)}`;
}

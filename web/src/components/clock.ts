// The page's time, read in one place (ARCHITECTURE.md §4): the browser's own clock, which the
// browser tests pin to the server's scene with Playwright's clock. Components ask here, never
// Date.now(), so the one seam stays one.
export function now(): number {
  return Date.now();
}

/** The current year by the page's clock (the footers' copyright range, SPEC §2). */
export function currentYear(): number {
  return new Date(now()).getFullYear();
}

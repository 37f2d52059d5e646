// A desk table scrolls sideways inside its card on a phone, but only when it has rows: an empty
// table's wide placeholder would be a scrollable region with nothing to focus in it, which a
// keyboard user could not scroll (axe scrollable-region-focusable).
export const tableScroll = (rows: readonly unknown[]) =>
  rows.length ? { x: 'max-content' as const } : undefined;

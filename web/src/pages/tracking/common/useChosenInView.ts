// Keeps the chosen entry of a scrolled list in sight (the trip lists): when the map or the replay
// chooses an entry further down, the list scrolls just far enough to show it.
import { useEffect, useRef } from 'react';

/**
 * A ref for the scrolling list. Whenever `elementId` (the chosen entry's id, or null) or `entries`
 * change, the entry with that id inside the list is scrolled into view.
 */
export function useChosenInView(elementId: string | null, entries?: unknown) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (elementId === null) return;
    scroller.current
      ?.querySelector(`#${elementId}`)
      ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [elementId, entries]);
  return scroller;
}

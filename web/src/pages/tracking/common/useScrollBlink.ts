// SPEC §2: the trip summary element with the id trip_summary_{id} is scrolled into view and
// blinks for 5 seconds (BLINK_MS). Returns the id blinking now; the page gives that element the
// `is-blinking` class, whose CSS animation runs exactly BLINK_MS.
import { useEffect, useRef, useState } from 'react';
import { BLINK_MS } from '@fleet/common';

/**
 * Once `ready` (the element is rendered), scrolls the element with id `targetId` into view and
 * reports it as blinking for BLINK_MS. Runs again only when `targetId` changes.
 */
export function useScrollBlink(targetId: string | null, ready: boolean): string | null {
  const [blinking, setBlinking] = useState<string | null>(null);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!targetId) {
      done.current = null;
      return;
    }
    if (!ready || done.current === targetId) return;
    const element = document.getElementById(targetId);
    if (!element) return;
    done.current = targetId;
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    setBlinking(targetId);
  }, [targetId, ready]);
  useEffect(() => {
    if (!blinking) return;
    const timer = setTimeout(() => setBlinking(null), BLINK_MS);
    return () => clearTimeout(timer);
  }, [blinking]);
  return blinking;
}

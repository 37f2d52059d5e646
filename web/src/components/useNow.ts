import { useEffect, useState } from 'react';
import { now as clockNow } from './clock';

/** The current time, refreshed every `everyMs`, so "2 minutes ago" keeps telling the truth. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => clockNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(clockNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

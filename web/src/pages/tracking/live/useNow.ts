import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, so "2 minutes ago" keeps telling the truth. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

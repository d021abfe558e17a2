import { useEffect, useState } from 'react';

/**
 * The time now, as a screen reads it to say what is due (a booking about to start, a guest late), moving on
 * every `everyMs`: renders stay pure, and the screen still follows the clock.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

import { useEffect, useState } from 'react';
import { dayIn } from '../../../lib/restaurant-day';

/**
 * Today in the time zone, checked every minute, so the presets move on to the next day at midnight.
 * The time zone is fixed for the life of the component (its parent keys it by the zone).
 */
export function useToday(timeZone: string): string {
  const [today, setToday] = useState(() => dayIn(timeZone, new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(dayIn(timeZone, new Date())), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return today;
}

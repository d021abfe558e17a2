import { Fragment, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from '../features/more/api/get-settings';
import { setRestaurantTimeZone } from '../lib/restaurant-day';
import { useAppSelector } from '../store/hooks';
import { selectUser } from '../store/user-slice';

/**
 * Every staff screen reads days and clocks in the restaurant's time zone, the one its settings name
 * (lib/restaurant-day.ts holds it; the default settings' zone until they arrive). The settings are read once
 * someone is signed in, and again whenever they change. The zone is set while this draws, before the screens
 * under it do. The formatters that read it are no hooks, so nothing else would draw a screen again when the zone
 * changes: the screens are drawn anew then (the key), which happens once at most when the app opens, for a
 * restaurant outside the default zone, and when an admin picks another zone.
 */
export function RestaurantTimeZone({ children }: { children: ReactNode }) {
  const { isAuth } = useAppSelector(selectUser);
  const settings = useQuery({ ...settingsQueryOptions(), enabled: isAuth });
  const timeZone = setRestaurantTimeZone(settings.data?.timezone);
  return <Fragment key={timeZone}>{children}</Fragment>;
}

import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { itemsQueryOptions } from '../../menu/api/list-items';
import { useStations } from '../../menu/api/list-stations';

/** The station a kitchen screen shows, remembered on the device so a tablet by the bar stays the bar's. */
export const kitchenStationStorageKey = 'quan.kitchen-station';

function readRemembered(): string | null {
  try {
    return localStorage.getItem(kitchenStationStorageKey);
  } catch {
    // Storage refused (a private window): the screen starts on all stations.
    return null;
  }
}

function remember(stationId: string | null): void {
  try {
    if (stationId) localStorage.setItem(kitchenStationStorageKey, stationId);
    else localStorage.removeItem(kitchenStationStorageKey);
  } catch {
    // Not remembered; the address still holds the choice.
  }
}

interface KitchenStationOptions {
  enabled: boolean;
  /** The station named in the address (?station=), by id or by name ("bar"). */
  param: string | null;
  /** Writes the address's station (null removes it). */
  setParam: (stationId: string | null) => void;
}

/**
 * The kitchen screen's station: the address's, else the one remembered on this device, else all stations;
 * choosing one writes both. Also the dishes' target minutes from the menu, for the tickets' colours. Without
 * stations (or when they cannot be loaded) the kitchen is one screen of whole rounds, as it always was.
 */
export function useKitchenStation({ enabled, param, setParam }: KitchenStationOptions) {
  const stations = useStations({ enabled });
  const items = useQuery({ ...itemsQueryOptions(), enabled });
  const [remembered, setRemembered] = useState(readRemembered);

  // The branch's kitchen: the chain's stations it runs.
  const list = useMemo(() => (stations.data ?? []).filter((one) => one.inUse), [stations.data]);
  const requested = param || remembered;
  const station = useMemo(() => {
    if (!requested) return null;
    const name = requested.toLocaleLowerCase('vi');
    return (
      list.find((one) => one._id === requested) ?? list.find((one) => one.name.toLocaleLowerCase('vi') === name) ?? null
    );
  }, [list, requested]);

  const prepMinutes = useMemo(
    () => new Map((items.data ?? []).map((item) => [item._id, item.prepMinutes])),
    [items.data],
  );
  const prepMinutesOf = useCallback((itemId: string) => prepMinutes.get(itemId), [prepMinutes]);

  function choose(stationId: string | null) {
    remember(stationId);
    setRemembered(stationId);
    setParam(stationId);
  }

  return {
    stations: list,
    station,
    choose,
    /** A station is asked for and the stations are still on their way: the board waits rather than flash all. */
    isResolving: enabled && requested !== null && stations.isPending,
    /** A station is asked for that is not (or no longer) there: all stations are shown instead. */
    isUnknown: requested !== null && stations.isSuccess && station === null,
    prepMinutesOf,
  };
}

import type { Station } from '@quan/contract/stations';
import { useT } from '../../../lib/i18n';

interface KitchenStationPickerProps {
  stations: readonly Pick<Station, '_id' | 'name'>[];
  /** The station shown; null for all of them. */
  stationId: string | null;
  onChoose: (stationId: string | null) => void;
}

/** Which station this kitchen screen is: each sees and bumps only its own dishes; "All stations" sees whole rounds. */
export function KitchenStationPicker({ stations, stationId, onChoose }: KitchenStationPickerProps) {
  const t = useT();
  const options = [{ _id: null, name: t('orders.kitchen.allStations') }, ...stations];
  return (
    <div
      role="group"
      aria-label={t('orders.kitchen.station')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {options.map((option) => {
        const isChosen = option._id === stationId;
        return (
          <button
            key={option._id ?? 'all'}
            type="button"
            aria-pressed={isChosen}
            onClick={() => onChoose(option._id)}
            className={`btn min-h-11 shrink-0 text-base ${isChosen ? 'bg-stone-900 text-white hover:bg-stone-800' : 'btn-secondary'}`}
          >
            {option.name}
          </button>
        );
      })}
    </div>
  );
}

import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { Link } from 'react-router';
import type { Category, Item } from '@quan/contract/menu';
import type { CreateStationBody, Station } from '@quan/contract/stations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { useCategories } from '../api/list-categories';
import { useItems } from '../api/list-items';
import { useCreateStation } from '../api/create-station';
import { useDeleteStation } from '../api/delete-station';
import { useStations } from '../api/list-stations';
import { useUpdateStation } from '../api/update-station';
import { StationForm } from './StationForm';
import { EditDeleteActions } from './EditDeleteActions';

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Where a station's screen takes its dishes from: categories routed to it, and dishes routed to it on their own. */
interface StationRoutes {
  categories: string[];
  dishes: string[];
}

/**
 * What each station takes, by station id. A category or dish that names a station no longer in the list
 * counts as routed nowhere (the first station takes it).
 */
function routesByStation(
  stations: readonly Station[],
  categories: readonly Category[],
  items: readonly Item[],
): Map<string, StationRoutes> {
  const routes = new Map<string, StationRoutes>(
    stations.map((station) => [station._id, { categories: [], dishes: [] }]),
  );
  for (const category of categories) {
    if (category.stationId) routes.get(category.stationId)?.categories.push(category.name);
  }
  for (const item of items) {
    if (item.stationId) routes.get(item.stationId)?.dishes.push(item.name);
  }
  return routes;
}

/** The lines under a station saying what its screen shows; the first station also takes every dish routed nowhere. */
function routeLines(routes: StationRoutes | undefined, isFirst: boolean): string[] {
  const lines: string[] = [];
  if (routes && routes.categories.length > 0) {
    lines.push(`${routes.categories.length === 1 ? 'Category' : 'Categories'}: ${listNames(routes.categories)}`);
  }
  if (routes && routes.dishes.length > 0) {
    lines.push(
      `${routes.dishes.length === 1 ? 'Dish on its own' : 'Dishes on their own'}: ${listNames(routes.dishes)}`,
    );
  }
  if (isFirst) lines.push(lines.length === 0 ? 'Every dish routed nowhere' : 'And every dish routed nowhere');
  return lines;
}

/** Kitchen stations for managers: list, create, edit, delete, and what goes to each. */
export function StationManagement() {
  const stations = useStations();
  // The dashboard lists these already (the dishes' section asks for every dish until it is filtered).
  const categories = useCategories();
  const items = useItems();
  const createMutation = useCreateStation();
  const updateMutation = useUpdateStation();
  const deleteMutation = useDeleteStation();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Station | 'new' | null>(null);
  const [stationToDelete, setStationToDelete] = useState<Station | null>(null);

  // Already in screen order: the first one takes the dishes routed nowhere.
  const list = stations.data ?? [];
  // Said only once both lists are in: a half-known routing would mislead (their own sections show any error).
  const routes =
    categories.isSuccess && items.isSuccess ? routesByStation(list, categories.data, items.data) : undefined;
  const nextSortOrder = Math.min(
    9999,
    list.reduce((max, station) => Math.max(max, station.sortOrder + 1), 0),
  );

  async function save(body: CreateStationBody) {
    if (editing === 'new') {
      const created = await createMutation.mutateAsync(body);
      enqueueSnackbar(`Station “${created.name}” created.`, { variant: 'success' });
    } else if (editing) {
      const updated = await updateMutation.mutateAsync({ id: editing._id, ...body });
      enqueueSnackbar(`Station “${updated.name}” saved.`, { variant: 'success' });
    }
    setEditing(null);
  }

  function confirmDelete() {
    if (!stationToDelete) return;
    const station = stationToDelete;
    deleteMutation.mutate(station._id, {
      onSuccess: () => enqueueSnackbar(`Station “${station.name}” deleted.`, { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, `Could not delete “${station.name}”.`), { variant: 'error' }),
      onSettled: () => setStationToDelete(null),
    });
  }

  function renderList() {
    if (stations.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading stations…
        </p>
      );
    }
    if (stations.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">{describeApiError(stations.error, 'Could not load the stations.')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void stations.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    if (list.length === 0) {
      return (
        <p className="text-sm text-stone-600">
          No stations yet: the kitchen screen shows every dish. Add one such as “Bếp” or “Bar”.
        </p>
      );
    }
    return (
      <ul className="divide-y divide-stone-200">
        {list.map((station, index) => {
          const lines = routes ? routeLines(routes.get(station._id), index === 0) : [];
          return (
            <li key={station._id}>
              <article aria-label={station.name} className="flex flex-wrap items-start gap-3 py-3">
                <div className="min-w-0 flex-1 basis-64 space-y-1">
                  <h4 className="font-medium text-stone-900">
                    {station.name}
                    {index === 0 && (
                      <span className="ml-2 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        First
                      </span>
                    )}
                  </h4>
                  <p className="text-xs text-stone-600">
                    {station.targetMinutes === null ? 'No target time' : `Target ${station.targetMinutes} min`}
                  </p>
                  {routes &&
                    (lines.length > 0 ? (
                      <ul aria-label={`What goes to ${station.name}`} className="text-sm text-stone-800">
                        {lines.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    ) : (
                      <p className="text-sm text-stone-600">
                        Nothing goes here yet: choose it in a category’s or a dish’s form.
                      </p>
                    ))}
                  <Link
                    to={`/orders?view=kitchen&station=${encodeURIComponent(station._id)}`}
                    className="inline-flex min-h-11 items-center text-sm font-semibold text-amber-800 underline sm:min-h-0"
                  >
                    Open its kitchen screen<span className="sr-only">: {station.name}</span>
                  </Link>
                </div>
                <EditDeleteActions
                  name={station.name}
                  onEdit={() => setEditing(station)}
                  onDelete={() => setStationToDelete(station)}
                  isDeleteDisabled={deleteMutation.isPending && deleteMutation.variables === station._id}
                />
              </article>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="station-management-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="station-management-title" className="text-lg font-semibold text-stone-900">
            Kitchen stations
          </h3>
          <p className="max-w-prose text-sm text-stone-600">
            A dish goes to its own station, else to its category’s, else to the first station. Each kitchen screen shows
            one station (open it from the station below, or pick it on the screen), and a round is ready when every
            station is done with it.
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          New station
        </button>
      </div>
      {renderList()}
      {editing && (
        <Dialog title={editing === 'new' ? 'New station' : `Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <StationForm
            station={editing === 'new' ? undefined : editing}
            nextSortOrder={nextSortOrder}
            isPending={createMutation.isPending || updateMutation.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={stationToDelete !== null}
        title="Delete this station?"
        description={
          <p>
            <strong>{stationToDelete?.name}</strong> will disappear from the kitchen screens. Its dishes go to the first
            station.
          </p>
        }
        confirmLabel="Delete station"
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setStationToDelete(null)}
      />
    </section>
  );
}

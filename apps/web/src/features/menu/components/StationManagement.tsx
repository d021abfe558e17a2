import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { Link } from 'react-router';
import type { Category, Item } from '@quan/contract/menu';
import type { CreateStationBody, Station } from '@quan/contract/stations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { useCategories } from '../api/list-categories';
import { useItems } from '../api/list-items';
import { useCreateStation } from '../api/create-station';
import { useDeleteStation } from '../api/delete-station';
import { useStations } from '../api/list-stations';
import { useUpdateStation } from '../api/update-station';
import { StationForm } from './StationForm';
import { EditDeleteActions } from './EditDeleteActions';

/**
 * Whether the current branch runs the station. Each row has its own request: with one shared, a second row's tap
 * would take over the first's, whose refusal would then go unsaid.
 */
function StationInUseCheckbox({ station, branchName }: { station: Station; branchName: string }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const inUseMutation = useUpdateStation();

  function setInUse(inUse: boolean) {
    inUseMutation.mutate(
      { id: station._id, inUse },
      {
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('menu-admin.station.saveError')), { variant: 'error' }),
      },
    );
  }

  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-0">
      <input
        type="checkbox"
        className="size-4"
        checked={station.inUse}
        disabled={inUseMutation.isPending}
        onChange={(event) => setInUse(event.target.checked)}
      />
      {t('menu-admin.station.inUse', { branch: branchName })}
    </label>
  );
}

function listNames(t: Translate, names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return t('menu-admin.listAnd', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
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
function routeLines(t: Translate, routes: StationRoutes | undefined, isFirst: boolean): string[] {
  const lines: string[] = [];
  if (routes && routes.categories.length > 0) {
    lines.push(
      t('menu-admin.station.routeCategories', {
        count: routes.categories.length,
        names: listNames(t, routes.categories),
      }),
    );
  }
  if (routes && routes.dishes.length > 0) {
    lines.push(
      t('menu-admin.station.routeDishes', { count: routes.dishes.length, names: listNames(t, routes.dishes) }),
    );
  }
  if (isFirst) {
    lines.push(lines.length === 0 ? t('menu-admin.station.routeRest') : t('menu-admin.station.routeAndRest'));
  }
  return lines;
}

/**
 * Kitchen stations for managers: list, create, edit, delete, and what goes to each. In a chain each station also
 * says whether the current branch runs it: the stations are the chain's, as its menu routes to them.
 */
export function StationManagement({
  branchName,
}: {
  /** The current branch, in a chain; null: one branch. */ branchName: string | null;
}) {
  const t = useT();
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

  // Already in screen order: the first one the branch runs takes the dishes routed nowhere or to one it does not run.
  const list = stations.data ?? [];
  const firstInUse = list.find((station) => station.inUse);
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
      enqueueSnackbar(t('menu-admin.station.created', { name: created.name }), { variant: 'success' });
    } else if (editing) {
      const updated = await updateMutation.mutateAsync({ id: editing._id, ...body });
      enqueueSnackbar(t('menu-admin.station.saved', { name: updated.name }), { variant: 'success' });
    }
    setEditing(null);
  }

  function confirmDelete() {
    if (!stationToDelete) return;
    const station = stationToDelete;
    deleteMutation.mutate(station._id, {
      onSuccess: () => enqueueSnackbar(t('menu-admin.station.deleted', { name: station.name }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('menu-admin.deleteError', { name: station.name })), {
          variant: 'error',
        }),
      onSettled: () => setStationToDelete(null),
    });
  }

  function renderList() {
    if (stations.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('menu-admin.station.loading')}
        </p>
      );
    }
    if (stations.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">
            {describeApiError(stations.error, t('menu-admin.station.loadError'))}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void stations.refetch()}>
            {t('menu-admin.tryAgain')}
          </button>
        </div>
      );
    }
    if (list.length === 0) {
      return <p className="text-sm text-stone-600">{t('menu-admin.station.empty')}</p>;
    }
    return (
      <ul className="divide-y divide-stone-200">
        {list.map((station) => {
          const isFirst = station === firstInUse;
          const lines = routes ? routeLines(t, routes.get(station._id), isFirst) : [];
          return (
            <li key={station._id}>
              <article aria-label={station.name} className="flex flex-wrap items-start gap-3 py-3">
                <div className={`min-w-0 flex-1 basis-64 space-y-1 ${station.inUse ? '' : 'opacity-70'}`}>
                  <h3 className="font-medium text-stone-900">
                    {station.name}
                    {isFirst && (
                      <span className="ml-2 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t('menu-admin.station.first')}
                      </span>
                    )}
                  </h3>
                  <p className="text-xs text-stone-600">
                    {station.targetMinutes === null
                      ? t('menu-admin.station.noTarget')
                      : t('menu-admin.station.target', { minutes: station.targetMinutes })}
                  </p>
                  {routes &&
                    (lines.length > 0 ? (
                      <ul
                        aria-label={t('menu-admin.station.routesLabel', { name: station.name })}
                        className="text-sm text-stone-800"
                      >
                        {lines.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    ) : (
                      <p className="text-sm text-stone-600">{t('menu-admin.station.routesNone')}</p>
                    ))}
                  {!station.inUse && (
                    <p className="text-sm text-stone-700">
                      {firstInUse
                        ? t('menu-admin.station.notHereGoesTo', { branch: branchName ?? '', first: firstInUse.name })
                        : t('menu-admin.station.notHere', { branch: branchName ?? '' })}
                    </p>
                  )}
                  {branchName !== null && <StationInUseCheckbox station={station} branchName={branchName} />}
                  {station.inUse && (
                    <Link
                      to={`/orders?view=kitchen&station=${encodeURIComponent(station._id)}`}
                      className="inline-flex min-h-11 items-center text-sm font-semibold text-amber-800 underline sm:min-h-0"
                    >
                      {t('menu-admin.station.openKitchen')}
                      <span className="sr-only">: {station.name}</span>
                    </Link>
                  )}
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
          <h2 id="station-management-title" className="text-lg font-semibold text-stone-900">
            {t('menu-admin.station.heading')}
          </h2>
          <p className="max-w-prose text-sm text-stone-600">{t('menu-admin.station.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('menu-admin.station.new')}
        </button>
      </div>
      {renderList()}
      {editing && (
        <Dialog
          title={
            editing === 'new' ? t('menu-admin.station.new') : t('menu-admin.row.editNamed', { name: editing.name })
          }
          onClose={() => setEditing(null)}
        >
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
        title={t('menu-admin.station.deleteTitle')}
        description={
          <p>
            <strong>{stationToDelete?.name}</strong> {t('menu-admin.station.deleteBody')}
          </p>
        }
        confirmLabel={t('menu-admin.station.deleteConfirm')}
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setStationToDelete(null)}
      />
    </section>
  );
}

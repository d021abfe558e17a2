import { localizedZodResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { createStationBodySchema, type CreateStationBody, type Station } from '@quan/contract/stations';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { optionalWholeNumber } from './form-values';

const stationFields = ['name', 'targetMinutes', 'sortOrder'] as const;

interface StationFormProps {
  /** The station to edit; a new one when absent. */
  station?: Station;
  /** Where a new station goes: after the existing ones. */
  nextSortOrder: number;
  isPending: boolean;
  /** Resolves when saved; rejects with the API error, which the form then shows. */
  onSubmit: (body: CreateStationBody) => Promise<unknown>;
  onCancel: () => void;
}

export function StationForm({ station, nextSortOrder, isPending, onSubmit, onCancel }: StationFormProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(createStationBodySchema),
    defaultValues: {
      name: station?.name ?? '',
      targetMinutes: station?.targetMinutes ?? null,
      sortOrder: station?.sortOrder ?? nextSortOrder,
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      // An emptied target is sent as null, so an edit can remove it.
      await onSubmit({ ...body, targetMinutes: body.targetMinutes ?? null });
    } catch (error) {
      applyApiFieldErrors(error, stationFields, setError);
      setError('root.server', { message: describeApiError(error, t('menu-admin.station.saveError')) });
    }
  });

  // Registered outside the markup, which holds only words people read.
  const fields = {
    name: register('name'),
    targetMinutes: register('targetMinutes', { setValueAs: optionalWholeNumber }),
    sortOrder: register('sortOrder', { valueAsNumber: true }),
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField
        label={t('menu-admin.form.name')}
        autoComplete="off"
        placeholder={t('menu-admin.station.namePlaceholder')}
        error={errors.name?.message}
        {...fields.name}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('menu-admin.station.targetMinutes')}
          type="number"
          inputMode="numeric"
          min={1}
          max={240}
          step={1}
          hint={t('menu-admin.station.targetHint')}
          error={errors.targetMinutes?.message}
          {...fields.targetMinutes}
        />
        <TextField
          label={t('menu-admin.form.position')}
          type="number"
          inputMode="numeric"
          min={0}
          max={9999}
          step={1}
          hint={t('menu-admin.station.positionHint')}
          error={errors.sortOrder?.message}
          {...fields.sortOrder}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('menu-admin.form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending
            ? t('menu-admin.form.saving')
            : station
              ? t('menu-admin.station.save')
              : t('menu-admin.station.create')}
        </button>
      </div>
    </form>
  );
}

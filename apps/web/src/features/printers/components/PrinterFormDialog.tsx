import { useId } from 'react';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import type { PrintBridge, Printer } from '@quan/contract/printers';
import type { Station } from '@quan/contract/stations';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useCreatePrinter } from '../api/create-printer';
import { useUpdatePrinter } from '../api/update-printer';
import { editedFieldsOf, printerFormFields, printerFormSchema, printerFormValues } from './printer-form';
import { codepageNames } from './printer-labels';

/** An address of the kind a printer has on a restaurant's router, as the field's example. */
const exampleHost = '192.168.1.50';

const paperWidthChoices = ['80', '58'] as const;

const printedDocuments = [
  { field: 'printsBills', labelId: 'printers.form.printsBills' },
  { field: 'printsReceipts', labelId: 'printers.form.printsReceipts' },
  { field: 'printsZReports', labelId: 'printers.form.printsZReports' },
] as const;

interface PrinterFormDialogProps {
  /** The printer to edit; without one the dialog adds a printer. */
  printer?: Printer;
  /** The branch's printers, the fallbacks to choose from. */
  printers: readonly Printer[];
  /** The chain's stations, each saying whether this branch runs it; undefined while they load. */
  stations: readonly Station[] | undefined;
  /** The branch's print bridges, revoked ones included. */
  bridges: readonly PrintBridge[];
  onClose: () => void;
}

/**
 * Adds a printer of the branch or edits one: where it is on the network, its paper and how it prints, what it prints,
 * its cash drawer, and where its jobs go when it is off.
 */
export function PrinterFormDialog({ printer, printers, stations, bridges, onClose }: PrinterFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreatePrinter();
  const updateMutation = useUpdatePrinter();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const modeHintId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: localizedZodResolver(printerFormSchema), defaultValues: printerFormValues(printer) });
  const mode = useWatch({ control, name: 'mode' });
  const fallbackPrinterId = useWatch({ control, name: 'fallbackPrinterId' });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    name: register('name'),
    host: register('host'),
    port: register('port', { valueAsNumber: true }),
    paperWidth: register('paperWidth'),
    mode: register('mode'),
    codepage: register('codepage'),
    stationIds: register('stationIds'),
    hasDrawer: register('hasDrawer'),
    fallbackPrinterId: register('fallbackPrinterId'),
    fallbackAfterSeconds: register('fallbackAfterSeconds', { valueAsNumber: true }),
    bridgeId: register('bridgeId'),
  };

  // The stations this branch runs, and any it stopped running that the printer still has, so none is kept unseen.
  const stationChoices = (stations ?? []).filter(
    (station) => station.inUse || printer?.stationIds.includes(station._id),
  );
  const fallbackChoices = printers.filter((other) => other._id !== printer?._id);
  // The live bridges, and a revoked one the printer still names, so that the form shows where its jobs go today.
  const bridgeChoices = bridges.filter((bridge) => bridge.revokedAt === null || bridge._id === printer?.bridgeId);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = printer
        ? await updateMutation.mutateAsync({ id: printer._id, ...editedFieldsOf(body, printer) })
        : await createMutation.mutateAsync(body);
      enqueueSnackbar(t(printer ? 'printers.form.saved' : 'printers.form.added', { name: saved.name }), {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      applyApiFieldErrors(error, printerFormFields, setError);
      setError('root.server', {
        message: describeApiError(
          error,
          printer ? t('printers.form.saveFailed', { name: printer.name }) : t('printers.form.addFailed'),
        ),
      });
    }
  });

  function renderStations() {
    if (stations === undefined) return <p className="text-sm text-stone-600">{t('printers.form.stationsLoading')}</p>;
    if (stationChoices.length === 0) return <p className="text-sm text-stone-600">{t('printers.form.noStations')}</p>;
    return stationChoices.map((station) => (
      <label key={station._id} className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-8">
        <input type="checkbox" value={station._id} className="size-5 accent-amber-700" {...inputs.stationIds} />
        {station.inUse ? station.name : t('printers.form.stationNotRunHere', { name: station.name })}
      </label>
    ));
  }

  return (
    <Dialog
      title={printer ? t('printers.form.editTitle', { name: printer.name }) : t('printers.form.addTitle')}
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <TextField
          label={t('printers.form.name')}
          autoComplete="off"
          placeholder={t('printers.form.namePlaceholder')}
          error={errors.name?.message}
          {...inputs.name}
        />
        <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-3">
          <TextField
            label={t('printers.form.host')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="decimal"
            placeholder={exampleHost}
            hint={t('printers.form.hostHint')}
            error={errors.host?.message}
            {...inputs.host}
          />
          <TextField
            label={t('printers.form.port')}
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            step={1}
            error={errors.port?.message}
            {...inputs.port}
          />
        </div>
        {/* Drawn again when the bridges arrive after the form opened: a select keeps showing its first option
            otherwise, while the form still holds the printer's bridge. */}
        <SelectField
          key={bridgeChoices.map((bridge) => bridge._id).join()}
          label={t('printers.form.bridge')}
          hint={t('printers.form.bridgeHint')}
          error={errors.bridgeId?.message}
          {...inputs.bridgeId}
        >
          <option value="">{t('printers.form.thisServer')}</option>
          {bridgeChoices.map((bridge) => (
            <option key={bridge._id} value={bridge._id}>
              {bridge.revokedAt === null ? bridge.name : t('printers.form.bridgeRevoked', { name: bridge.name })}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="field-label">{t('printers.form.paper')}</legend>
          <div className="flex flex-wrap gap-x-6">
            {paperWidthChoices.map((width) => (
              <label key={width} className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-8">
                <input type="radio" value={width} className="size-5 accent-amber-700" {...inputs.paperWidth} />
                {t('printers.paperWidth', { width })}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset aria-describedby={modeHintId}>
          <legend className="field-label">{t('printers.form.mode')}</legend>
          <div className="flex flex-wrap gap-x-6">
            <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-8">
              <input type="radio" value="raster" className="size-5 accent-amber-700" {...inputs.mode} />
              {t('printers.mode.raster')}
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-8">
              <input type="radio" value="text" className="size-5 accent-amber-700" {...inputs.mode} />
              {t('printers.mode.text')}
            </label>
          </div>
          <p id={modeHintId} className="mt-1 text-xs text-stone-600">
            {t('printers.form.modeHint')}
          </p>
        </fieldset>
        {mode === 'text' && (
          <SelectField
            label={t('printers.form.codepage')}
            hint={t('printers.form.codepageHint')}
            error={errors.codepage?.message}
            {...inputs.codepage}
          >
            <option value="">{t('printers.form.codepageChoose')}</option>
            {Object.entries(codepageNames).map(([codepage, name]) => (
              <option key={codepage} value={codepage}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset>
          <legend className="field-label">{t('printers.form.stations')}</legend>
          <p className="mb-1 text-xs text-stone-600">{t('printers.form.stationsHint')}</p>
          <div className="grid gap-x-6 sm:grid-cols-2">{renderStations()}</div>
        </fieldset>
        <fieldset>
          <legend className="field-label">{t('printers.form.documents')}</legend>
          <div className="grid gap-x-6 sm:grid-cols-2">
            {printedDocuments.map(({ field, labelId }) => (
              <label key={field} className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-8">
                <input type="checkbox" className="size-5 accent-amber-700" {...register(field)} />
                {t(labelId)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:min-h-8">
          <input type="checkbox" className="size-5 accent-amber-700" {...inputs.hasDrawer} />
          {t('printers.form.hasDrawer')}
        </label>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <SelectField
            label={t('printers.form.fallback')}
            error={errors.fallbackPrinterId?.message}
            {...inputs.fallbackPrinterId}
          >
            <option value="">{t('printers.form.noFallback')}</option>
            {fallbackChoices.map((other) => (
              <option key={other._id} value={other._id}>
                {other.name}
              </option>
            ))}
          </SelectField>
          {fallbackPrinterId !== '' && (
            <TextField
              label={t('printers.form.fallbackAfter')}
              type="number"
              inputMode="numeric"
              min={10}
              max={3600}
              step={1}
              suffix={t('printers.form.secondsUnit')}
              error={errors.fallbackAfterSeconds?.message}
              {...inputs.fallbackAfterSeconds}
            />
          )}
        </div>
        {/* By the buttons, where the eye is after saving: the top of a long form may be scrolled away. */}
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('printers.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('printers.saving') : printer ? t('printers.form.save') : t('printers.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { localizedZodResolver } from '../../../lib/form-resolver';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { createTableBodySchema, type Table } from '@quan/contract/table';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useCreateTable } from '../api/create-table';
import { useUpdateTable } from '../api/update-table';
import { Dialog } from '../../../components/Dialog';

const tableFields = ['tableNo', 'seats'] as const;

interface TableFormDialogProps {
  /** The table to edit; without one the dialog adds a table. */
  table?: Table;
  /** Suggested number for a new table (one after the highest). */
  nextTableNo?: number;
  onClose: () => void;
}

export function TableFormDialog({ table, nextTableNo = 1, onClose }: TableFormDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const createMutation = useCreateTable();
  const updateMutation = useUpdateTable();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(createTableBodySchema),
    defaultValues: { tableNo: table?.tableNo ?? nextTableNo, seats: table?.seats ?? 4 },
  });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    tableNo: register('tableNo', { valueAsNumber: true }),
    seats: register('seats', { valueAsNumber: true }),
  };

  function handleError(error: unknown, fallback: string) {
    applyApiFieldErrors(error, tableFields, setError);
    enqueueSnackbar(describeApiError(error, fallback), { variant: 'error' });
  }

  const onSubmit = handleSubmit(async (values) => {
    if (table) {
      try {
        const saved = await updateMutation.mutateAsync({ tableId: table._id, ...values });
        enqueueSnackbar(t('tables.form.saved', { tableNo: saved.tableNo }), { variant: 'success' });
        onClose();
      } catch (error) {
        handleError(error, t('tables.form.saveFailed', { tableNo: table.tableNo }));
      }
      return;
    }
    try {
      const created = await createMutation.mutateAsync(values);
      enqueueSnackbar(t('tables.form.added', { tableNo: created.tableNo }), { variant: 'success' });
      onClose();
    } catch (error) {
      handleError(error, t('tables.form.addFailed'));
    }
  });

  return (
    <Dialog
      title={table ? t('tables.form.editTitle', { tableNo: table.tableNo }) : t('tables.form.addTitle')}
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
        <TextField
          label={t('tables.form.tableNo')}
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.tableNo?.message}
          {...inputs.tableNo}
        />
        <TextField
          label={t('tables.form.seats')}
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          error={errors.seats?.message}
          {...inputs.seats}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('tables.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('tables.saving') : table ? t('tables.form.save') : t('tables.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

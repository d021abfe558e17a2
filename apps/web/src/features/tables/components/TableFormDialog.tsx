import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { createTableBodySchema, type Table } from '@quan/contract/table';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
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
    resolver: zodResolver(createTableBodySchema),
    defaultValues: { tableNo: table?.tableNo ?? nextTableNo, seats: table?.seats ?? 4 },
  });

  function handleError(error: unknown, fallback: string) {
    applyApiFieldErrors(error, tableFields, setError);
    enqueueSnackbar(describeApiError(error, fallback), { variant: 'error' });
  }

  const onSubmit = handleSubmit(async (values) => {
    if (table) {
      try {
        const saved = await updateMutation.mutateAsync({ tableId: table._id, ...values });
        enqueueSnackbar(`Table ${saved.tableNo} is saved.`, { variant: 'success' });
        onClose();
      } catch (error) {
        handleError(error, `Could not save table ${table.tableNo}.`);
      }
      return;
    }
    try {
      const created = await createMutation.mutateAsync(values);
      enqueueSnackbar(`Table ${created.tableNo} is added.`, { variant: 'success' });
      onClose();
    } catch (error) {
      handleError(error, 'Could not add the table.');
    }
  });

  return (
    <Dialog title={table ? `Edit table ${table.tableNo}` : 'Add a table'} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
        <TextField
          label="Table number"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.tableNo?.message}
          {...register('tableNo', { valueAsNumber: true })}
        />
        <TextField
          label="Seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          error={errors.seats?.message}
          {...register('seats', { valueAsNumber: true })}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? 'Saving…' : table ? 'Save table' : 'Add table'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

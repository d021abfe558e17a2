import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { createPrintBridgeBodySchema, type CreatedPrintBridge } from '@quan/contract/printers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyField } from '../../../components/CopyField';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useCreatePrintBridge } from '../api/create-print-bridge';
import { bridgeCommand } from './bridge-labels';

const bridgeFormFields = ['name'] as const;

/**
 * Makes a print bridge, then shows its key and the command that runs it: the server keeps only the key's hash, so
 * this dialog is the one time anyone sees it.
 */
export function AddPrintBridgeDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const createMutation = useCreatePrintBridge();
  const [created, setCreated] = useState<CreatedPrintBridge | null>(null);
  const [isAskingToClose, setIsAskingToClose] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: localizedZodResolver(createPrintBridgeBodySchema), defaultValues: { name: '' } });
  const nameInput = register('name');

  const onSubmit = handleSubmit(async (body) => {
    try {
      setCreated(await createMutation.mutateAsync(body));
    } catch (error) {
      applyApiFieldErrors(error, bridgeFormFields, setError);
      setError('root.server', { message: describeApiError(error, t('printers.bridges.addFailed')) });
    }
  });

  if (created) {
    return (
      // A dialog of its own (the key), not the form's redrawn: it takes the focus again, which the form's button
      // held until it went, so that Escape and Tab keep working inside it.
      <Dialog
        key="created"
        title={t('printers.bridges.createdTitle', { name: created.name })}
        // Escape or the corner's cross would lose the key unseen: only Done closes at once.
        onClose={() => setIsAskingToClose(true)}
      >
        <div className="space-y-4">
          <p className="flex gap-2 rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('printers.bridges.keyOnce')}
          </p>
          <CopyField label={t('printers.bridges.key')} value={created.key} copyLabel={t('printers.bridges.copyKey')} />
          <div className="space-y-1">
            <CopyField
              label={t('printers.bridges.command')}
              value={bridgeCommand(created.key)}
              copyLabel={t('printers.bridges.copyCommand')}
            />
            <p className="text-xs text-stone-600">{t('printers.bridges.commandHint')}</p>
          </div>
          <div className="flex flex-col pt-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('printers.bridges.done')}
            </button>
          </div>
        </div>
        <ConfirmDialog
          open={isAskingToClose}
          title={t('printers.bridges.closeKeyTitle')}
          description={t('printers.bridges.closeKeyBody')}
          confirmLabel={t('printers.bridges.closeKey')}
          onConfirm={onClose}
          onCancel={() => setIsAskingToClose(false)}
        />
      </Dialog>
    );
  }

  return (
    <Dialog title={t('printers.bridges.addTitle')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <TextField
          label={t('printers.bridges.name')}
          autoComplete="off"
          placeholder={t('printers.bridges.namePlaceholder')}
          hint={t('printers.bridges.nameHint')}
          error={errors.name?.message}
          {...nameInput}
        />
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('printers.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={createMutation.isPending}>
            {createMutation.isPending ? t('printers.saving') : t('printers.bridges.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

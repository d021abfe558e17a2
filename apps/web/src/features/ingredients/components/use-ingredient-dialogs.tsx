import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Ingredient } from '@quan/contract/ingredient';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDeleteIngredient } from '../api/delete-ingredient';
import { IngredientFormDialog } from './IngredientFormDialog';
import { IngredientHistoryDialog } from './IngredientHistoryDialog';
import { messageWithElements } from '../../../components/message-with-elements';
import { StockDialog } from './StockDialog';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'stock' | 'history' | 'delete'; ingredientId: string } | null;

/**
 * The ingredient dialogs: add, edit, stock, history and delete. A dialog holds an ingredient id and reads the
 * ingredient from the live list, so the stock it shows follows orders placed meanwhile.
 */
export function useIngredientDialogs(ingredients: readonly Ingredient[]) {
  const t = useT();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const deleteMutation = useDeleteIngredient();

  const target = open && open.kind !== 'create' ? ingredients.find((i) => i._id === open.ingredientId) : undefined;
  const close = () => {
    setOpen(null);
    setDeleteError(null);
  };

  function confirmDelete(ingredient: Ingredient) {
    setDeleteError(null);
    deleteMutation.mutate(ingredient._id, {
      onSuccess: () => {
        enqueueSnackbar(t('ingredients.deleted', { name: ingredient.name }), { variant: 'success' });
        close();
      },
      // Stays open with the reason, e.g. the dishes whose recipes still use it (409).
      onError: (error) =>
        setDeleteError(describeApiError(error, t('ingredients.deleteFailed', { name: ingredient.name }))),
    });
  }

  const dialogs = (
    <>
      {open?.kind === 'create' && <IngredientFormDialog onClose={close} />}
      {open?.kind === 'edit' && target && <IngredientFormDialog key={target._id} ingredient={target} onClose={close} />}
      {open?.kind === 'stock' && target && <StockDialog key={target._id} ingredient={target} onClose={close} />}
      {open?.kind === 'history' && target && <IngredientHistoryDialog ingredient={target} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete' && target !== undefined}
        title={target ? t('ingredients.delete.title', { name: target.name }) : t('ingredients.delete.titleBare')}
        description={
          <div className="space-y-3">
            <p>
              {messageWithElements(t, 'ingredients.delete.description', {}, { name: <strong>{target?.name}</strong> })}
            </p>
            {deleteError && <FormAlert>{deleteError}</FormAlert>}
          </div>
        }
        confirmLabel={t('ingredients.delete.confirm')}
        isPending={deleteMutation.isPending}
        onConfirm={() => target && confirmDelete(target)}
        onCancel={close}
      />
    </>
  );

  const opener = (kind: 'edit' | 'stock' | 'history' | 'delete') => (ingredient: Ingredient) =>
    setOpen({ kind, ingredientId: ingredient._id });

  return {
    openCreate: () => setOpen({ kind: 'create' }),
    openEdit: opener('edit'),
    openStock: opener('stock'),
    openHistory: opener('history'),
    openDelete: opener('delete'),
    dialogs,
  };
}

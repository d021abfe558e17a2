import { useT } from '../../../lib/i18n';

interface EditDeleteActionsProps {
  /** What the row is ("Phở bò", "Size"): the buttons are "Edit Phở bò" and "Delete Phở bò" to a screen reader. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The edit button waits too while the row is being saved. */
  isEditDisabled?: boolean;
  isDeleteDisabled?: boolean;
}

/** The Edit and Delete buttons of a row in the menu's lists: 44 px tall on phones, compact on desktop. */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
  isEditDisabled,
  isDeleteDisabled,
}: EditDeleteActionsProps) {
  const t = useT();
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className="btn btn-secondary btn-sm min-h-11 sm:min-h-8"
        disabled={isEditDisabled}
        aria-label={t('menu-admin.row.editNamed', { name })}
        onClick={onEdit}
      >
        {t('menu-admin.row.edit')}
      </button>
      <button
        type="button"
        className="btn btn-danger btn-sm min-h-11 sm:min-h-8"
        disabled={isDeleteDisabled}
        aria-label={t('menu-admin.row.deleteNamed', { name })}
        onClick={onDelete}
      >
        {t('menu-admin.row.delete')}
      </button>
    </div>
  );
}

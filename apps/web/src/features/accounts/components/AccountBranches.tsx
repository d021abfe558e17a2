import { useId, useState } from 'react';
import { Store } from 'lucide-react';
import { useSnackbar } from 'notistack';
import {
  branchRoles,
  type Branch,
  type BranchMembership,
  type BranchRole,
  type UserWithBranches,
} from '@quan/contract/branch';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSetUserBranches } from '../api/set-user-branches';
import { roleLabelIds } from './badges';

/** A branch in the editor: the person's role there, or `none` where they do not work. */
type Choice = BranchRole | 'none';

interface AccountBranchesProps {
  user: UserWithBranches;
  /** The chain's branches, in its order. */
  branches: readonly Branch[];
  /** Whether the viewer may change where this person works (an admin, for someone who is not one). */
  canEdit: boolean;
}

/**
 * Where a person works, for a chain of several branches: their role in each, and (for the owner) a dialog to change
 * it. An admin holds every branch, and says so.
 */
export function AccountBranches({ user, branches, canEdit }: AccountBranchesProps) {
  const t = useT();
  const [isEditing, setIsEditing] = useState(false);
  const nameOf = (branchId: string) => branches.find((branch) => branch._id === branchId)?.name ?? branchId;

  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs text-stone-700">
      <Store aria-hidden="true" className="size-4 text-stone-500" />
      {user.role === 'admin' ? (
        <span>{t('accounts.branches.every')}</span>
      ) : user.branches.length === 0 ? (
        <span>{t('accounts.branches.none')}</span>
      ) : (
        <ul aria-label={t('accounts.branches.of', { name: user.name })} className="flex flex-wrap gap-1.5">
          {user.branches.map((membership) => (
            <li key={membership.branchId} className="rounded-full bg-stone-100 px-2 py-0.5">
              {t('accounts.branches.roleIn', {
                branch: nameOf(membership.branchId),
                role: t(roleLabelIds[membership.role]),
              })}
            </li>
          ))}
        </ul>
      )}
      {canEdit && user.role !== 'admin' && (
        <button
          type="button"
          onClick={() => setIsEditing(true)}
          className="btn btn-secondary btn-sm"
          aria-label={t('accounts.branches.editOf', { name: user.name })}
        >
          {t('accounts.branches.edit')}
        </button>
      )}
      {isEditing && <BranchesDialog user={user} branches={branches} onClose={() => setIsEditing(false)} />}
    </div>
  );
}

function BranchesDialog({
  user,
  branches,
  onClose,
}: {
  user: UserWithBranches;
  branches: readonly Branch[];
  onClose: () => void;
}) {
  const t = useT();
  const formId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useSetUserBranches();
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(
      branches.map((branch) => [
        branch._id,
        user.branches.find((membership) => membership.branchId === branch._id)?.role ?? 'none',
      ]),
    ),
  );

  function save() {
    const memberships: BranchMembership[] = branches.flatMap((branch) => {
      const choice = choices[branch._id] ?? 'none';
      return choice === 'none' ? [] : [{ branchId: branch._id, role: choice }];
    });
    mutation.mutate(
      { userId: user._id, branches: memberships },
      {
        onSuccess: () => {
          enqueueSnackbar(t('accounts.branches.saved', { name: user.name }), { variant: 'success' });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('accounts.branches.saveFailed', { name: user.name })), {
            variant: 'error',
          }),
      },
    );
  }

  const worksNowhere = Object.values(choices).every((choice) => choice === 'none');

  return (
    <Dialog title={t('accounts.branches.title', { name: user.name })} onClose={onClose}>
      <form
        id={formId}
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {branches.map((branch) => (
          <label key={branch._id} className="flex items-center justify-between gap-3">
            <span className="font-medium text-stone-900">{branch.name}</span>
            <select
              value={choices[branch._id] ?? 'none'}
              onChange={(event) => setChoices({ ...choices, [branch._id]: event.target.value as Choice })}
              className="field-input w-auto py-1.5"
            >
              <option value="none">{t('accounts.branches.notHere')}</option>
              {branchRoles.map((role) => (
                <option key={role} value={role}>
                  {t(roleLabelIds[role])}
                </option>
              ))}
            </select>
          </label>
        ))}
        {worksNowhere && (
          <p role="note" className="text-sm text-amber-900">
            {t('accounts.branches.nowhereWarning')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('accounts.branches.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('accounts.branches.saving') : t('accounts.branches.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useId } from 'react';
import { Store } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useBranches } from '../api/list-branches';
import { useSwitchBranch } from '../api/switch-branch';

/**
 * The header's branch switcher: the branch this session works in, and the others the person works in to move
 * to. Shown only to someone with more than one branch; a restaurant with one branch never sees it. A session
 * stored before the chain had branches does not know its branch yet, and asks nothing until it does.
 */
export function BranchSwitcher({
  waitingToSend = false,
}: {
  /**
   * Whether this device keeps changes of this person's to send: made in this branch, sent from another they would
   * land there, so the switch waits for them.
   */
  waitingToSend?: boolean;
}) {
  const t = useT();
  const selectId = useId();
  const { branchId } = useAppSelector(selectUser);
  const branches = useBranches({ enabled: !!branchId });
  const switchBranch = useSwitchBranch();
  const { enqueueSnackbar } = useSnackbar();

  const list = branches.data ?? [];
  const current = list.find((branch) => branch._id === branchId);
  if (list.length < 2 || !current) return null;

  function choose(nextId: string) {
    if (nextId === branchId) return;
    const next = list.find((branch) => branch._id === nextId);
    switchBranch.mutate(nextId, {
      onSuccess: () => enqueueSnackbar(t('branches.switch.done', { name: next?.name ?? '' }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(describeApiError(error, t('branches.switch.failed')), { variant: 'error' }),
    });
  }

  return (
    <div className="flex min-w-0 items-center gap-1.5" title={waitingToSend ? t('branches.switch.waiting') : undefined}>
      <Store aria-hidden="true" className="hidden size-4 shrink-0 text-stone-500 sm:block" />
      <label htmlFor={selectId} className="sr-only">
        {t('branches.switch.label')}
      </label>
      <select
        id={selectId}
        value={current._id}
        disabled={switchBranch.isPending || waitingToSend}
        onChange={(event) => choose(event.target.value)}
        // A fixed width on a phone: a select is as wide as its longest branch name otherwise, and ran under the
        // live dot and the avatar beside it.
        className="field-input w-28 min-w-0 truncate py-1 pr-7 text-sm sm:w-auto sm:max-w-48"
      >
        {list.map((branch) => (
          <option key={branch._id} value={branch._id}>
            {branch.name}
          </option>
        ))}
      </select>
    </div>
  );
}

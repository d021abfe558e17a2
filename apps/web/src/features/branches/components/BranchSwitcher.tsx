import { useId } from 'react';
import { Store } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useBranchChain } from '../api/list-branches';
import { useSwitchBranch } from '../api/switch-branch';

/**
 * The header's branch switcher: the branch this session works in, and the others the person works in to move
 * to. Someone who works in one branch of a chain sees its name alone, with nothing to choose; a restaurant with
 * one branch never sees it. A session stored before the chain had branches does not know its branch yet, and
 * asks nothing until it does.
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
  const chain = useBranchChain({ enabled: !!branchId });
  const switchBranch = useSwitchBranch();
  const { enqueueSnackbar } = useSnackbar();

  const list = chain.data?.data ?? [];
  const current = list.find((branch) => branch._id === branchId);
  if (!current) return null;
  if (list.length < 2) {
    if ((chain.data?.chainSize ?? 0) < 2) return null;
    return (
      // Never narrower than a short name ("Quận 3" whole on a phone), at most as wide as the switcher's select: the
      // person's own name beside it gives way first.
      <p data-branch className="flex shrink-0 items-center gap-1.5 text-sm text-stone-700" title={current.name}>
        <Store aria-hidden="true" className="hidden size-4 shrink-0 text-stone-500 sm:block" />
        <span className="sr-only">{t('branches.switch.label')}: </span>
        <span className="max-w-36 truncate sm:max-w-48">{current.name}</span>
      </p>
    );
  }

  function choose(nextId: string) {
    if (nextId === branchId) return;
    const next = list.find((branch) => branch._id === nextId);
    switchBranch.mutate(nextId, {
      onSuccess: () => enqueueSnackbar(t('branches.switch.done', { name: next?.name ?? '' }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(describeApiError(error, t('branches.switch.failed')), { variant: 'error' }),
    });
  }

  return (
    <div
      data-branch
      className="flex min-w-0 items-center gap-1.5"
      title={waitingToSend ? t('branches.switch.waiting') : undefined}
    >
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
        className="field-input w-36 min-w-0 truncate py-1 pr-7 text-sm sm:w-auto sm:max-w-48"
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

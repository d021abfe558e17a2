import type { BranchOptionBody, OptionGroup } from '@quan/contract/options';
import type { Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { notFound } from '../../lib/app-error';
import * as repo from './repository';

interface Deps {
  transact: Transact;
  loadGroups: (executor: Executor, branchId: string, ids: string[]) => Promise<OptionGroup[]>;
}

/**
 * A manager sets the current branch's own price change of an option (null: the menu's) or whether the branch
 * offers it. The menu's option is untouched: every other branch keeps selling it as before. Answers the
 * option's group as the branch now sees it.
 */
export async function setBranchOption(
  { transact, loadGroups }: Deps,
  branchId: string,
  optionId: string,
  body: BranchOptionBody,
): Promise<OptionGroup> {
  return transact(async (tx, record) => {
    const option = await repo.findOfferedOption(tx, optionId);
    if (!option) {
      throw notFound(`There is no option ${optionId} on the menu (it may have been removed)`).because(
        'OPTION_NOT_FOUND',
        { id: optionId },
      );
    }
    if (body.priceDelta !== undefined || body.isSold !== undefined) {
      await repo.upsertBranchOption(tx, branchId, optionId, body);
      record({ type: 'menu.changed' });
    }
    const [group] = await loadGroups(tx, branchId, [option.groupId]);
    return group!;
  });
}

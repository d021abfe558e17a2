import type { BranchItemBody, Item } from '@quan/contract/menu';
import type { Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { notFound } from '../../lib/app-error';
import * as repo from './repository';

interface Deps {
  transact: Transact;
  loadItem: (executor: Executor, branchId: string, id: string) => Promise<Item>;
}

/**
 * A manager sets the current branch's own price of a dish (null: the menu's) or whether the branch sells it.
 * The menu's dish is untouched: every other branch keeps its price. Answers the dish as the branch now sees it.
 */
export async function setBranchItem({ transact, loadItem }: Deps, branchId: string, id: string, body: BranchItemBody) {
  return transact(async (tx, record) => {
    if (!(await repo.itemExists(tx, id))) {
      throw notFound(`There is no dish ${id} on the menu (it may have been deleted)`).because('MENU_ITEM_NOT_FOUND');
    }
    if (body.price !== undefined || body.isSold !== undefined) {
      await repo.upsertBranchItem(tx, branchId, id, body);
      record({ type: 'menu.changed' });
    }
    return loadItem(tx, branchId, id);
  });
}

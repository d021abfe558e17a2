import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchList } from '@quan/contract/branch';
import type { Envelope } from '@quan/contract/common';
import type { CurrentUser } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';
import { useAppDispatch } from '../../../store/hooks';
import { clearCart } from '../../../store/cart-slice';
import { removeCustomer } from '../../../store/order-slice';
import { setUser } from '../../../store/user-slice';
import { showStaffLanguage } from '../../../lib/staff-language';
import { branchesQueryKey } from './list-branches';

/** Moves this session to another of the person's branches; answers them as they now are (their role there). */
export async function switchBranch(branchId: string): Promise<CurrentUser> {
  const response = await apiClient.put<Envelope<CurrentUser>>('/api/branches/current', { branchId });
  return response.data.data;
}

/**
 * The branch switcher's call. Everything on the screens was the old branch's: the cache is emptied (the pages start
 * again and ask the new branch), the order being taken at the POS is dropped (its table and prices were that
 * branch's), and the stored person takes the new branch and role, which also reconnects the live socket.
 */
export function useSwitchBranch() {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  return useMutation({
    mutationFn: switchBranch,
    onSuccess: (user) => {
      const branches = queryClient.getQueryData<BranchList>(branchesQueryKey);
      queryClient.clear();
      // What does not change with the branch, kept so the header does not flicker.
      if (branches) queryClient.setQueryData(branchesQueryKey, branches);
      dispatch(clearCart());
      dispatch(removeCustomer());
      dispatch(setUser(user));
      // A branch may speak another language by default; a person's own choice stays theirs.
      void showStaffLanguage(user.screenLanguage);
    },
  });
}

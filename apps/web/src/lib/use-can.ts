import { can, type Permission } from '@quan/contract/permissions';
import { useAppSelector } from '../store/hooks';

/**
 * Whether the signed-in person may do this, by the permission table of the contract package (the one the
 * server's access guard checks). Screens hide what the server would refuse; the server still decides.
 */
export function useCan(permission: Permission): boolean {
  return useAppSelector((state) => can(state.user.role || null, permission));
}

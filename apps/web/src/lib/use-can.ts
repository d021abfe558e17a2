import { can, type Permission } from '@quan/contract/permissions';
import { useAppSelector } from '../store/hooks';

/**
 * Whether the signed-in person may do this, by the permission table of the contract package (the one the
 * server's access guard checks). Screens hide what the server would refuse; the server still decides.
 */
export function useCan(permission: Permission): boolean {
  return useAppSelector((state) => can(state.user.role || null, permission));
}

/** The same question for a list of things to show, each with the permission it needs (navigation, link cards). */
export function useCanCheck(): (permission: Permission) => boolean {
  const role = useAppSelector((state) => state.user.role || null);
  return (permission) => can(role, permission);
}

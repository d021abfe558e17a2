import { can, refusal } from '@quan/contract/permissions';
import type { ReportScope } from '@quan/contract/report';
import { forbidden } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';

/**
 * Whether a report call asks for the whole chain. Only the owners ('reports:chain') may: a manager reads their
 * branch's figures, never another's, so asking for the chain is refused as the access guard refuses a route.
 */
export function wantsChain(user: AuthUser, scope: ReportScope | undefined): boolean {
  if (scope !== 'chain') return false;
  if (!can(user.role, 'reports:chain')) {
    throw forbidden(`${refusal(user.role, 'reports:chain')} (reports:chain)`).because('PERMISSION_DENIED', {
      role: user.role,
      permission: 'reports:chain',
    });
  }
  return true;
}

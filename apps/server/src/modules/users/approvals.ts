import { permissions, type Permission } from '@quan/contract/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SignInThrottle } from '../../plugins/rate-limit';
import { DEVICE_COOKIE, type DeviceMarks } from './device-marks';
import { currentUser } from '../../plugins/auth';
import type { UsersService } from './service';

/** A manager's email and password, typed on someone else's device (a void of cooked dishes at the counter). */
export interface ApprovalCredentials {
  email: string;
  password: string;
}

export interface Approver {
  id: string;
  name: string;
}

/**
 * The one answer to an approval that is not taken, for a wrong password and for a right one of someone who may
 * not approve alike: it must not tell a staff member whose password they guessed. A class of its own, so that a
 * use case can tell it from its other refusals and write it to the audit trail.
 */
export class ApprovalRefused extends AppError {
  constructor(permission: Permission) {
    super('FORBIDDEN', `That email and password are not a manager's who can ${permissions[permission].does}`);
    this.because('APPROVAL_REFUSED');
  }
}

/**
 * Checks a manager's approval typed on the device of one request: who approved, or `ApprovalRefused` (403), or
 * 429 when the sign-in throttle refuses the attempt. A use case asks it last in the transaction of the change
 * (`tx`, where the account is read), once every other check of the request has passed, so that its answer never
 * tells a right password from a wrong one.
 */
export type Approve = (tx: Executor, credentials: ApprovalCredentials, permission: Permission) => Promise<Approver>;

/** The `Approve` of one request: its address, its device mark and its reply's Retry-After. */
export type Approvals = (request: FastifyRequest, reply: FastifyReply) => Approve;

/**
 * An approval is a password check like a sign-in, so it goes through the sign-in throttle, in the same budget:
 * a wrong approval for an email counts as a failed sign-in to it and the other way round, and a right one is a
 * success for its address, so a colleague's wrong guesses from their phone do not hold up the manager's right
 * password on the counter tablet. It reads the browser's device mark as the sign-in does (the cookie reaches the
 * approvals for that, see device-marks.ts): a tablet the manager has signed in on still takes their approval
 * when others have used up the hour's allowance of failures on their email.
 */
export function createApprovals(
  users: Pick<UsersService, 'approver'>,
  throttle: SignInThrottle,
  deviceMarks: DeviceMarks,
): Approvals {
  return (request, reply) => async (tx, credentials, permission) => {
    const device = deviceMarks.find(request.cookies[DEVICE_COOKIE], credentials.email);
    await throttle.admit(request, reply, credentials.email, device, 'approval');
    // Unlike a sign-in refused after its password matched, a right password of someone who may not approve
    // stays a failure: counting it a success would start the count again, and so tell whose password it was.
    // Approved where the change is made: the requester's branch.
    const approver = await users.approver(tx, credentials, permission, currentUser(request).branchId);
    await throttle.succeeded(request);
    return approver;
  };
}

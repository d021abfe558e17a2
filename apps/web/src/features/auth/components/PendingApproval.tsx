import { Clock } from 'lucide-react';
import type { User } from '@quan/contract/user';

interface PendingApprovalProps {
  user: User;
  onBackToSignIn: () => void;
}

export function PendingApproval({ user, onBackToSignIn }: PendingApprovalProps) {
  return (
    <div role="status" className="space-y-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Clock aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-xl font-semibold text-stone-900">Your account is waiting for approval by a manager</h2>
      <p className="text-sm text-stone-700">
        Thanks, {user.name}. A manager will activate <strong>{user.email}</strong>; you can sign in once they have.
      </p>
      <button type="button" className="btn btn-secondary" onClick={onBackToSignIn}>
        Back to sign in
      </button>
    </div>
  );
}

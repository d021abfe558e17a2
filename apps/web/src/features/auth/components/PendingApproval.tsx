import { Clock } from 'lucide-react';
import type { User } from '@quan/contract/user';
import { messageWithElements } from '../../../components/message-with-elements';
import { useT } from '../../../lib/i18n';

interface PendingApprovalProps {
  user: User;
  onBackToSignIn: () => void;
}

export function PendingApproval({ user, onBackToSignIn }: PendingApprovalProps) {
  const t = useT();
  return (
    <div role="status" className="space-y-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Clock aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-xl font-semibold text-stone-900">{t('auth.pending.title')}</h2>
      <p className="text-sm text-stone-700">
        {messageWithElements(t, 'auth.pending.body', { name: user.name }, { email: <strong>{user.email}</strong> })}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onBackToSignIn}>
        {t('auth.pending.back')}
      </button>
    </div>
  );
}

import { LoaderCircle } from 'lucide-react';
import { useT } from '../lib/i18n';

interface FullScreenSpinnerProps {
  label?: string;
  /** Covers the current page instead of replacing it (used while the next page loads). */
  overlay?: boolean;
}

export function FullScreenSpinner({ label, overlay = false }: FullScreenSpinnerProps) {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={label ?? t('common.loading')}
      className={
        overlay
          ? 'fade-in-late fixed inset-0 z-50 flex items-center justify-center bg-stone-50/70'
          : 'flex min-h-dvh items-center justify-center bg-stone-50'
      }
    >
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-amber-700" />
    </div>
  );
}

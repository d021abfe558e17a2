import { useId } from 'react';
import { CopyField } from '../../../components/CopyField';
import { useT } from '../../../lib/i18n';

/** The booking's address, to keep: the only way back to it from another device. */
export function KeepLink({ url }: { url: string }) {
  const t = useT();
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="card space-y-3 p-4 sm:p-6">
      <h2 id={titleId} className="text-lg font-bold">
        {t('booking.link.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('booking.link.body')}</p>
      <CopyField
        label={t('booking.link.label')}
        hideLabel
        value={url}
        copyLabel={t('booking.link.copy')}
        copiedMessage={t('booking.link.copied')}
        selectMessage={t('booking.link.select')}
      />
    </section>
  );
}

import { LoadError } from '../../../components/LoadError';
import { RoleNotice } from '../../../components/RoleNotice';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRetryInvoice } from '../../orders/api/retry-invoice';
import { useEinvoiceSettings } from '../api/get-einvoice-settings';
import { EinvoiceSettingsForm } from '../components/EinvoiceSettingsForm';
import { FailedInvoices } from '../components/FailedInvoices';

/**
 * E-invoices of the current branch, for admins: the account its invoices are issued with. The invoices that need a
 * person (refused by the provider) are listed below it.
 */
export function EinvoicesPage() {
  const t = useT();
  usePageTitle(t('einvoices.title'));
  const canConfigure = useCan('einvoices:configure');
  const settings = useEinvoiceSettings({ enabled: canConfigure });
  const retry = useRetryInvoice();

  function renderSettings() {
    if (!canConfigure) {
      return (
        <RoleNotice>
          <p>{t('einvoices.adminsOnly')}</p>
        </RoleNotice>
      );
    }
    if (settings.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('einvoices.loading')}
        </p>
      );
    }
    if (settings.isError) {
      return (
        <LoadError
          error={settings.error}
          fallback={t('einvoices.loadFailed')}
          onRetry={() => void settings.refetch()}
        />
      );
    }
    return <EinvoiceSettingsForm settings={settings.data} />;
  }

  return (
    <section className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('einvoices.title')}</h1>
        <p className="mt-1 max-w-prose text-sm text-stone-600">{t('einvoices.intro')}</p>
      </div>
      {renderSettings()}
      {/* The invoices the provider refused, for a person to look at and send again. */}
      <FailedInvoices onRetry={retry.mutateAsync} />
    </section>
  );
}

import { useMemo, useState } from 'react';
import { Disc3 } from 'lucide-react';
import type { Customer } from '@quan/contract/customer';
import { PRIZE_VALID_DAYS } from '@quan/contract/spin-wheel';
import { FormAlert } from '../../../components/FormAlert';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSpinPrizes } from '../api/list-spin-prizes';
import { CustomerPicker } from '../components/CustomerPicker';
import { RecentSpins } from '../components/RecentSpins';
import { SpinOutcomePanel } from '../components/SpinOutcomePanel';
import { SpinWheel } from '../components/SpinWheel';
import { useWheelSpin } from '../components/use-wheel-spin';
import { wheelSegments } from '../components/wheel-geometry';

/**
 * `/spin-wheel`: a lucky draw for a customer at the counter, once a day each. The server draws by weight and
 * issues the prize coupon; the wheel turns to show it.
 */
export function SpinWheelPage() {
  const t = useT();
  usePageTitle(t('spin-wheel.pageTitle'));
  const prizes = useSpinPrizes();
  const segments = useMemo(() => wheelSegments(prizes.data ?? []), [prizes.data]);
  const wheel = useWheelSpin(segments);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const isBusy = wheel.isDrawing || wheel.isTurning;
  const hasPrizes = segments.some((segment) => segment.couponId !== null);

  function chooseCustomer(next: Customer | null) {
    wheel.reset();
    setCustomer(next);
  }

  function renderWheel() {
    if (prizes.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('spin-wheel.wheel.loading')}
        </p>
      );
    }
    if (prizes.isError) {
      return (
        <div role="alert" className="space-y-3">
          <p className="text-stone-800">{describeApiError(prizes.error, t('spin-wheel.wheel.loadError'))}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void prizes.refetch()}>
            {t('spin-wheel.tryAgain')}
          </button>
        </div>
      );
    }
    return (
      <>
        <SpinWheel segments={segments} rotation={wheel.rotation} spinDurationMs={wheel.spinDurationMs} />
        {!hasPrizes && <p className="mt-3 text-sm text-stone-600">{t('spin-wheel.wheel.noPrizes')}</p>}
      </>
    );
  }

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('spin-wheel.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('spin-wheel.intro', { days: PRIZE_VALID_DAYS })}</p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-label={t('spin-wheel.wheel.label')} className="card p-4 sm:p-6">
          {renderWheel()}
        </section>

        <section aria-labelledby="spin-title" className="card space-y-4 p-4 sm:p-6">
          <h2 id="spin-title" className="text-lg font-semibold text-stone-900">
            {t('spin-wheel.spinFor')}
          </h2>
          <CustomerPicker selected={customer} onSelect={chooseCustomer} disabled={isBusy} />
          <button
            type="button"
            className="btn btn-primary w-full py-3 text-base"
            disabled={!customer || !prizes.data || isBusy}
            onClick={() => customer && wheel.spin(customer)}
          >
            <Disc3 aria-hidden="true" className={`size-5 ${isBusy ? 'motion-safe:animate-spin' : ''}`} />
            {wheel.isDrawing
              ? t('spin-wheel.drawing')
              : wheel.isTurning
                ? t('spin-wheel.spinning')
                : t('spin-wheel.spin')}
          </button>
          {wheel.error && <FormAlert>{describeApiError(wheel.error, t('spin-wheel.spinError'))}</FormAlert>}
          <SpinOutcomePanel outcome={wheel.outcome} isTurning={wheel.isTurning} />
        </section>
      </div>

      <RecentSpins />
    </section>
  );
}

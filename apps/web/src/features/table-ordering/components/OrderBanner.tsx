import { useEffect, useRef, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { OrderStatus } from '@quan/contract/order';
import { useT } from '../../../lib/i18n';
import { dinerStatusText } from './order-progress';

/** On the menu after ordering: the last order's status, one tap from its details. */
export function OrderBanner({
  orderNo,
  status,
  onShow,
  focusOnMount,
}: {
  orderNo: number | undefined;
  status: OrderStatus | undefined;
  onShow: () => void;
  /** Move the focus here when shown (the diner came back from the order to the menu). */
  focusOnMount: boolean;
}) {
  const t = useT();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Decided when it appears; later renders leave the focus where the diner put it.
  const [focusWhenShown] = useState(focusOnMount);
  useEffect(() => {
    if (focusWhenShown) buttonRef.current?.focus();
  }, [focusWhenShown]);
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onShow}
      className="mb-4 flex min-h-12 w-full items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-2 text-left text-sm"
    >
      <span className="text-stone-700">
        <span className="font-semibold text-stone-900">
          {orderNo ? t('table.banner.orderNo', { orderNo }) : t('table.banner.order')}
        </span>
        {status && ` · ${t(dinerStatusText[status].label)}`}
      </span>
      <span className="flex items-center gap-1 font-semibold text-amber-900">
        {t('table.banner.seeStatus')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </span>
    </button>
  );
}

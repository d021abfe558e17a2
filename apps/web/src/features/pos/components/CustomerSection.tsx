import { useId, useState } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { Crown, UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Customer } from '@quan/contract/customer';
import { customerDetailsInputSchema } from '@quan/contract/order';
import { TextField } from '../../../components/TextField';
import { useT } from '../../../lib/i18n';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  detachMember,
  removeCustomer,
  selectHasCustomer,
  selectOrderInProgress,
  setCustomer,
  type OrderMember,
} from '../../../store/order-slice';
import { MemberPicker } from './MemberPicker';
import { memberSummary } from './member-display';

const customerFormSchema = customerDetailsInputSchema.extend({ isPreorder: z.boolean() });

/** The loyalty member the order is for: their level and points, and a way to take them off the order. */
function MemberCard({ member, onRemove }: { member: OrderMember; onRemove: () => void }) {
  const t = useT();
  return (
    <div
      role="group"
      aria-label={t('pos.member.card')}
      className="flex items-start gap-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200 ring-inset"
    >
      <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-stone-900">{member.name}</p>
        <p className="text-stone-700">{memberSummary(member, t)}</p>
      </div>
      <button type="button" className="btn btn-secondary btn-sm min-h-10" onClick={onRemove}>
        {t('pos.remove')} <span className="sr-only">{t('pos.member.removeWhat')}</span>
      </button>
    </div>
  );
}

function CustomerForm({ onDone }: { onDone?: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrderInProgress);
  const preorderId = useId();
  const [member, setMember] = useState<OrderMember | null>(order.member);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(customerFormSchema),
    defaultValues: {
      name: order.customerName,
      phone: order.customerPhone,
      guests: order.guests || 2,
      isPreorder: order.isPreorder,
    },
  });

  // A member's name and phone are the guest's: picking one fills them in.
  function pick(customer: Customer) {
    setMember(customer);
    setValue('name', customer.name, { shouldValidate: true });
    setValue('phone', customer.phone, { shouldValidate: true });
  }

  const submit = handleSubmit(({ name, phone, guests, isPreorder }) => {
    dispatch(setCustomer({ name, phone: phone ?? '', guests, isPreorder, member }));
    onDone?.();
  });

  // Registered before the markup, so the field names read as code, not as words to translate.
  const fields = {
    name: register('name'),
    phone: register('phone'),
    guests: register('guests', { valueAsNumber: true }),
    isPreorder: register('isPreorder'),
  };

  return (
    <div className="space-y-3">
      {member ? <MemberCard member={member} onRemove={() => setMember(null)} /> : <MemberPicker onPick={pick} />}
      <form onSubmit={submit} noValidate aria-label={t('pos.customer.form')} className="space-y-3">
        <TextField label={t('pos.customer.name')} autoComplete="off" error={errors.name?.message} {...fields.name} />
        <div className="grid grid-cols-[1fr_6rem] gap-3">
          <TextField
            label={t('pos.customer.phone')}
            type="tel"
            autoComplete="off"
            error={errors.phone?.message}
            {...fields.phone}
          />
          <TextField
            label={t('pos.customer.guests')}
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            error={errors.guests?.message}
            {...fields.guests}
          />
        </div>
        <div className="flex items-center gap-3">
          <input id={preorderId} type="checkbox" className="size-5 accent-amber-700" {...fields.isPreorder} />
          <label htmlFor={preorderId} className="text-sm text-stone-800">
            {t('pos.customer.preorder')}
          </label>
        </div>
        <div className="flex gap-2">
          {onDone && (
            <button type="button" className="btn btn-secondary flex-1" onClick={onDone}>
              {t('pos.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-primary min-h-12 flex-1">
            {onDone ? t('pos.customer.save') : t('pos.customer.start')}
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * Who the order is for, and the loyalty member it earns points for. Setting the customer starts a new order id
 * and removing it keeps the id, as the first contract fixed it (docs/compatibility.md): the id is the order's
 * Idempotency-Key, so a new guest gets a new order and a retry of the same one does not.
 */
export function CustomerSection() {
  const t = useT();
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrderInProgress);
  const hasCustomer = useAppSelector(selectHasCustomer);
  const [isEditing, setIsEditing] = useState(false);

  if (!hasCustomer) return <CustomerForm />;
  if (isEditing) return <CustomerForm onDone={() => setIsEditing(false)} />;

  // Attaching a member to a started order sets the customer again: the member's name and phone become the guest's.
  function attach(customer: Customer) {
    dispatch(
      setCustomer({
        name: customer.name,
        phone: customer.phone,
        guests: order.guests,
        isPreorder: order.isPreorder,
        member: customer,
      }),
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold text-stone-900">{order.customerName}</p>
          <p className="text-stone-600">
            {t('pos.guests', { count: order.guests })}
            {order.customerPhone && ` · ${order.customerPhone}`}
            {order.isPreorder && ` · ${t('pos.customer.preorderTag')}`}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-secondary btn-sm min-h-10" onClick={() => setIsEditing(true)}>
            {t('pos.customer.change')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm min-h-10"
            onClick={() => dispatch(removeCustomer())}
          >
            {t('pos.remove')} <span className="sr-only">{t('pos.customer.removeWhat')}</span>
          </button>
        </div>
      </div>
      {order.member ? (
        <MemberCard member={order.member} onRemove={() => dispatch(detachMember())} />
      ) : (
        <MemberPicker onPick={attach} />
      )}
    </div>
  );
}

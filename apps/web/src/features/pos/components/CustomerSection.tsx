import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Crown, UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Customer } from '@quan/contract/customer';
import { customerDetailsInputSchema } from '@quan/contract/order';
import { TextField } from '../../../components/TextField';
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
  return (
    <div
      role="group"
      aria-label="Loyalty member"
      className="flex items-start gap-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200 ring-inset"
    >
      <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-stone-900">{member.name}</p>
        <p className="text-stone-700">{memberSummary(member)}</p>
      </div>
      <button type="button" className="btn btn-secondary btn-sm min-h-10" onClick={onRemove}>
        Remove <span className="sr-only">member</span>
      </button>
    </div>
  );
}

function CustomerForm({ onDone }: { onDone?: () => void }) {
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
    resolver: zodResolver(customerFormSchema),
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

  return (
    <div className="space-y-3">
      {member ? <MemberCard member={member} onRemove={() => setMember(null)} /> : <MemberPicker onPick={pick} />}
      <form onSubmit={submit} noValidate aria-label="Customer" className="space-y-3">
        <TextField label="Guest name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div className="grid grid-cols-[1fr_6rem] gap-3">
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="off"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label="Guests"
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            error={errors.guests?.message}
            {...register('guests', { valueAsNumber: true })}
          />
        </div>
        <div className="flex items-center gap-3">
          <input id={preorderId} type="checkbox" className="size-5 accent-amber-700" {...register('isPreorder')} />
          <label htmlFor={preorderId} className="text-sm text-stone-800">
            Preorder (a booking for later)
          </label>
        </div>
        <div className="flex gap-2">
          {onDone && (
            <button type="button" className="btn btn-secondary flex-1" onClick={onDone}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary min-h-12 flex-1">
            {onDone ? 'Save customer' : 'Start order'}
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * Who the order is for (fixed product behaviour: setting the customer starts a new order id; removing keeps
 * it), and the loyalty member it earns points for.
 */
export function CustomerSection() {
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
            {order.guests === 1 ? '1 guest' : `${order.guests} guests`}
            {order.customerPhone && ` · ${order.customerPhone}`}
            {order.isPreorder && ' · Preorder'}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-secondary btn-sm min-h-10" onClick={() => setIsEditing(true)}>
            Change
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm min-h-10"
            onClick={() => dispatch(removeCustomer())}
          >
            Remove <span className="sr-only">customer</span>
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

import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { customerDetailsInputSchema } from '@quan/contract/order';
import { TextField } from '../../../components/TextField';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { removeCustomer, selectHasCustomer, selectOrderInProgress, setCustomer } from '../../../store/order-slice';

const customerFormSchema = customerDetailsInputSchema.extend({ isPreorder: z.boolean() });

function CustomerForm({ onDone }: { onDone?: () => void }) {
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrderInProgress);
  const preorderId = useId();
  const {
    register,
    handleSubmit,
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

  const submit = handleSubmit(({ name, phone, guests, isPreorder }) => {
    dispatch(setCustomer({ name, phone: phone ?? '', guests, isPreorder }));
    onDone?.();
  });

  return (
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
  );
}

/** Who the order is for (SPEC §4: setting the customer starts a new order id; removing keeps it). */
export function CustomerSection() {
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrderInProgress);
  const hasCustomer = useAppSelector(selectHasCustomer);
  const [isEditing, setIsEditing] = useState(false);

  if (!hasCustomer) return <CustomerForm />;
  if (isEditing) return <CustomerForm onDone={() => setIsEditing(false)} />;

  return (
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
        <button type="button" className="btn btn-secondary btn-sm min-h-10" onClick={() => dispatch(removeCustomer())}>
          Remove<span className="sr-only"> customer</span>
        </button>
      </div>
    </div>
  );
}

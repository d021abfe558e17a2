import { useId } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createCustomerBodySchema,
  customerStatuses,
  type CreateCustomerBody,
  type Customer,
  type UpdateCustomerBody,
} from '@quan/contract/customer';
import { DateField } from '../../../components/DateField';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { useT } from '../../../lib/i18n';
import { restaurantDay } from '../../../lib/restaurant-day';
import { customerStatusLabelIds } from './customer-display';
import { TextAreaField } from '../../../components/TextAreaField';

const fields = createCustomerBodySchema.shape;

/** The contract's rules, with the empty inputs a form has: no date of birth is an empty date box. */
const customerFormSchema = z.object({
  name: fields.name,
  phone: fields.phone,
  email: fields.email.unwrap(),
  dateOfBirth: z.union([z.literal(''), fields.dateOfBirth.unwrap().unwrap()]),
  address: fields.address.unwrap(),
  notes: fields.notes.unwrap(),
  status: fields.status.unwrap(),
});
type CustomerFormValues = z.output<typeof customerFormSchema>;
type EditableField = keyof CustomerFormValues;

function toBody(values: CustomerFormValues): Required<CreateCustomerBody> {
  return { ...values, dateOfBirth: values.dateOfBirth === '' ? null : values.dateOfBirth };
}

/** Only what changed, so saving one field does not overwrite another someone else changed meanwhile. */
function changesOf(customer: Customer, body: Required<CreateCustomerBody>): UpdateCustomerBody {
  return Object.fromEntries(
    (Object.keys(body) as EditableField[]).filter((key) => body[key] !== customer[key]).map((key) => [key, body[key]]),
  );
}

/** A new customer's body leaves out the optional fields left empty. */
function createBody(body: Required<CreateCustomerBody>): CreateCustomerBody {
  const { name, phone, status, ...optional } = body;
  const filled = Object.entries(optional).filter(([, value]) => value !== '' && value !== null);
  return { name, phone, ...(status === 'active' ? {} : { status }), ...Object.fromEntries(filled) };
}

export type CustomerFormSubmission =
  { kind: 'create'; body: CreateCustomerBody } | { kind: 'update'; id: string; changes: UpdateCustomerBody };

interface CustomerFormDialogProps {
  /** The customer to edit; without one the dialog adds a customer. */
  customer?: Customer;
  isSaving: boolean;
  /** Saves and resolves to the server's refusal (to show in the form), or null once saved. */
  onSubmit: (submission: CustomerFormSubmission) => Promise<string | null>;
  onClose: () => void;
}

/** Adds or edits a customer with the contract's rules; the level and points belong to the loyalty programme. */
export function CustomerFormDialog({ customer, isSaving, onSubmit, onClose }: CustomerFormDialogProps) {
  const t = useT();
  const statusId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: localizedZodResolver(customerFormSchema),
    defaultValues: {
      name: customer?.name ?? '',
      phone: customer?.phone ?? '',
      email: customer?.email ?? '',
      dateOfBirth: customer?.dateOfBirth ?? '',
      address: customer?.address ?? '',
      notes: customer?.notes ?? '',
      status: customer?.status ?? 'active',
    },
  });

  // Registered here rather than in the JSX, where the lint would read the fields' names as words to translate.
  const inputs = {
    name: register('name'),
    phone: register('phone'),
    email: register('email'),
    address: register('address'),
    notes: register('notes'),
    status: register('status'),
  };

  const submit = handleSubmit(async (values) => {
    const body = toBody(values);
    if (customer) {
      const changes = changesOf(customer, body);
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      const refusal = await onSubmit({ kind: 'update', id: customer._id, changes });
      if (refusal) setError('root.server', { message: refusal });
      return;
    }
    const refusal = await onSubmit({ kind: 'create', body: createBody(body) });
    if (refusal) setError('root.server', { message: refusal });
  });

  return (
    <Dialog
      title={customer ? t('customers.form.editTitle', { name: customer.name }) : t('customers.form.addTitle')}
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('customers.form.name')}
            autoComplete="off"
            error={errors.name?.message}
            {...inputs.name}
          />
          <TextField
            label={t('customers.form.phone')}
            type="tel"
            autoComplete="off"
            hint={t('customers.form.phoneHint')}
            error={errors.phone?.message}
            {...inputs.phone}
          />
          <TextField
            label={t('customers.form.email')}
            type="email"
            autoComplete="off"
            hint={t('customers.form.optional')}
            error={errors.email?.message}
            {...inputs.email}
          />
          <Controller
            control={control}
            name="dateOfBirth"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <DateField
                label={t('customers.form.dateOfBirth')}
                hint={t('customers.form.optional')}
                error={errors.dateOfBirth?.message}
                max={restaurantDay(new Date())}
                {...{ value, onChange, onBlur, ref, name }}
              />
            )}
          />
        </div>
        <TextField
          label={t('customers.form.address')}
          autoComplete="off"
          hint={t('customers.form.optional')}
          error={errors.address?.message}
          {...inputs.address}
        />
        <TextAreaField
          label={t('customers.form.notes')}
          rows={3}
          placeholder={t('customers.form.notesPlaceholder')}
          error={errors.notes?.message}
          {...inputs.notes}
        />
        {customer && (
          <div>
            <label htmlFor={statusId} className="field-label">
              {t('customers.form.status')}
            </label>
            <select id={statusId} className="field-input" {...inputs.status}>
              {customerStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(customerStatusLabelIds[status])}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('customers.form.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSaving}>
            {isSaving ? t('customers.form.saving') : customer ? t('customers.form.save') : t('customers.form.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

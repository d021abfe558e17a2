import { useId, useState } from 'react';
import { localizedZodResolver } from '../../../lib/form-resolver';
import { Search, UserPlus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { createCustomerBodySchema, type Customer } from '@quan/contract/customer';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateMember } from '../api/create-member';
import { MIN_CUSTOMER_SEARCH_LENGTH, useCustomerMatches } from '../../../lib/customer-queries';
import { memberSummary } from './member-display';

/** The most matches the POS offers: enough to pick from, few enough to tap. */
const MEMBER_MATCH_LIMIT = 5;

const newMemberSchema = createCustomerBodySchema.pick({ name: true, phone: true });

/** What was typed in the search, put where it belongs: digits are a phone number, anything else a name. */
function startFrom(search: string): { name: string; phone: string } {
  return /^[\d\s+.-]+$/.test(search) ? { name: '', phone: search } : { name: search, phone: '' };
}

function NewMemberForm({
  search,
  onCreated,
  onCancel,
}: {
  search: string;
  onCreated: (customer: Customer) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const createMember = useCreateMember();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: localizedZodResolver(newMemberSchema), defaultValues: startFrom(search) });

  const submit = handleSubmit(async (body) => {
    try {
      const created = await createMember.mutateAsync(body);
      enqueueSnackbar(t('pos.member.created', { name: created.name }), { variant: 'success' });
      onCreated(created);
    } catch (error) {
      // A phone already taken (409) names the phone: the guest is a member already, search for them.
      setError('root.server', { message: describeApiError(error, t('pos.member.createError')) });
    }
  });

  // Registered before the markup, so the field names read as code, not as words to translate.
  const fields = { name: register('name'), phone: register('phone') };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('pos.member.new')}
      className="space-y-3 rounded-xl border border-stone-200 p-3"
    >
      {errors.root?.server?.message && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField label={t('pos.member.name')} autoComplete="off" error={errors.name?.message} {...fields.name} />
      <TextField
        label={t('pos.member.phone')}
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...fields.phone}
      />
      <div className="flex gap-2">
        <button type="button" className="btn btn-secondary btn-sm flex-1" onClick={onCancel}>
          {t('pos.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm flex-1" disabled={createMember.isPending}>
          {createMember.isPending ? t('pos.member.adding') : t('pos.member.add')}
        </button>
      </div>
    </form>
  );
}

/** Finds a loyalty member by phone or name, or signs the guest up with a name and a phone. */
export function MemberPicker({ onPick }: { onPick: (customer: Customer) => void }) {
  const t = useT();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const search = useDebouncedValue(typed.trim());
  const matches = useCustomerMatches(search, MEMBER_MATCH_LIMIT);
  const isSearching = search.length >= MIN_CUSTOMER_SEARCH_LENGTH;

  if (isCreating) {
    return <NewMemberForm search={typed.trim()} onCreated={onPick} onCancel={() => setIsCreating(false)} />;
  }

  function renderMatches() {
    if (!isSearching) return null;
    if (matches.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('pos.member.searching')}
        </p>
      );
    }
    if (matches.isError) {
      return <p className="text-sm text-red-800">{describeApiError(matches.error, t('pos.member.searchError'))}</p>;
    }
    if (matches.data.length === 0) {
      return <p className="text-sm text-stone-600">{t('pos.member.noMatch', { search })}</p>;
    }
    return (
      <ul aria-label={t('pos.member.matches')} className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {matches.data.map((customer) => (
          <li key={customer._id}>
            <button
              type="button"
              className="flex min-h-12 w-full flex-col items-start px-3 py-2 text-left text-sm hover:bg-amber-50"
              onClick={() => onPick(customer)}
            >
              <span className="font-semibold text-stone-900">{customer.name}</span>
              <span className="text-stone-600">
                {customer.phone} · {memberSummary(customer, t)}
                {customer.status === 'inactive' && ` · ${t('pos.member.inactive')}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-2">
      <div className="relative">
        <label className="sr-only" htmlFor={searchId}>
          {t('pos.member.find')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
        />
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={100}
          autoComplete="off"
          placeholder={t('pos.member.searchPlaceholder')}
          onChange={(event) => setTyped(event.target.value)}
          className="field-input pl-10"
        />
      </div>
      {renderMatches()}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setIsCreating(true)}>
        <UserPlus aria-hidden="true" className="size-4" />
        {t('pos.member.new')}
      </button>
    </div>
  );
}

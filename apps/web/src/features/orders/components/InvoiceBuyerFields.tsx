import { useEffect, useId, useRef } from 'react';
import { companyBuyerSchema, type InvoiceBuyer } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { TextField } from '../../../components/TextField';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';

/** The company invoice's fields as typed; `isCompany` false is a walk-in guest, whose fields are kept but not sent. */
export interface InvoiceBuyerDraft {
  isCompany: boolean;
  name: string;
  taxCode: string;
  address: string;
  email: string;
}

type BuyerField = Exclude<keyof InvoiceBuyerDraft, 'isCompany'>;
export type InvoiceBuyerProblems = Partial<Record<BuyerField, string>>;

/** What the order remembers of the guest's answer (a company, or nothing: walk-in), ready to change. */
export function invoiceBuyerDraftOf(buyer: Order['invoiceBuyer']): InvoiceBuyerDraft {
  if (!buyer) return { isCompany: false, name: '', taxCode: '', address: '', email: '' };
  return {
    isCompany: true,
    name: buyer.name,
    taxCode: buyer.taxCode,
    address: buyer.address,
    email: buyer.email ?? '',
  };
}

/**
 * The buyer the draft names, checked with the contract's own rules (the tax code's check digit among them), each
 * problem in the screen's language under its field; null with problems while a company's details are wrong.
 */
export function readInvoiceBuyer(draft: InvoiceBuyerDraft): {
  buyer: InvoiceBuyer | null;
  problems: InvoiceBuyerProblems;
} {
  if (!draft.isCompany) return { buyer: { kind: 'walk-in' }, problems: {} };
  const parsed = companyBuyerSchema.safeParse({
    kind: 'company',
    name: draft.name,
    taxCode: draft.taxCode,
    address: draft.address,
    email: draft.email,
  });
  if (parsed.success) return { buyer: parsed.data, problems: {} };
  const problems: InvoiceBuyerProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as BuyerField;
    problems[field] ??= translateValidationMessage(issue.message);
  }
  return { buyer: null, problems };
}

interface InvoiceBuyerFieldsProps {
  draft: InvoiceBuyerDraft;
  onChange: (draft: InvoiceBuyerDraft) => void;
  /** Shown once the person tried to send. */
  problems: InvoiceBuyerProblems;
  /**
   * Raised each time the payment is refused for the buyer's details: the first field with a problem takes the focus,
   * which scrolls it (and its message) into view.
   */
  focusRequest?: number;
}

/**
 * "Company invoice": a switch that a walk-in guest never touches (their sale is invoiced all the same), and for a
 * guest who asks for an invoice in their company's name, the company's name, tax code, address and, if they want
 * it mailed, an e-mail address. One column on a phone, the optional e-mail last; two from `sm` up, the e-mail beside
 * the tax code.
 */
export function InvoiceBuyerFields({ draft, onChange, problems, focusRequest = 0 }: InvoiceBuyerFieldsProps) {
  const t = useT();
  const fieldsId = useId();
  const fieldsRef = useRef<HTMLDivElement>(null);
  // After the render that shows the messages, so that the one under the field is scrolled into view with it.
  useEffect(() => {
    if (focusRequest > 0) fieldsRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const set = (field: BuyerField) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [field]: event.target.value });
  return (
    <div className="space-y-3">
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800 sm:min-h-8">
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-amber-700"
          checked={draft.isCompany}
          aria-controls={draft.isCompany ? fieldsId : undefined}
          onChange={(event) => onChange({ ...draft, isCompany: event.target.checked })}
        />
        {t('orders.invoice.companyInvoice')}
      </label>
      {draft.isCompany && (
        // Dense: from `sm` up the e-mail, last in reading order, fills the cell beside the tax code.
        <div
          id={fieldsId}
          ref={fieldsRef}
          className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-flow-row-dense sm:grid-cols-2"
        >
          <TextField
            className="sm:col-span-2"
            label={t('orders.invoice.companyName')}
            value={draft.name}
            onChange={set('name')}
            error={problems.name}
            autoComplete="organization"
            maxLength={400}
          />
          <TextField
            label={t('orders.invoice.taxCode')}
            value={draft.taxCode}
            onChange={set('taxCode')}
            error={problems.taxCode}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
          />
          <TextField
            className="sm:col-span-2"
            label={t('orders.invoice.address')}
            value={draft.address}
            onChange={set('address')}
            error={problems.address}
            autoComplete="street-address"
            maxLength={300}
          />
          <TextField
            type="email"
            label={t('orders.invoice.email')}
            hint={t('orders.invoice.emailHint')}
            value={draft.email}
            onChange={set('email')}
            error={problems.email}
            autoComplete="email"
            maxLength={254}
          />
        </div>
      )}
    </div>
  );
}

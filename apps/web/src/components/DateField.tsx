import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { CalendarDays } from 'lucide-react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { vi } from 'react-day-picker/locale/vi';
import 'react-day-picker/style.css';
import type { Language } from '@quan/contract/language';
import { formatDay, formatLongDay, formatMonthName, formatMonthYear, readDay } from '../lib/date-format';
import { useLanguage, useT } from '../lib/i18n';
import { isDay } from '../lib/restaurant-day';

/** The calendar's month and weekday names in each language (lib/date-format.ts writes the same locales). */
const calendarLocales: Record<Language, typeof vi> = { vi, en: enGB };

/** "2026-11-26" → that day at midnight on this device, as the calendar counts days. */
function dateOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date);
}

/** The calendar's day → "2026-11-26". */
function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A value as the field writes it: a day in the screen's language, anything else as it is. */
const shownText = (value: string) => (isDay(value) ? formatDay(value) : value);

interface DateFieldProps {
  label: string;
  /** The day, as the API has it ("2026-11-26"), or '' for none. */
  value: string;
  /**
   * The day typed or chosen: "2026-11-26", '' when the field is emptied, or the text itself when it is no day
   * (the form or the page then refuses it as it would any wrong day; the field says how to write one).
   */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first and last days one can choose ("2026-11-26"). */
  min?: string;
  max?: string;
  /** The restaurant's today ("2026-11-26"), which the calendar marks; the device's by default. */
  today?: string;
  id?: string;
  name?: string;
  /** The text input, for a form to focus it when it is wrong. */
  ref?: Ref<HTMLInputElement>;
  hint?: string;
  /** What is wrong with the day, said under the field. */
  error?: string;
  /** Marks the field wrong when the message is said elsewhere (with `describedBy`, its id). */
  invalid?: boolean;
  describedBy?: string;
  /** Classes for the field's wrapper. */
  className?: string;
}

/**
 * A day, written and read in the screen's language (26/11/2026), never the browser's: a native date input shows
 * the browser's own format whatever the page's language. One types the day, or opens a calendar beside it (its
 * months and weekdays in the screen's language too); the value stays the API's "2026-11-26". The calendar is a
 * keyboard grid (arrows, Page Up/Down, Home/End, Enter); Escape closes it and the focus comes back.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  today,
  id,
  name,
  ref,
  hint,
  error,
  invalid,
  describedBy,
  className,
}: DateFieldProps) {
  const t = useT();
  const language = useLanguage();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const formatId = `${inputId}-format`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const calendarId = `${inputId}-calendar`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const [text, setText] = useState(() => shownText(value));
  const [focused, setFocused] = useState(false);
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);
  // The value and language the text was last written for: a new value from the page is written anew, unless the
  // text already says it, or is being typed (no day yet, which the page may keep as no day at all).
  const [written, setWritten] = useState({ value, language });
  if (written.value !== value || written.language !== language) {
    setWritten({ value, language });
    const read = readDay(text);
    const typing = focused && read === null && (value === '' || value === text.trim());
    if (written.language !== language || (read !== value && !typing)) setText(shownText(value));
  }

  const unreadable = readDay(text) === null;
  // Said once the person has left the field (or the form says it is wrong): not while the day is being typed.
  const shownError = unreadable && (left || error) ? t('dates.field.unreadable') : error;
  const describedByIds =
    [formatId, hint ? hintId : null, shownError ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;

  function typeText(next: string) {
    setText(next);
    setLeft(false);
    onChange(readDay(next) ?? next.trim());
  }

  function choose(date: Date | undefined) {
    if (date) {
      const day = dayOf(date);
      setText(formatDay(day));
      setLeft(false);
      onChange(day);
    }
    setOpen(false);
    buttonRef.current?.focus();
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    // The calendar closes, not the dialog it may sit in.
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  function closeWhenLeft(event: FocusEvent) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setOpen(false);
  }

  // Kept on the screen: a calendar opened by a field near the right edge moves left as far as it must.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.style.translate = '';
    const box = panel.getBoundingClientRect();
    const overflow = box.right - (document.documentElement.clientWidth - 8);
    if (overflow > 0) panel.style.translate = `${-Math.min(overflow, Math.max(0, box.left - 8))}px 0`;
  }, [open]);

  const selected = isDay(value) ? dateOf(value) : undefined;
  const first = min && isDay(min) ? dateOf(min) : undefined;
  const last = max && isDay(max) ? dateOf(max) : undefined;
  const disabled: Matcher[] = [...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])];
  const todayDate = today && isDay(today) ? dateOf(today) : new Date();
  const shownMonth = selected ?? (last && last < todayDate ? last : first && first > todayDate ? first : todayDate);

  return (
    <div className={className} onBlur={closeWhenLeft} onKeyDown={open ? closeOnEscape : undefined}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('dates.field.format')}
          className="field-input pr-11"
          value={text}
          aria-invalid={invalid || shownError ? true : undefined}
          aria-describedby={describedByIds}
          onChange={(event) => typeText(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            // A day typed another way ("1-2-2026", "2026-02-01") is written back as the screen writes days.
            const read = readDay(text);
            if (read) setText(formatDay(read));
            setLeft(true);
            onBlur?.();
          }}
        />
        <span id={formatId} className="sr-only">
          {t('dates.field.formatHint')}
        </span>
        <button
          ref={buttonRef}
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-stone-600 hover:text-amber-800"
          aria-label={t('dates.field.openCalendar', { label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <CalendarDays aria-hidden="true" className="size-5" />
        </button>
        {open && (
          <div
            ref={panelRef}
            id={calendarId}
            role="dialog"
            aria-label={t('dates.calendar.label', { label })}
            className="card absolute top-full left-0 z-30 mt-1 w-max p-3"
          >
            <DayPicker
              mode="single"
              required={false}
              selected={selected}
              onSelect={choose}
              defaultMonth={shownMonth}
              startMonth={first ?? new Date(1900, 0)}
              endMonth={last ?? new Date(todayDate.getFullYear() + 10, 11)}
              today={todayDate}
              disabled={disabled}
              captionLayout="dropdown"
              locale={calendarLocales[language]}
              // "Tháng 11" rather than date-fns's "Tháng Mười Một": as the rest of the app writes months.
              formatters={{ formatMonthDropdown: formatMonthName }}
              autoFocus
              labels={{
                labelNav: () => t('dates.calendar.nav'),
                labelPrevious: () => t('dates.calendar.previous'),
                labelNext: () => t('dates.calendar.next'),
                labelMonthDropdown: () => t('dates.calendar.month'),
                labelYearDropdown: () => t('dates.calendar.year'),
                labelGrid: (month) => formatMonthYear(month),
                labelDayButton: (date, modifiers) => {
                  const day = formatLongDay(dayOf(date));
                  const named = modifiers.today ? t('dates.calendar.today', { day }) : day;
                  return modifiers.selected ? t('dates.calendar.chosen', { day: named }) : named;
                },
              }}
              style={
                {
                  '--rdp-accent-color': 'var(--color-amber-700, #b45309)',
                  '--rdp-accent-background-color': 'var(--color-amber-50, #fffbeb)',
                  '--rdp-day-height': '2.5rem',
                  '--rdp-day-width': '2.5rem',
                  '--rdp-day_button-height': '2.375rem',
                  '--rdp-day_button-width': '2.375rem',
                } as CSSProperties
              }
            />
          </div>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={errorId} className="field-error">
          {shownError}
        </p>
      )}
    </div>
  );
}

import { Fragment, type ReactNode } from 'react';
import type { Translate } from '../lib/i18n';

/** Stands in a translated sentence for a value drawn as an element; an invisible separator nobody types. */
const mark = (index: number) => `\u2063${index}\u2063`;

/**
 * A translated sentence in which some values are drawn as elements (a name in bold, a link), wherever the
 * language puts them: `messageWithElements(t, 'auth.pending.body', { name }, { email: <strong>…</strong> })`.
 */
export function messageWithElements(
  t: Translate,
  id: string,
  values: Record<string, string | number>,
  elements: Record<string, ReactNode>,
): ReactNode[] {
  const names = Object.keys(elements);
  const marked = Object.fromEntries(names.map((name, index) => [name, mark(index)]));
  return t(id, { ...values, ...marked })
    .split(/\u2063(\d+)\u2063/)
    .map((part, index) => <Fragment key={index}>{index % 2 === 1 ? elements[names[Number(part)]!] : part}</Fragment>);
}

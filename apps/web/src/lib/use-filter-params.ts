import { useSearchParams } from 'react-router';
import { isDay } from './restaurant-day';

/**
 * A list's filters kept in the address, so a reload or a shared link shows the same list: a day range
 * (?from, ?to, ignored unless a valid day), a page (?page, 1 by default) and whatever else the page reads
 * from `params`. `update` sets or (with null or '') removes parameters; a change of any filter goes back to
 * the first page.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isDay(value) ? value : '';
  };

  function update(changes: Record<string, string | null>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  }

  return {
    params,
    from: day('from'),
    to: day('to'),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    update,
  };
}

import { useEffect } from 'react';
import { noteServerTitle } from './server-render';

export function usePageTitle(title: string): void {
  if (import.meta.env.SSR) noteServerTitle(`${title} · Quán`);
  useEffect(() => {
    document.title = `${title} · Quán`;
  }, [title]);
}

/** Paths under /dashboard, read from and written to the address bar (history API, no reloads). */
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/dashboard';

export function currentPage(): string {
  const rest = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : '/';
  return rest.replace(/\/+$/, '') || '/';
}

const listeners = new Set<() => void>();

export function navigate(page: string): void {
  history.pushState(null, '', `${BASE}${page === '/' ? '/' : page}`);
  listeners.forEach((listener) => listener());
}

export function usePage(): string {
  const [page, setPage] = useState(currentPage());
  useEffect(() => {
    const update = () => setPage(currentPage());
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return page;
}

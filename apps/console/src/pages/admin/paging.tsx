import { useState } from 'preact/hooks';
import { get } from '../../api';
import { useLoad } from '../../load';

/**
 * Paging back by cursor (the API's `nextCursor`, passed as `before` or `cursor`): the cursors of
 * the pages already seen, so "Newer" goes back one. Back to the first page when `reset` changes.
 */
export function useCursor<C>(reset: unknown[]) {
  const key = JSON.stringify(reset);
  const [state, setState] = useState<{ key: string; stack: C[] }>({ key, stack: [] });
  const stack = state.key === key ? state.stack : [];
  return {
    cursor: stack[stack.length - 1],
    page: stack.length + 1,
    older: (next: C) => setState({ key, stack: [...stack, next] }),
    newer: () => setState({ key, stack: stack.slice(0, -1) }),
  };
}

/** "Newer" and "Older" buttons under a paged table. */
export function Pager({ what, page, next, onNewer, onOlder }: { what: string; page: number; next: unknown; onNewer: () => void; onOlder: () => void }) {
  return (
    <nav class="pager" aria-label={`Pages of ${what}`}>
      <button type="button" disabled={page === 1} onClick={onNewer}>
        Newer {what}
      </button>{' '}
      <span class="muted">Page {page}</span>{' '}
      <button type="button" disabled={next === null || next === undefined} onClick={onOlder}>
        Older {what}
      </button>
    </nav>
  );
}

/** A figure in a row of figures: what it is, and its value. */
export function Figure({ label, value, name }: { label: string; value: string; name?: string }) {
  return (
    <div class="figure" data-figure={name}>
      <div class="muted">{label}</div>
      <div class="value">{value}</div>
    </div>
  );
}

/**
 * GET `path` again whenever it changes, saying whether what is shown is its answer yet (`fresh`):
 * until then the previous answer stays on the page, marked aria-busy.
 */
export function useAnswer<T>(path: string) {
  const loaded = useLoad(() => get<T>(path).then((data) => ({ path, data })), [path]);
  return { ...loaded, data: loaded.data?.data ?? null, fresh: !loaded.loading && loaded.data?.path === path };
}

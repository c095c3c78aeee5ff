import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from './api';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Runs `read` when its dependencies change (and on reload), keeping the last answer or error. */
export function useLoad<T>(read: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    read().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error: describe(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

export function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.status} ${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

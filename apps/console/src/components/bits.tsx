import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Loaded } from '../load';

/** A titled part of a page. */
export function Section({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-title` : undefined} data-section={id}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </section>
  );
}

/** What a loaded part shows while loading or after an error; its children once the data is there. */
export function Loading<T>({ state, children }: { state: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (state.error)
    return (
      <p role="alert" class="error">
        {state.error}
      </p>
    );
  if (state.data === null) return <p class="muted">Loading…</p>;
  return <>{children(state.data)}</>;
}

/** Copies `text` to the clipboard, saying so. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(() => {
          setDone(true);
          setTimeout(() => setDone(false), 2000);
        })
      }
    >
      {done ? 'Copied' : label}
    </button>
  );
}

export function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" class="error">
      {error}
    </p>
  ) : null;
}

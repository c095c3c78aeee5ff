import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describe } from '../load';

interface Props {
  /** The button that opens the confirmation. */
  label: string;
  /** What will change, said before it does. */
  says: ComponentChildren;
  /** Runs on "Confirm"; the dialog shows its error, if any, and stays open. */
  act: () => Promise<void>;
  danger?: boolean;
  disabled?: boolean;
}

/** An action behind a confirmation (a native modal <dialog>): nothing changes until "Confirm". */
export function ConfirmButton({ label, says, act, danger, disabled }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await act();
      setOpen(false);
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class={danger ? 'danger' : ''} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialog} onClose={() => setOpen(false)} aria-label={`Confirm: ${label}`}>
        <h2>{label}?</h2>
        <div class="says">{says}</div>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <div class="actions">
          <button type="button" onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </button>
          <button type="button" class={danger ? 'danger' : 'primary'} onClick={() => void confirm()} disabled={busy}>
            Confirm
          </button>
        </div>
      </dialog>
    </>
  );
}

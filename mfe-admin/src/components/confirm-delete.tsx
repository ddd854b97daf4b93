import { useState } from 'react';
import { ConfirmDialog } from '@portal/ui';

export interface ConfirmDeleteState {
  /** Asks first; `action` runs after the confirmation, `failure` is shown when it throws. */
  ask(name: string, action: () => Promise<unknown>): void;
  error: string | null;
  dialog: React.ReactElement;
}

/** The spec's delete confirmation for a row of a list, and the failure alert's text. */
export function useConfirmDelete(message: string, failure: string): ConfirmDeleteState {
  const [pending, setPending] = useState<{ name: string; action: () => Promise<unknown> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await pending.action();
    } catch {
      setError(failure);
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return {
    ask: (name, action) => setPending({ name, action }),
    error,
    dialog: (
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Delete ${pending.name}?` : undefined}
        message={message}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    ),
  };
}

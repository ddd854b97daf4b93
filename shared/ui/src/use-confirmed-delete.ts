import { useState } from 'react';
import { errorMessage } from '@portal/api-client';
import type { ConfirmDialogProps } from './confirm-dialog';

export interface ConfirmedDeleteOptions {
  /**
   * The text the user keeps seeing when the delete fails: a fixed text, or one made from the
   * failure; by default the server's message (errorMessage).
   */
  failureMessage?: string | ((failure: unknown) => string);
  /**
   * For a component that shows one error for several actions: told null when a delete starts and
   * the failure's text when it fails (the same text as `error`).
   */
  onError?(message: string | null): void;
  /** Runs after the delete succeeded, e.g. to leave the page of what was deleted. */
  onDeleted?(): void;
}

export interface ConfirmedDelete<T> {
  /** What the open confirmation is about, or null when none is open. */
  pending: T | null;
  /** True while the delete runs: the dialog stays open with a spinner. */
  busy: boolean;
  /** The last failure's text for the user, or null; cleared when the next delete starts. */
  error: string | null;
  /** Opens the confirmation for `item`; nothing is deleted until the user confirms. */
  ask(item: T): void;
  /** Spread into ConfirmDialog: open while an item waits, Confirm deletes it, Cancel closes. */
  dialog: Pick<ConfirmDialogProps, 'open' | 'busy' | 'onConfirm' | 'onCancel'>;
}

/**
 * Delete after a confirmation (docs/product/messages.md#confirmations): `ask(item)` opens the
 * ConfirmDialog, its Confirm runs `remove(item)`. The dialog closes either way; a failure keeps
 * its message for the user and leaves the item where it was.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<unknown>, options: ConfirmedDeleteOptions = {}): ConfirmedDelete<T> {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function report(message: string | null) {
    setError(message);
    options.onError?.(message);
  }

  async function confirm() {
    if (pending === null) return;
    setBusy(true);
    report(null);
    try {
      await remove(pending);
      options.onDeleted?.();
    } catch (failure) {
      const { failureMessage = errorMessage } = options;
      report(typeof failureMessage === 'string' ? failureMessage : failureMessage(failure));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return {
    pending,
    busy,
    error,
    ask: (item: T) => setPending(() => item),
    dialog: { open: pending !== null, busy, onConfirm: () => void confirm(), onCancel: () => setPending(null) },
  };
}

import { useState } from 'react';
import { errorMessage } from '@portal/api-client';

/**
 * Delete-after-confirmation for a list item: `ask(item)` opens the confirmation, `confirm()` deletes
 * it and reports a failure's message through `onError` (null when a new attempt starts).
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<unknown>, onError: (message: string | null) => void) {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (pending === null) return;
    setBusy(true);
    onError(null);
    try {
      await remove(pending);
    } catch (failure) {
      onError(errorMessage(failure));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return { pending, busy, ask: setPending, cancel: () => setPending(null), confirm };
}

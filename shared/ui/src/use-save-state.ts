import { useCallback, useState } from 'react';

export interface SaveState {
  saving: boolean;
  /** The last failure (shown with ErrorAlert), or null. */
  error: unknown;
  /** True after a save succeeded, until `changed()` says the form was edited again. */
  saved: boolean;
  /** Runs `action`; a failure is kept in `error` and nothing typed is lost. */
  run(action: () => Promise<unknown>): Promise<void>;
  changed(): void;
  fail(error: unknown): void;
}

/** The saving / failed / saved states of a form whose Save button calls the API. */
export function useSaveState(): SaveState {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setSaving(true);
    setError(null);
    try {
      await action();
      setSaved(true);
    } catch (failure) {
      setError(failure);
      setSaved(false);
    } finally {
      setSaving(false);
    }
  }, []);
  const changed = useCallback(() => setSaved(false), []);
  const fail = useCallback((failure: unknown) => setError(failure), []);
  return { saving, error, saved, run, changed, fail };
}

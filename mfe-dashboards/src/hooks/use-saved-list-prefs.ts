import { useEffect, useMemo, useState } from 'react';
import { useListPrefs, useListPrefsMutations, errorMessage } from '@portal/api-client';
import { parseListPrefs, type ListPrefs } from '@portal/domain';
import { useSession } from '@portal/session';

const FILTER_NAME = 'listPrefs';

/**
 * The staff list's sort and filters: kept in the session store's filters (so they survive a
 * reload) and saved per user through the list_prefs API, whose answer wins once it arrives.
 */
export function useSavedListPrefs() {
  const contactId = useSession((s) => s.contact?.contact_id ?? null);
  const stored = useSession((s) => s.filters[FILTER_NAME]);
  const setFilter = useSession((s) => s.setFilter);
  const { data: saved } = useListPrefs(contactId);
  const { save } = useListPrefsMutations(contactId);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (saved) setFilter(FILTER_NAME, saved);
  }, [saved, setFilter]);

  const prefs = useMemo(() => parseListPrefs(stored ?? saved ?? null), [stored, saved]);

  const update = (changes: Partial<ListPrefs>) => {
    const next = { ...prefs, ...changes };
    setFilter(FILTER_NAME, next);
    setError(null);
    save(next).catch((cause: unknown) => setError(errorMessage(cause)));
  };

  return { prefs, update, error };
}

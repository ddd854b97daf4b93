import { createContext, useCallback, useContext, useEffect, useState } from 'react';

type SetHold = (key: symbol, on: boolean) => void;

export const RefreshHoldContext = createContext<SetHold>(() => undefined);

/**
 * The ticket screen's holds: while any edit field, dropdown or the time form is open the ticket
 * is not reloaded (docs/product/tickets.md#refresh), so a reload never replaces what the user is choosing.
 */
export function useRefreshHolds(): { held: boolean; setHold: SetHold } {
  const [holds, setHolds] = useState<ReadonlySet<symbol>>(() => new Set());
  const setHold = useCallback<SetHold>((key, on) => {
    setHolds((current) => {
      if (current.has(key) === on) return current;
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return { held: holds.size > 0, setHold };
}

/** Holds the ticket's reload while `active`. */
export function useRefreshHold(active: boolean): void {
  const setHold = useContext(RefreshHoldContext);
  const [key] = useState(() => Symbol('refresh-hold'));
  useEffect(() => {
    setHold(key, active);
    return () => setHold(key, false);
  }, [active, key, setHold]);
}

/** Focus handlers for a dropdown: it holds the reload while it has focus (it is open or being used). */
export function useFocusHold() {
  const [focused, setFocused] = useState(false);
  useRefreshHold(focused);
  return { onFocus: () => setFocused(true), onBlur: () => setFocused(false) };
}

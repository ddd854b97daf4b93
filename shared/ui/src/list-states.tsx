import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from './error-alert';

export interface ListStatesProps<L extends readonly unknown[]> {
  /** The list as read; undefined until the first answer. */
  data: L | undefined;
  /** Why the list could not be read (a text or an error), shown only while there is no list to show. */
  error?: unknown;
  /** Whether the first answer is awaited; by default while there is neither a list nor an error. */
  loading?: boolean;
  /** The muted line an empty list shows; without it an empty list shows nothing. */
  emptyText?: ReactNode;
  /** What the list is drawn as (a table), given its items; only when it has some. */
  children(items: L): ReactNode;
}

/**
 * The states of a list read from the API, drawn the same way on every screen: 'Loading…' until the
 * first answer, the failure (ErrorAlert) when there is none, the empty text, or the table. A failure
 * to refresh a list already shown keeps the list (a screen's own actions report their failures).
 */
export function ListStates<L extends readonly unknown[]>({ data, error, loading, emptyText, children }: ListStatesProps<L>) {
  const messageText = useMessageText();
  if (data === undefined) {
    if (loading ?? !error) return <Text color="fg.muted">{messageText(MESSAGES.loading)}</Text>;
    return <ErrorAlert message={error} />;
  }
  if (data.length === 0) return emptyText ? <Text color="fg.muted">{emptyText}</Text> : null;
  return <>{children(data)}</>;
}

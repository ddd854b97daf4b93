import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text, type AlertRootProps } from '@chakra-ui/react';
import { useT } from './messages';

export interface RemoteErrorBoundaryProps {
  /** What failed, for the panel and the console: a remote ('dashboards') or an exposed module ('tickets/NewTicketForm'). */
  label: string;
  /** Loads the part again; the owner remounts the boundary (e.g. keyed on the attempt) to clear the error. */
  onRetry(): void;
  /** Layout of the error panel where it stands in for the part (width, margins). */
  panelProps?: AlertRootProps;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a part of the portal loaded at run time (a remote's routes, another remote's exposed
 * component) inside its own panel when it fails to load or throws: the panel says so and offers
 * Retry, and everything around it keeps working.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.label} part of the portal failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { label, onRetry, panelProps } = this.props;
    return <RemoteErrorPanel label={label} detail={error.message} onRetry={onRetry} panelProps={panelProps} />;
  }
}

export interface RemoteErrorPanelProps {
  /** What failed ('dashboards', 'tickets/NewTicketForm'), and why when known: under Details. */
  label: string;
  detail?: string;
  onRetry?(): void;
  panelProps?: AlertRootProps;
}

/**
 * The panel that stands in for a part of the portal that failed to load: it says so and offers Retry.
 * The boundary above shows it; the sign-in page of its own has it rendered at build time, for when its
 * script fails (mfe-auth/src/sign-in).
 */
export function RemoteErrorPanel({ label, detail, onRetry, panelProps }: RemoteErrorPanelProps) {
  const t = useT();
  return (
    // An alert: announced when it appears, and what tells the shell's first-screen hold the page is up.
    <Alert.Root status="error" variant="subtle" role="alert" data-testid="remote-error" {...panelProps}>
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>{t('remoteError.title')}</Alert.Title>
        <Alert.Description>
          <Text>{t('remoteError.hint')}</Text>
          {/* What failed, for whoever helps the user (it is in the console too); folded away by default. */}
          <Text as="details" mt="2" fontSize="sm">
            <Text as="summary" cursor="pointer">{t('remoteError.details')}</Text>
            <Text mt="1" wordBreak="break-word">{label}{detail ? `: ${detail}` : ''}</Text>
          </Text>
        </Alert.Description>
        <Button alignSelf="flex-start" colorPalette="red" size="sm" onClick={onRetry}>
          {t('remoteError.retry')}
        </Button>
      </Stack>
    </Alert.Root>
  );
}

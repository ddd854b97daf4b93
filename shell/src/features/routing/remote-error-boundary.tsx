import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';

interface Props {
  remoteLabel: string;
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a remote that fails to load or throws inside its own panel; the rest of the shell keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.remoteLabel} part of the portal failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteErrorPanel remoteLabel={this.props.remoteLabel} error={error} onRetry={this.props.onRetry} />;
  }
}

export function RemoteErrorPanel({ remoteLabel, error, onRetry }: { remoteLabel: string; error: Error; onRetry(): void }) {
  return (
    <Alert.Root status="error" variant="subtle" maxW="2xl" mx="auto" my="8" data-testid="remote-error">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>This part of the portal ({remoteLabel}) could not be loaded.</Alert.Title>
        <Alert.Description>
          <Text>Check your connection and try again. {error.message ? `(${error.message})` : null}</Text>
        </Alert.Description>
        <Button alignSelf="flex-start" colorPalette="red" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert.Root>
  );
}

import { createContext, lazy, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { useT } from './messages';
import { RemoteErrorBoundary } from './remote-error-boundary';

/** Loads one exposed module of a remote (`load('tickets', './NewTicketForm')`) and answers its exports. */
export type LoadRemoteModule = (remote: string, exposed: string) => Promise<Record<string, unknown>>;

const RemoteLoaderContext = createContext<LoadRemoteModule | null>(null);

/**
 * A remote cannot reach the federation runtime instance of the app that mounted it, so whoever
 * owns that instance (the shell, or a remote's standalone bootstrap) provides the loader here.
 */
export function RemoteLoaderProvider({ load, children }: { load: LoadRemoteModule; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={load}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader(): LoadRemoteModule {
  const load = useContext(RemoteLoaderContext);
  if (!load) throw new Error('RemoteComponent needs a <RemoteLoaderProvider> above it.');
  return load;
}

export interface RemoteComponentProps<P extends object> {
  /** Federation name of the remote, e.g. 'tickets'. */
  remote: string;
  /** The exposed module, e.g. './NewTicketForm'. */
  module: string;
  /** The named export to render from that module. */
  exportName: string;
  props: P;
  fallback?: ReactNode;
}

function DefaultFallback() {
  const t = useT();
  return (
    <Center py="8">
      <Spinner size="md" color="blue.500" role="status" aria-label={t('remote.loading')} />
    </Center>
  );
}

/**
 * Renders a component another remote exposes, loaded at run time through the provided loader.
 * A failed load shows an error panel whose Retry loads again (the federation runtime forgets a
 * failed fetch, so the next call goes back to the network).
 */
export function RemoteComponent<P extends object>({ remote, module, exportName, props, fallback }: RemoteComponentProps<P>) {
  const load = useRemoteLoader();
  const makeLoader = () =>
    lazy(async () => {
      const exports = await load(remote, module);
      const Loaded = exports[exportName];
      if (typeof Loaded !== 'function' && (typeof Loaded !== 'object' || Loaded === null)) {
        throw new Error(`The "${remote}" remote does not export ${exportName} from ${module}.`);
      }
      return { default: Loaded as ComponentType<P> };
    });
  const [Loaded, setLoaded] = useState(makeLoader);
  const [attempt, setAttempt] = useState(0);

  return (
    <RemoteErrorBoundary
      key={attempt}
      label={`${remote}/${module.replace(/^\.\//, '')}`}
      onRetry={() => {
        setLoaded(() => makeLoader());
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={fallback ?? <DefaultFallback />}>
        <Loaded {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

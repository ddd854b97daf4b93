// First: it configures zod before the schemas below are built.
import './no-eval-in-browser';
import * as z from 'zod/mini';
import { REMOTE_NAME, type RemoteApp, type RemoteMapEntry, type RemotesMap } from './remotes';

// The schemas of the remotes list and map, for where they are written and checked whole: the builds and
// deploys (server/lib/paths.ts, server/lib/remotes-map.ts) and the server. The shell reads them with
// remotes.ts alone, without zod.

export const remoteName = z.string().check(z.regex(REMOTE_NAME));

export const remoteApp = z.object({
  name: remoteName,
  folder: z.string().check(z.minLength(1)),
  devPort: z.int().check(z.positive()),
  routes: z.array(z.string()),
  smoke: z.optional(z.object({ path: z.string().check(z.startsWith('/')), public: z._default(z.boolean(), false) })),
});
export const remoteAppList = z.array(remoteApp);

export const remoteMapEntry = z.object({ entry: z.string().check(z.minLength(1)), version: z.string(), canary: z.optional(z.literal(true)) });

export const remotesMap = z.record(remoteName, remoteMapEntry);

/** The schemas' types are remotes.ts's, exactly: a field added to one and not the other fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type SchemasMatchTheirTypes = [
  Holds<Same<z.infer<typeof remoteApp>, RemoteApp>>, Holds<Same<z.infer<typeof remoteMapEntry>, RemoteMapEntry>>, Holds<Same<z.infer<typeof remotesMap>, RemotesMap>>,
];

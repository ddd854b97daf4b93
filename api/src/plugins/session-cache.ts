import type { Change, Viewer } from '@portal/domain';

// Sessions held in memory for a few seconds (docs/architecture.md#sessions-in-memory): a request whose
// session this process read moments ago is answered without the session read (and, for staff, the
// second-factor read). A write that ends a session or changes who it is publishes a `session` change (a
// company change with `members` for company links) through the live-events transport: every process drops
// that contact's entries at once (`forget`), everything on `resync`. The short life only bounds what a
// missed change could cost; an entry never outlives its session's absolute end or idle limit.

/** At most this many sessions are held per process (a few hundred bytes each); the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** A session as this process read it. */
export interface CachedSession {
  readonly viewer: Viewer;
  readonly sessionId: number;
  /** When the session was last marked used (ms), as read or as this process last wrote it. */
  lastSeenMs: number;
  /** The session's absolute end (ms). */
  readonly expiresMs: number;
  /** Staff only: whether the admins require a second factor of it and none is enrolled; undefined until read. */
  enrolRequired?: boolean;
}

interface Held {
  session: CachedSession;
  /** Held until then (ms), at most. */
  untilMs: number;
}

export interface SessionCache {
  /** Whether anything is held at all (SESSION_CACHE_MS > 0). */
  readonly enabled: boolean;
  /** Entries held now. */
  readonly size: number;
  /**
   * Bumped by every drop: a read that began before a drop must not be stored after it (it may have read
   * a session the dropping write has just ended). Take it before the read, hand it to `put`/`settle`.
   */
  readonly generation: number;
  /** The session of `tokenHash` at `now`, if held and still alive (within its end, idle limit and the cache's life). */
  get(tokenHash: string, now: Date): CachedSession | undefined;
  /** Holds a session read at `now`, unless something was dropped since `generation`. */
  put(tokenHash: string, session: CachedSession, now: Date, generation: number): void;
  /** Sets a held session's second-factor flag, unless something was dropped since `generation`. */
  settle(session: CachedSession, enrolRequired: boolean, generation: number): void;
  dropToken(tokenHash: string): void;
  dropContact(contactId: number): void;
  clear(): void;
  /** Drops what `changes` make stale: the contacts of session changes and of company `members`; every entry for `'all'`. */
  forget(changes: readonly Change[]): void;
}

export function createSessionCache(options: { ttlMs: number; idleMs: number; maxEntries?: number }): SessionCache {
  const { ttlMs, idleMs } = options;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const held = new Map<string, Held>();
  const byContact = new Map<number, Set<string>>();
  let generation = 0;

  const remove = (tokenHash: string) => {
    const entry = held.get(tokenHash);
    if (!entry) return;
    held.delete(tokenHash);
    const contactId = entry.session.viewer.contactId;
    const tokens = byContact.get(contactId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) byContact.delete(contactId);
  };
  const dropContact = (contactId: number) => {
    generation += 1;
    for (const tokenHash of byContact.get(contactId) ?? []) held.delete(tokenHash);
    byContact.delete(contactId);
  };
  const clear = () => {
    generation += 1;
    held.clear();
    byContact.clear();
  };

  return {
    enabled: ttlMs > 0,
    get size() {
      return held.size;
    },
    get generation() {
      return generation;
    },
    get(tokenHash, now) {
      const entry = held.get(tokenHash);
      if (!entry) return undefined;
      const at = now.getTime();
      const { session } = entry;
      // The same rules as the database read: past its end or unused for the idle limit, it is gone.
      if (at >= entry.untilMs || at >= session.expiresMs || at - session.lastSeenMs >= idleMs) {
        remove(tokenHash);
        return undefined;
      }
      return session;
    },
    put(tokenHash, session, now, since) {
      if (ttlMs <= 0 || since !== generation) return;
      remove(tokenHash);
      held.set(tokenHash, { session, untilMs: now.getTime() + ttlMs });
      const contactId = session.viewer.contactId;
      let tokens = byContact.get(contactId);
      if (!tokens) byContact.set(contactId, (tokens = new Set()));
      tokens.add(tokenHash);
      // Map order is insertion order: the first keys are the longest held.
      while (held.size > maxEntries) {
        const oldest = held.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    },
    settle(session, enrolRequired, since) {
      if (since === generation) session.enrolRequired = enrolRequired;
    },
    dropToken(tokenHash) {
      generation += 1;
      remove(tokenHash);
    },
    dropContact,
    clear,
    forget(changes) {
      for (const change of changes) {
        if (change.kind === 'session') {
          // Anything but a contact's id (a malformed change from another process included) drops everything.
          if (Number.isInteger(change.contactId)) dropContact(change.contactId as number);
          else clear();
        } else if (change.kind === 'company' && Array.isArray(change.members)) {
          for (const contactId of change.members) if (Number.isInteger(contactId)) dropContact(contactId);
        }
      }
    },
  };
}

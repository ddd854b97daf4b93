import { randomBytes } from 'node:crypto';
import type { RemotesMap } from '@portal/contract';
import { canaryId, inCanary } from '@portal/domain';

// The remotes map one visitor is served while a remote has a canary (docs/deploying-a-remote.md#canary-releases): the
// live map file, with the canary's entry in place of the live one for the people the stable hash puts in its share.

/** A remote's canary as the server serves it (a row of the release_canaries table). */
export interface ServedCanary {
  remote: string;
  version: string;
  entry: string;
  share: number;
}

/**
 * The map served to the visitor bucketed by `id` (`contact:<id>` or `device:<id>`, the domain's canaryId): each
 * canary whose share picks them replaces its remote's live entry, marked `canary: true`. A canary of a remote that is
 * not live is never served, and a visitor without an id gets the live map.
 */
export function servedRemotesMap(live: RemotesMap, canaries: readonly ServedCanary[], id: string | null): RemotesMap {
  if (id === null || canaries.length === 0) return live;
  const served: RemotesMap = { ...live };
  for (const canary of canaries) {
    if (!live[canary.remote] || !inCanary(id, canary.share)) continue;
    served[canary.remote] = { entry: canary.entry, version: canary.version, canary: true };
  }
  return served;
}

/** The cookie a signed-out browser is bucketed by (docs/operations.md lists it with the session cookie). */
export const DEVICE_COOKIE = 'portal_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The device id the browser sent, or null when none (or not one this server would have set). */
export function deviceIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const id = value.join('=');
      return DEVICE_ID.test(id) ? id : null;
    }
  }
  return null;
}

/** The id a visitor is bucketed by: their contact when signed in, else their browser's device cookie. */
export function visitorCanaryId(viewer: { contactId: number } | null | undefined, cookieHeader: string | undefined): string | null {
  return canaryId({ contactId: viewer?.contactId ?? null, deviceId: deviceIdOf(cookieHeader) });
}

/** A new device id: random, nothing about the person. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The Set-Cookie value of a device id: a year, never read by scripts, sent on same-site navigations. */
export function deviceCookie(id: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

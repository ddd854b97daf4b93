import { lookup as dnsLookup } from 'node:dns/promises';
import { isAllowedWebhookHost, isPublicAddressRange, WEBHOOK_MESSAGES } from '@portal/domain';
import ipaddr from 'ipaddr.js';

// The address guard of webhooks (docs/product/integrations.md#addresses-a-webhook-may-reach): before each request the
// host is resolved, every address it resolves to must be public unicast unless the admins allowed the host, and the
// request then connects to the address that was checked (no second lookup a DNS rebinding could answer differently).

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a name, as node:dns answers; tests pass their own. */
export type ResolveAll = (host: string) => Promise<ResolvedAddress[]>;

export const resolveAll: ResolveAll = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

export class RefusedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${WEBHOOK_MESSAGES.refusedAddress} (${host} is ${address})`);
  }
}

/** The range of an address, an IPv4 address carried in IPv6 (::ffff:127.0.0.1) judged as itself. */
export function addressRange(address: string): string {
  const parsed = ipaddr.process(address);
  return parsed.range();
}

/**
 * The address a request to `url` may connect to: the host's first address when every one of them is public (or the
 * host is allowed); throws RefusedAddressError otherwise, and when the name does not resolve.
 */
export async function checkedAddress(url: URL, allowedHosts: readonly string[], resolve: ResolveAll = resolveAll): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses: ResolvedAddress[] = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  if (!isAllowedWebhookHost(host, allowedHosts)) {
    const refused = addresses.find((entry) => !isPublicAddressRange(addressRange(entry.address)));
    if (refused) throw new RefusedAddressError(host, refused.address);
  }
  return addresses[0]!;
}

/**
 * At save time: whether `url` names a refused address outright (an IP literal that is not public, or `localhost`) and is
 * not allowed. Names are checked when sent, by what they resolve to then.
 */
export function isRefusedLiteral(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isAllowedWebhookHost(host, allowedHosts)) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && !isPublicAddressRange(addressRange(host));
}

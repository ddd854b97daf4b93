import { isIP } from 'node:net';
import { z } from 'zod';

// TRUST_PROXY (docs/operations.md#more-than-one-machine): which hops in front of the portal may say who the caller is
// through X-Forwarded-For (and its protocol and host through X-Forwarded-Proto and -Host). Never "every hop": then the
// leftmost X-Forwarded-For, which the caller writes, would become the address every per-address limit, the audit trail
// and the sessions list go by.

/** Off, the number of proxies in front of the portal, or the addresses (and CIDR ranges) of the proxies to believe. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** @fastify/proxy-addr's names for the private ranges, accepted in an address list. */
const RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, alone or as a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of RANGE_NAMES. */
function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const HOW = 'give the number of proxies in front of the portal (1 for one load balancer) or their addresses (10.0.0.5,10.1.0.0/16)';

/** TRUST_PROXY as text: unset, blank or 0 is off; a whole number is a hop count; otherwise a comma-separated address list. */
export const trustProxySetting = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.string().optional().transform((value, context): TrustProxy => {
    if (value === undefined || value === '' || value === '0' || value === 'false') return false;
    if (value === 'true') {
      context.addIssue({ code: 'custom', message: `"true" would believe any X-Forwarded-For a caller writes; ${HOW}` });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (entries.length === 0 || wrong.length > 0) {
      context.addIssue({ code: 'custom', message: `"${wrong.join(',') || value}" is not a hop count nor an IP address or CIDR range; ${HOW}` });
      return z.NEVER;
    }
    return { addresses: entries };
  }),
);

/** Fastify's `trustProxy` for the setting. */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('addresses' in setting) return setting.addresses;
  // Fastify refuses a bare number (it cannot tell the balancer from a caller that reached the portal directly), so the
  // count is ours: hop 0 is the connection's own address, hop 1 the rightmost X-Forwarded-For, and so on. An operator
  // who gives a count says no caller reaches the portal but through those proxies (docs/operations.md).
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}

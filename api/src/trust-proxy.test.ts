import { MESSAGES } from '@portal/domain';
import { resolveConfig } from './config';
import { ConfigurationError } from './config-environment';
import { createTestApp } from './test-support/test-app';

// docs/operations.md#more-than-one-machine: TRUST_PROXY is a hop count or the proxies' addresses, never "every hop".

const trustProxyOf = (value: string | undefined) => resolveConfig({}, value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

test('TRUST_PROXY: unset, blank or 0 is off; a whole number is a hop count; a list is the addresses and ranges to believe', () => {
  expect(trustProxyOf(undefined)).toBe(false);
  expect(trustProxyOf(' ')).toBe(false);
  expect(trustProxyOf('0')).toBe(false);
  expect(trustProxyOf('1')).toEqual({ hops: 1 });
  expect(trustProxyOf(' 2 ')).toEqual({ hops: 2 });
  expect(trustProxyOf('10.0.0.5, 10.1.0.0/16,fd00::/8,::1,loopback')).toEqual({ addresses: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback'] });
});

test('TRUST_PROXY=true ("trust every hop") and anything that is not a count or an address stop the start, saying what to give', () => {
  expect(() => trustProxyOf('true')).toThrow(ConfigurationError);
  expect(() => trustProxyOf('true')).toThrow(/^TRUST_PROXY: "true" would believe any X-Forwarded-For a caller writes; give the number of proxies in front of the portal \(1 for one load balancer\) or their addresses/);
  for (const wrong of ['yes', '10.0.0.0/33', '10.0.0.300', '1.5', '-1', 'fd00::/129', '10.0.0.1/8/2', 'balancer.internal']) {
    expect(() => trustProxyOf(wrong)).toThrow(/^TRUST_PROXY: ".*" is not a hop count nor an IP address or CIDR range; give the number/);
  }
  expect(() => trustProxyOf('10.0.0.5,nonsense')).toThrow(/TRUST_PROXY: "nonsense" is not/);
});

describe('behind one trusted hop, the caller cannot choose its address', () => {
  const previous = process.env.TRUST_PROXY;
  afterEach(() => {
    if (previous === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = previous;
  });

  test.each(['1', '10.0.0.0/24'])('TRUST_PROXY=%s: 60 wrong sign-ins with 60 forged X-Forwarded-For values are limited after 10', async (trustProxy) => {
    process.env.TRUST_PROXY = trustProxy;
    const t = await createTestApp({ loginRateLimit: { max: 10, timeWindowMs: 60_000 } });
    /** A wrong sign-in through the balancer (10.0.0.5), which appended the address it saw to what the caller wrote. */
    const signIn = (forwardedFor: string) => t.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: 'agent@demo.test', password: 'not-the-password' },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 60; i += 1) codes.push((await signIn(`198.51.100.${i}, 203.0.113.7`)).statusCode);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(codes.slice(10)).toEqual(Array(50).fill(429));
      expect((await signIn('198.51.100.99, 203.0.113.7')).json()).toEqual({ statusCode: 429, error: MESSAGES.tooManyLogins });
      // Another caller behind the same balancer is counted apart: the limit is the caller's, not the balancer's.
      expect((await signIn('203.0.113.8')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

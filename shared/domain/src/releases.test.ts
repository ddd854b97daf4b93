import { GROUP_ADMIN } from './groups';
import {
  canaryBucket, canaryId, canSeeReleases, CANARY_RULES, inCanary, isCanaryShare, judgeCanary, parseReleaseWindow, tallyOf,
} from './releases';

const viewer = (groupId: number) => ({ contactId: 1, groupId, companyIds: [], primaryCompanyIds: [] });

describe('the canary bucket', () => {
  it('puts the same id in the same bucket every time, from 0 to 9,999', () => {
    for (const id of ['contact:1', 'contact:42', 'device:Zx81', '']) {
      const bucket = canaryBucket(id);
      expect(bucket).toBe(canaryBucket(id));
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 10_000).toBe(true);
    }
  });

  it.each([1, 10, 25, 50, 90])('gives a %i %% share to that share of 10,000 contacts, within 2 points', (share) => {
    let inside = 0;
    for (let contact = 1; contact <= 10_000; contact += 1) if (inCanary(`contact:${contact}`, share)) inside += 1;
    expect(Math.abs(inside / 100 - share)).toBeLessThanOrEqual(2);
  });

  it('gives a share of random device ids within 2 points too', () => {
    let inside = 0;
    for (let n = 0; n < 10_000; n += 1) if (inCanary(`device:${(n * 2_654_435_761 >>> 0).toString(36)}x${n}`, 10)) inside += 1;
    expect(Math.abs(inside / 100 - 10)).toBeLessThanOrEqual(2);
  });

  it('keeps a person in the canary when its share grows', () => {
    const at10 = Array.from({ length: 2000 }, (_, n) => `contact:${n}`).filter((id) => inCanary(id, 10));
    expect(at10.every((id) => inCanary(id, 30))).toBe(true);
  });

  it('buckets a signed-in person by their contact, else by their device, else not at all', () => {
    expect(canaryId({ contactId: 7, deviceId: 'abc' })).toBe('contact:7');
    expect(canaryId({ contactId: null, deviceId: 'abc' })).toBe('device:abc');
    expect(canaryId({})).toBeNull();
  });

  it('takes whole shares from 1 to 99 only', () => {
    expect([0, 1, 50, 99, 100, 2.5, -3].map(isCanaryShare)).toEqual([false, true, true, true, false, false, false]);
  });
});

describe('the judge', () => {
  it('gives no verdict on too few loads, however bad', () => {
    expect(judgeCanary({ loads: 49, failures: 49 }, { loads: 500, failures: 0 }).verdict).toBe('wait');
    expect(judgeCanary({ loads: 500, failures: 400 }, { loads: 10, failures: 0 }).verdict).toBe('wait');
  });

  it('rolls back a canary whose failures are clearly above the live version\'s', () => {
    const verdict = judgeCanary({ loads: 60, failures: 30 }, { loads: 60, failures: 1 });
    expect(verdict.verdict).toBe('failing');
    expect(verdict.reason).toBe('failures 50.0 % of 60 loads against 1.7 % of 60 on the live version');
  });

  it('calls noise healthy: a few more failures than the live version, or a high rate both sides share', () => {
    expect(judgeCanary({ loads: 60, failures: 3 }, { loads: 60, failures: 1 }).verdict).toBe('healthy');
    expect(judgeCanary({ loads: 200, failures: 70 }, { loads: 200, failures: 60 }).verdict).toBe('healthy');
    expect(judgeCanary({ loads: 80, failures: 0 }, { loads: 80, failures: 0 }).verdict).toBe('healthy');
  });

  it('needs both the margin and the distance: many loads and a tiny difference stay healthy', () => {
    // 2 % against 1 % over 100,000 loads each is many standard errors apart, but under the 5-point margin.
    expect(judgeCanary({ loads: 100_000, failures: 2000 }, { loads: 100_000, failures: 1000 }).verdict).toBe('healthy');
  });

  it('reads its rules: fewer loads needed where the portal says so', () => {
    expect(judgeCanary({ loads: 20, failures: 15 }, { loads: 20, failures: 0 }, { ...CANARY_RULES, minLoads: 20 }).verdict).toBe('failing');
  });

  it('counts every kind but a load as a failure', () => {
    expect(tallyOf({ load: 10, error: 1, rejection: 2, panel: 3, chunk: 1, 'no-heading': 1 })).toEqual({ loads: 10, failures: 8 });
    expect(tallyOf({})).toEqual({ loads: 0, failures: 0 });
  });
});

describe('releases', () => {
  it('are seen by admins only', () => {
    expect(canSeeReleases(viewer(GROUP_ADMIN))).toBe(true);
    expect(canSeeReleases(viewer(3))).toBe(false);
    expect(canSeeReleases(viewer(5))).toBe(false);
    expect(canSeeReleases(null)).toBe(false);
  });

  it('read a window of seconds, minutes or hours, from 10 s to 7 days', () => {
    expect(parseReleaseWindow('30m')).toBe(1_800_000);
    expect(parseReleaseWindow('90s')).toBe(90_000);
    expect(parseReleaseWindow('2h')).toBe(7_200_000);
    for (const bad of ['5s', '8d', '30', 'm', '1.5h', '-1m', '200h']) expect(parseReleaseWindow(bad)).toBeUndefined();
  });
});

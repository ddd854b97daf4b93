import type { BrowserContextOptions, CDPSession } from 'playwright-core';

// The profiles `measure:screens` loads a page under (bench/measure-first-screens.ts). "phone" is Lighthouse's
// mobile throttling applied by DevTools (its "Slow 4G" and Moto G Power screen): the CPU 4 times slower, each
// request 150 ms late, 1.6 Mbps down and 750 Kbps up, both times 0.9 as Lighthouse does for DevTools throttling,
// and a 412 × 823 touch screen at 1.75 device pixels per CSS pixel.

export interface NetworkConditions {
  /** Added to each request, ms. */
  latency: number;
  /** Bytes per second. */
  downloadThroughput: number;
  /** Bytes per second. */
  uploadThroughput: number;
}

export interface Profile {
  name: 'desktop' | 'phone';
  /** What the profile is, exactly, for the output. */
  description: string;
  context: Pick<BrowserContextOptions, 'viewport' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch'>;
  /** Emulation.setCPUThrottlingRate's rate; 1: none. */
  cpuSlowdown: number;
  /** Network.emulateNetworkConditions; null: none. */
  network: NetworkConditions | null;
}

/** Lighthouse's DevTools throughput factor. */
const THROUGHPUT_FACTOR = 0.9;

export const PHONE_NETWORK: NetworkConditions = {
  latency: 150,
  downloadThroughput: (1_638_400 * THROUGHPUT_FACTOR) / 8,
  uploadThroughput: (750_000 * THROUGHPUT_FACTOR) / 8,
};

export const PROFILES: Readonly<Record<Profile['name'], Profile>> = {
  desktop: {
    name: 'desktop',
    description: 'no throttling, a 1280 × 720 window (Playwright\'s default), device scale 1',
    context: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    cpuSlowdown: 1,
    network: null,
  },
  phone: {
    name: 'phone',
    description: 'Lighthouse\'s mobile throttling through the page\'s DevTools session: CPU 4× slower '
      + '(Emulation.setCPUThrottlingRate rate 4), Network.emulateNetworkConditions latency 150 ms, '
      + `download ${PHONE_NETWORK.downloadThroughput.toLocaleString('en-US')} bytes/s (1,638,400 bit/s × 0.9), `
      + `upload ${PHONE_NETWORK.uploadThroughput.toLocaleString('en-US')} bytes/s (750 Kbit/s × 0.9); `
      + 'a 412 × 823 viewport, device scale 1.75, isMobile, hasTouch',
    context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    cpuSlowdown: 4,
    network: PHONE_NETWORK,
  },
};

/** The profiles named in `list` (`desktop,phone`), in that order; an unknown name throws. */
export function profilesNamed(list: string | undefined): Profile[] {
  const names = (list ?? 'desktop,phone').split(',').map((name) => name.trim()).filter(Boolean);
  return names.map((name) => {
    const profile = (PROFILES as Record<string, Profile | undefined>)[name];
    if (!profile) throw new Error(`Unknown profile "${name}": PROFILES=${Object.keys(PROFILES).join(',')}`);
    return profile;
  });
}

/** Applies a profile's CPU and network throttling on a page's DevTools session (Network must be enabled). */
export async function throttle(cdp: CDPSession, profile: Profile): Promise<void> {
  if (profile.cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
}

import Bowser from 'bowser';

/** A session's browser as the sessions list shows it ('Chrome 131', 'Linux'), and the name alone for new-browser mail. */
export interface DescribedBrowser {
  /** Name and major version. */
  browser: string;
  /** Name only: a browser updating is not a new browser. */
  browserName: string;
  system: string;
}

export function describeUserAgent(userAgent: string | null | undefined): DescribedBrowser {
  if (!userAgent) return { browser: 'Unknown browser', browserName: 'Unknown browser', system: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name?.trim() || 'Unknown browser';
  const major = parsed.browser.version?.split('.')[0];
  const system = [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ').trim() || 'Unknown system';
  return { browser: major ? `${name} ${major}` : name, browserName: name, system };
}

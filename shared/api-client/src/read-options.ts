import type { SWRConfiguration } from 'swr';

/**
 * How a read refreshes. Resource hooks read once and on focus by default; a screen that polls
 * (the spec fixes its interval) passes its options, and the cache entry stays the same key.
 */
export type ReadOptions = Pick<SWRConfiguration, 'refreshInterval' | 'refreshWhenHidden' | 'revalidateOnFocus' | 'shouldRetryOnError'>;

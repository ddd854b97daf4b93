import createCache, { type EmotionCache } from '@emotion/cache';
import { cspNonce } from '@portal/ui';

/**
 * The one emotion cache of the page, shared through @emotion/react (a federation singleton) with
 * every remote the shell mounts: each `<style>` element it inserts carries the page's nonce, the
 * only inline style the Content Security Policy allows.
 */
export function createStyleCache(nonce: string | undefined = cspNonce()): EmotionCache {
  return createCache({ key: 'css', nonce });
}

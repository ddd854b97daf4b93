/**
 * The nonce the portal's server puts in each page (`<meta name="csp-nonce">`) and in that page's
 * Content Security Policy: `<style>` elements inserted at run time (emotion, CodeMirror) need it.
 * Undefined where no server set one (tests, a remote's dev server, which sends no policy).
 */
export function cspNonce(doc: Document | undefined = globalThis.document): string | undefined {
  return doc?.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

/**
 * A redirect target is followed only when it is a path on this site: one leading '/', and not
 * '//' or '/\' which browsers read as another host. Control characters and whitespace are refused
 * because browsers strip them ('/\t/evil.test' becomes '//evil.test').
 */
export function isLocalPath(target: unknown): target is string {
  if (typeof target !== 'string' || !target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  return !/[\s\u0000-\u001f\u007f\\]/.test(target);
}

export function safeRedirect(target: unknown, fallback: string): string {
  return isLocalPath(target) ? target : fallback;
}

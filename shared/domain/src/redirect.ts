/**
 * A redirect target is followed only when it is a path on this site: one leading '/', and not
 * '//' or '/\' which browsers read as another host. Control characters and whitespace are refused
 * because browsers strip them ('/\t/evil.test' becomes '//evil.test').
 */
export function isLocalPath(target: unknown): target is string {
  if (typeof target !== 'string' || !target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  return ![...target].some((char) => char === '\\' || /\s/.test(char) || isControlCharacter(char));
}

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

export function safeRedirect(target: unknown, fallback: string): string {
  return isLocalPath(target) ? target : fallback;
}

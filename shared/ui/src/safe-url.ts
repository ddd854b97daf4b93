const SAFE_SCHEME = /^(https?|mailto)$/i;

/**
 * Only web and mail links and local paths survive; anything else (javascript:, data:, vbscript:…)
 * becomes ''. As micromark's rule: a colon after a slash, ? or # belongs to a path or query, not a
 * scheme. Markdown passes every link and image address through it (react-markdown's urlTransform,
 * markdown-view.tsx). Kept free of the parser so it costs nothing to import.
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  const beforeColon = (mark: string) => {
    const at = url.indexOf(mark);
    return at !== -1 && at < colon;
  };
  if (beforeColon('/') || beforeColon('?') || beforeColon('#')) return url;
  return SAFE_SCHEME.test(url.slice(0, colon)) ? url : '';
}

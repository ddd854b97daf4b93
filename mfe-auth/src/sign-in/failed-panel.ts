/** The template the prerendered sign-in page keeps its failure panel in (src/prerender.tsx). */
export const FAILED_PANEL_ATTRIBUTE = 'data-portal-page-failed';

/**
 * The rest of the sign-in page's JavaScript could not be loaded: the prerendered form, which cannot
 * submit, gives way to the panel rendered at build time with it ("This part of the portal could not
 * be loaded.", as the shell shows for a remote), whose Retry loads the page again (a preloaded file
 * that failed would answer a second request with the same failure in Chromium).
 */
export function showFailedPanel(root: HTMLElement, error: unknown, reload: () => void = () => window.location.reload()): void {
  console.error('The auth part of the portal failed', error);
  const panel = root.querySelector<HTMLTemplateElement>(`template[${FAILED_PANEL_ATTRIBUTE}]`);
  if (!panel) return;
  root.replaceChildren(panel.content.cloneNode(true));
  root.querySelector('button')?.addEventListener('click', reload);
}

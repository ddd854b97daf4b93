import { MESSAGES, type Viewer } from '@portal/domain';
import { HttpError } from './errors';

// Every rule lives in @portal/domain (policy.ts there, over one Viewer); the API only turns a
// refusal into an answer: 401 for anonymous, 403 when the rule says no.

/** 401 for anonymous, 403 when `allowed` says no; returns the viewer for the route to use. */
export function authorize(viewer: Viewer | null, allowed: (viewer: Viewer) => boolean): Viewer {
  if (!viewer) throw new HttpError(401, MESSAGES.notSignedIn);
  if (!allowed(viewer)) throw new HttpError(403, MESSAGES.notAuthorized);
  return viewer;
}

/** Any signed-in contact. */
export function requireViewer(viewer: Viewer | null): Viewer {
  return authorize(viewer, () => true);
}

import { releaseEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canSeeReleases, type Viewer } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, mock, readBody } from './respond';

/** Canary releases (docs/deploying-a-remote.md#canary-releases): browsers' report batches (anyone), and the admins' overview. */
export function releaseHandlers(db: PortalData) {
  const viewer = (): Viewer | null => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });

  return [
    mock(api.releaseReports, async ({ request }) => {
      const read = await readBody(request, api.releaseReports);
      if (!read.ok) return read.answer;
      db.releaseReports.push(...read.body.reports);
      return answer(api.releaseReports, { ok: true });
    }),
    mock(api.releases, () => {
      if (!canSeeReleases(viewer())) return errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
      return answer(api.releases, db.releases);
    }),
  ];
}

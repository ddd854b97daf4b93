import type { SavedView, SavedViewFilterValue } from '@portal/contract';
import { MESSAGES, SAVED_VIEWS_MAX, canSeeSavedView, savedViewScreenOf, type Viewer } from '@portal/domain';
import { HttpError } from '../errors';
import type { StoredSavedView } from '../repositories/saved-view-repository';
import { isUniqueViolation } from '../repositories/unique-violation';
import { lookupOption } from './option-defaults';
import type { ServiceContext } from './service-context';

// Saved views (docs/product/tags-and-views.md#saved-views): each staff member's own. Someone else's view is answered
// as not found (no one learns it exists). A view's count is read when its list is: the tickets its board shows now,
// by the lists' own query (ticket-repository countBoard), so it matches the list's total.

async function ownView(ctx: ServiceContext, viewer: Viewer, id: number): Promise<StoredSavedView> {
  const view = await ctx.repos.savedViews.findById(id);
  if (!view || !canSeeSavedView(viewer, view)) throw new HttpError(404, MESSAGES.savedViewNotFound);
  return view;
}

/** `views` with their live counts; Maintenance Only's companies are read once for all. */
async function counted(ctx: ServiceContext, views: StoredSavedView[]): Promise<SavedView[]> {
  const maintenance = views.some((view) => view.filter.maintenance_only)
    ? await ctx.repos.tickets.maintenanceCompanyIds(await lookupOption(ctx.repos.options, 'service-defaults'))
    : null;
  return Promise.all(views.map(async ({ contact_id, ...view }) => ({
    ...view,
    count: await ctx.repos.tickets.countBoard(view.filter, view.filter.maintenance_only ? maintenance : null, view.screen === 'agents' ? contact_id : null),
  })));
}

export async function listSavedViews(ctx: ServiceContext, viewer: Viewer): Promise<SavedView[]> {
  return counted(ctx, await ctx.repos.savedViews.listFor(viewer.contactId));
}

function refusedName(error: unknown): never {
  if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.savedViewNameTaken);
  throw error;
}

/** A new view of the caller's own board (the admin dashboard's for an admin, an agent's own tickets for an agent). */
export async function createSavedView(ctx: ServiceContext, viewer: Viewer, input: { name: string; filter: SavedViewFilterValue }): Promise<SavedView> {
  if (await ctx.repos.savedViews.countFor(viewer.contactId) >= SAVED_VIEWS_MAX) throw new HttpError(400, MESSAGES.tooManySavedViews);
  const created = await ctx.repos.savedViews
    .create({ contact_id: viewer.contactId, name: input.name, screen: savedViewScreenOf(viewer), filter: input.filter })
    .catch(refusedName);
  const [answer] = await counted(ctx, [created]);
  return answer!;
}

export async function updateSavedView(
  ctx: ServiceContext, viewer: Viewer, id: number, changes: { name?: string; filter?: SavedViewFilterValue; position?: number },
): Promise<SavedView> {
  await ownView(ctx, viewer, id);
  const updated = await ctx.repos.savedViews.update(id, changes).catch(refusedName);
  if (!updated) throw new HttpError(404, MESSAGES.savedViewNotFound);
  const [answer] = await counted(ctx, [updated]);
  return answer!;
}

export async function deleteSavedView(ctx: ServiceContext, viewer: Viewer, id: number): Promise<number> {
  await ownView(ctx, viewer, id);
  return ctx.repos.savedViews.delete(id);
}

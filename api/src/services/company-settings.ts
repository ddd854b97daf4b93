import {
  MESSAGES, companyInfoProblem, isAssignableStaff, withWebScheme, readMaintenancePrefsInput, readServiceIdsInput, readTypeAssignmentsInput, serializeServiceIds,
  type CompanyMetaKey,
} from '@portal/domain';
import { HttpError } from '../errors';
import type { Repositories } from '../repositories/repositories';
import { isUniqueViolation } from '../repositories/unique-violation';
import { lookupOption } from './option-defaults';

// The checks a company's settings pass before they are stored, shared by POST and PUT /company and
// PUT /company/:id/meta/:key: each answers the stored text or refuses with 400 and `message`.

/**
 * The website as it is stored: 400 when it is blank ('Please fill out all fields completely.') or
 * not a web address (the message names Website URL), else `https://` in front of a site typed
 * without a scheme (docs/product/companies-and-contacts.md#company-fields).
 */
export function checkedCompanyUrl(name: string, url: string): string {
  const problem = companyInfoProblem({ name, url });
  if (problem) throw new HttpError(400, problem);
  return withWebScheme(url);
}

/** 409 'A company with this URL already exists.' when another company has the site. */
export async function ensureUrlFree(repos: Repositories, url: string, exceptCompanyId?: number): Promise<void> {
  if (await repos.companies.urlTaken(url, exceptCompanyId)) throw new HttpError(409, MESSAGES.companyUrlExists);
}

/**
 * Runs the write that stores a company's URL: when another save took the site after ensureUrlFree looked
 * (two saves at once), the unique companies_url_key refuses it and the caller gets the same 409.
 */
export async function whileUrlFree<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.companyUrlExists);
    throw error;
  }
}

/** A mode of the mode-defaults list. */
export async function checkedMode(repos: Repositories, mode: number, message: string = MESSAGES.invalidInput): Promise<number> {
  const modes = await lookupOption(repos.options, 'mode-defaults');
  if (!modes.some((item) => item.id === mode)) throw new HttpError(400, message);
  return mode;
}

/** Service ids of the service-defaults list, stored as '1,3' ('' for none). */
export async function checkedServices(repos: Repositories, value: string | readonly number[], message: string = MESSAGES.invalidInput): Promise<string> {
  const ids = readServiceIdsInput(value, await lookupOption(repos.options, 'service-defaults'));
  if (ids === null) throw new HttpError(400, message);
  return serializeServiceIds(ids);
}

/** An active staff contact's id as text, or null to clear the default agent. */
export async function checkedDefaultAgent(repos: Repositories, contactId: number | null, message: string = MESSAGES.invalidInput): Promise<string | null> {
  if (contactId === null) return null;
  if (!isAssignableStaff(await repos.contacts.findById(contactId))) throw new HttpError(400, message);
  return String(contactId);
}

/** Type keys of the type-defaults list, each mapped to an active staff contact; stored as JSON. */
async function checkedTypeAssignments(repos: Repositories, text: string, message: string): Promise<string> {
  const types = await lookupOption(repos.options, 'type-defaults');
  const map = readTypeAssignmentsInput(text, types.map((type) => type.name));
  if (map === null) throw new HttpError(400, message);
  for (const contactId of new Set(Object.values(map))) {
    if (!isAssignableStaff(await repos.contacts.findById(contactId))) throw new HttpError(400, message);
  }
  return JSON.stringify(map);
}

/** A meta value as PUT /company/:id/meta/:key sends it (text), checked for its key. */
export async function checkedMetaValue(repos: Repositories, key: CompanyMetaKey, text: string | null): Promise<string | null> {
  const message = MESSAGES.companyMetaNotUpdated;
  const value = text?.trim() ?? '';
  switch (key) {
    case 'type_assignments':
      return checkedTypeAssignments(repos, value, message);
    case 'maintenance_prefs': {
      const prefs = readMaintenancePrefsInput(value);
      if (prefs === null) throw new HttpError(400, message);
      return JSON.stringify(prefs);
    }
    case 'services':
      return checkedServices(repos, value, message);
    case 'default_agent': {
      if (value === '' || value === 'null') return null;
      const contactId = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(contactId)) throw new HttpError(400, message);
      return checkedDefaultAgent(repos, contactId, message);
    }
  }
}

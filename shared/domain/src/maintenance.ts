import type { LookupItem } from './lookups';
import { MESSAGES } from './messages';
import { formatUsd } from './formats';

/** Reads a company's services meta ('1,3', '[1,3]', or a list) as service ids. */
export function parseServiceIds(value: unknown): number[] {
  let list: unknown[] = [];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'number') list = [value];
  else if (typeof value === 'string') list = value.replace(/[[\]\s"]/g, '').split(',');
  return list.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * Service ids as a caller saves them ('1,3', '[1,3]' or a list; '' or [] for none): each an id of
 * `services`, sorted without repeats. Null when one is not, so nothing unknown is stored.
 */
export function readServiceIdsInput(value: string | readonly number[], services: readonly LookupItem[]): number[] | null {
  const tokens = typeof value === 'string' ? value.replace(/[[\]\s"]/g, '').split(',').filter((token) => token !== '') : value.map(String);
  const ids = tokens.map(Number);
  if (!ids.every((id) => Number.isInteger(id) && services.some((service) => service.id === id))) return null;
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The stored form of a company's services meta: '1,3'. */
export function serializeServiceIds(ids: readonly number[]): string {
  return ids.join(',');
}

/**
 * A maintenance client has the service named Maintenance; its id is read from the
 * admin-editable services list, never assumed (docs/product/companies-and-contacts.md#services-and-maintenance-clients).
 */
export function isMaintenanceClient(serviceIds: readonly number[], services: readonly LookupItem[]): boolean {
  const maintenance = services.find((service) => service.name.trim().toLowerCase() === 'maintenance');
  return maintenance !== undefined && serviceIds.includes(maintenance.id);
}

export const MAINTENANCE_FREQUENCIES = ['monthly', 'quarterly', 'semiannually'] as const;
export type MaintenanceFrequency = (typeof MAINTENANCE_FREQUENCIES)[number];

/** 'updates' is an older name of 'maintenance' still found in saved prefs; it costs the same. */
export const MAINTENANCE_INTENSITY_COSTS_USD: Readonly<Record<string, number>> = {
  maintenance: 20,
  security: 30,
  performance: 30,
  updates: 20,
};

export const MAINTENANCE_FREQUENCY_TERMS: Readonly<Record<MaintenanceFrequency, { multiplier: number; label: string; months: number }>> = {
  monthly: { multiplier: 1, label: 'month', months: 1 },
  quarterly: { multiplier: 1.5, label: 'quarter', months: 3 },
  semiannually: { multiplier: 3, label: '6 months', months: 6 },
};

export interface MaintenancePrefs {
  frequency: MaintenanceFrequency | '';
  intensity: string[];
}

export const DEFAULT_MAINTENANCE_PREFS: Readonly<MaintenancePrefs> = { frequency: 'monthly', intensity: ['updates'] };

function isFrequency(value: unknown): value is MaintenanceFrequency {
  return (MAINTENANCE_FREQUENCIES as readonly unknown[]).includes(value);
}

/** Reads maintenance_prefs JSON; bad JSON gives the defaults. */
export function parseMaintenancePrefs(value: unknown): MaintenancePrefs {
  let source = value;
  if (typeof value === 'string') {
    try {
      source = JSON.parse(value);
    } catch {
      return { ...DEFAULT_MAINTENANCE_PREFS, intensity: [...DEFAULT_MAINTENANCE_PREFS.intensity] };
    }
  }
  if (typeof source !== 'object' || source === null) return { ...DEFAULT_MAINTENANCE_PREFS, intensity: [...DEFAULT_MAINTENANCE_PREFS.intensity] };
  const record = source as Record<string, unknown>;
  return {
    frequency: isFrequency(record.frequency) ? record.frequency : '',
    intensity: Array.isArray(record.intensity) ? record.intensity.filter((item): item is string => typeof item === 'string') : [],
  };
}

/**
 * maintenance_prefs as a caller saves them (JSON text): a known frequency and a valid intensity
 * list (the summary shows only then: docs/product/companies-and-contacts.md#maintenance-preferences). Null when not, including text that is not JSON.
 */
export function readMaintenancePrefsInput(text: string): MaintenancePrefs | null {
  let source: unknown;
  try {
    source = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return null;
  const prefs = parseMaintenancePrefs(source);
  return isFrequency(prefs.frequency) && isValidIntensity(prefs.intensity) ? prefs : null;
}

/** The intensities a plan offers, as screens name them. */
export const MAINTENANCE_INTENSITIES = ['maintenance', 'security', 'performance'] as const;
export type MaintenanceIntensity = (typeof MAINTENANCE_INTENSITIES)[number];

/** A saved plan's intensities as offered today: 'updates' (the older name) read as maintenance, once; unknown keys left out. */
export function maintenancePlanIntensities(intensity: readonly string[]): MaintenanceIntensity[] {
  const shown = intensity.map((key) => (key === 'updates' ? 'maintenance' : key));
  return MAINTENANCE_INTENSITIES.filter((key) => shown.includes(key)).sort((a, b) => shown.indexOf(a) - shown.indexOf(b));
}

/** A non-empty list of known intensity keys without repeats. */
export function isValidIntensity(intensity: readonly string[]): boolean {
  return intensity.length > 0
    && new Set(intensity).size === intensity.length
    && intensity.every((key) => key in MAINTENANCE_INTENSITY_COSTS_USD);
}

export interface MaintenanceEstimate {
  costUsd: number;
  periodLabel: string;
  /** e.g. '$80.00 per month'. */
  text: string;
  setupNote: string;
  /** The semi-annual warning, when it applies. */
  warning: string | null;
}

/** The cost per period (docs/product/companies-and-contacts.md#maintenance-preferences); null while the summary must stay hidden. */
export function maintenanceEstimate(prefs: MaintenancePrefs): MaintenanceEstimate | null {
  if (!isFrequency(prefs.frequency) || !isValidIntensity(prefs.intensity)) return null;
  const terms = MAINTENANCE_FREQUENCY_TERMS[prefs.frequency];
  const base = prefs.intensity.reduce((sum, key) => sum + (MAINTENANCE_INTENSITY_COSTS_USD[key] ?? 0), 0);
  const costUsd = Math.round(base * terms.multiplier * 100) / 100;
  return {
    costUsd,
    periodLabel: terms.label,
    text: `${formatUsd(costUsd)} per ${terms.label}`,
    setupNote: MESSAGES.setupMayAddTime,
    warning: prefs.frequency === 'semiannually' ? MESSAGES.semiAnnualNotRecommended : null,
  };
}

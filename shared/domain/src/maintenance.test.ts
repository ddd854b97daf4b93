import { DEFAULT_SERVICES } from './lookups';
import {
  DEFAULT_MAINTENANCE_PREFS, isMaintenanceClient, isValidIntensity, maintenanceEstimate, maintenancePlanIntensities, parseMaintenancePrefs, parseServiceIds,
  readMaintenancePrefsInput, readServiceIdsInput, serializeServiceIds,
} from './maintenance';

describe('maintenance client', () => {
  it('reads service ids in the shapes they are stored', () => {
    expect(parseServiceIds('1,3')).toEqual([1, 3]);
    expect(parseServiceIds('[1, 3]')).toEqual([1, 3]);
    expect(parseServiceIds(['2', 3])).toEqual([2, 3]);
    expect(parseServiceIds(2)).toEqual([2]);
    expect(parseServiceIds('')).toEqual([]);
    expect(parseServiceIds(null)).toEqual([]);
  });

  it('takes saved service ids only when each is in the list, sorted once each', () => {
    expect(readServiceIdsInput('3,1,3', DEFAULT_SERVICES)).toEqual([1, 3]);
    expect(readServiceIdsInput('[2]', DEFAULT_SERVICES)).toEqual([2]);
    expect(readServiceIdsInput([3, 2], DEFAULT_SERVICES)).toEqual([2, 3]);
    expect(readServiceIdsInput('', DEFAULT_SERVICES)).toEqual([]);
    expect(readServiceIdsInput('1,9', DEFAULT_SERVICES)).toBeNull();
    expect(readServiceIdsInput('1,x', DEFAULT_SERVICES)).toBeNull();
    expect(readServiceIdsInput([1.5], DEFAULT_SERVICES)).toBeNull();
    expect(serializeServiceIds([1, 3])).toBe('1,3');
  });

  it('is a company with the Maintenance service of the list', () => {
    expect(isMaintenanceClient([1, 3], DEFAULT_SERVICES)).toBe(true);
    expect(isMaintenanceClient([2, 3], DEFAULT_SERVICES)).toBe(false);
    expect(isMaintenanceClient([], DEFAULT_SERVICES)).toBe(false);
  });

  it('follows the list when an admin renumbers the services', () => {
    const services = [{ id: 1, name: 'Hosting' }, { id: 2, name: 'Maintenance' }];
    expect(isMaintenanceClient([2], services)).toBe(true);
    expect(isMaintenanceClient([1], services)).toBe(false);
    expect(isMaintenanceClient([1], [])).toBe(false);
  });
});

describe('maintenance prefs and estimate', () => {
  it('defaults to monthly updates', () => {
    expect(DEFAULT_MAINTENANCE_PREFS).toEqual({ frequency: 'monthly', intensity: ['updates'] });
    expect(parseMaintenancePrefs('oops')).toEqual(DEFAULT_MAINTENANCE_PREFS);
    expect(parseMaintenancePrefs('{"frequency":"quarterly","intensity":["security",3]}')).toEqual({ frequency: 'quarterly', intensity: ['security'] });
    expect(parseMaintenancePrefs({ frequency: 'weekly', intensity: 'all' })).toEqual({ frequency: '', intensity: [] });
  });

  it('prices each period: maintenance/updates 20, security 30, performance 30 times the frequency', () => {
    expect(maintenanceEstimate({ frequency: 'monthly', intensity: ['updates'] })?.text).toBe('$20.00 per month');
    expect(maintenanceEstimate({ frequency: 'monthly', intensity: ['maintenance', 'security', 'performance'] })?.costUsd).toBe(80);
    expect(maintenanceEstimate({ frequency: 'quarterly', intensity: ['maintenance', 'security', 'performance'] })?.text).toBe('$120.00 per quarter');
    expect(maintenanceEstimate({ frequency: 'quarterly', intensity: ['security'] })?.text).toBe('$45.00 per quarter');
    expect(maintenanceEstimate({ frequency: 'semiannually', intensity: ['maintenance'] })?.text).toBe('$60.00 per 6 months');
  });

  it('notes setup time and warns about semi-annual maintenance', () => {
    const monthly = maintenanceEstimate({ frequency: 'monthly', intensity: ['security'] });
    expect(monthly?.setupNote).toBe('Initial setup may add time.');
    expect(monthly?.warning).toBeNull();
    expect(maintenanceEstimate({ frequency: 'semiannually', intensity: ['security'] })?.warning).toBe(
      'Semi-annual maintenance is not recommended for most sites.',
    );
  });

  it('hides the estimate without a frequency or with an invalid intensity list', () => {
    expect(maintenanceEstimate({ frequency: '', intensity: ['security'] })).toBeNull();
    expect(maintenanceEstimate({ frequency: 'monthly', intensity: [] })).toBeNull();
    expect(maintenanceEstimate({ frequency: 'monthly', intensity: ['backups'] })).toBeNull();
    expect(isValidIntensity(['security', 'security'])).toBe(false);
  });
});

describe('saving maintenance prefs', () => {
  it('takes JSON with a frequency and a valid intensity list', () => {
    expect(readMaintenancePrefsInput('{"frequency":"quarterly","intensity":["maintenance","security"]}'))
      .toEqual({ frequency: 'quarterly', intensity: ['maintenance', 'security'] });
    expect(readMaintenancePrefsInput('{"frequency":"monthly","intensity":["updates"]}')).toEqual(DEFAULT_MAINTENANCE_PREFS);
  });

  it('refuses bad JSON, a missing frequency and an invalid intensity list', () => {
    expect(readMaintenancePrefsInput('not json')).toBeNull();
    expect(readMaintenancePrefsInput('{"intensity":["security"]}')).toBeNull();
    expect(readMaintenancePrefsInput('{"frequency":"weekly","intensity":["security"]}')).toBeNull();
    expect(readMaintenancePrefsInput('{"frequency":"monthly","intensity":[]}')).toBeNull();
    expect(readMaintenancePrefsInput('{"frequency":"monthly","intensity":["security","security"]}')).toBeNull();
    expect(readMaintenancePrefsInput('{"frequency":"monthly","intensity":["gold"]}')).toBeNull();
    expect(readMaintenancePrefsInput('"monthly"')).toBeNull();
  });
});

describe('a plan\'s intensities as offered today', () => {
  it('reads the older updates as maintenance, once, keeps the saved order and leaves unknown keys out', () => {
    expect(maintenancePlanIntensities(['updates', 'security'])).toEqual(['maintenance', 'security']);
    expect(maintenancePlanIntensities(['performance', 'updates', 'maintenance'])).toEqual(['performance', 'maintenance']);
    expect(maintenancePlanIntensities(['backups', 'security'])).toEqual(['security']);
    expect(maintenancePlanIntensities([])).toEqual([]);
  });
});

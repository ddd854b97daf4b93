import { DEFAULT_PRIORITIES, DEFAULT_TYPES, PRIORITY, STATUS, TYPE } from './lookups';
import {
  INBOUND_KEY_MAX, INBOUND_MESSAGES, inboundCompanyId, inboundKeyOutcome, inboundLookupId, inboundTicketFields, inboundRepeatNote,
} from './inbound-tickets';

const lists = { priorities: DEFAULT_PRIORITIES, types: DEFAULT_TYPES };

describe('a ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere)', () => {
  describe('the company', () => {
    it('is the token\'s company when it has one, and a different company_id is refused', () => {
      expect(inboundCompanyId({ requested: undefined, tokenCompanyId: 7, staff: true, clientCompanyIds: [] })).toEqual({ ok: true, companyId: 7 });
      expect(inboundCompanyId({ requested: 7, tokenCompanyId: 7, staff: true, clientCompanyIds: [] })).toEqual({ ok: true, companyId: 7 });
      expect(inboundCompanyId({ requested: 8, tokenCompanyId: 7, staff: true, clientCompanyIds: [] })).toEqual({ ok: false, status: 403, message: INBOUND_MESSAGES.companyOutOfScope });
    });

    it('is a client\'s one company when it has exactly one; with several it must be named', () => {
      expect(inboundCompanyId({ requested: undefined, tokenCompanyId: null, staff: false, clientCompanyIds: [4] })).toEqual({ ok: true, companyId: 4 });
      expect(inboundCompanyId({ requested: undefined, tokenCompanyId: null, staff: false, clientCompanyIds: [4, 5] })).toEqual({ ok: false, status: 400, message: INBOUND_MESSAGES.companyRequired });
      expect(inboundCompanyId({ requested: 5, tokenCompanyId: null, staff: false, clientCompanyIds: [4, 5] })).toEqual({ ok: true, companyId: 5 });
    });

    it('must be named by an unscoped staff token', () => {
      expect(inboundCompanyId({ requested: undefined, tokenCompanyId: null, staff: true, clientCompanyIds: [] })).toEqual({ ok: false, status: 400, message: INBOUND_MESSAGES.companyRequired });
      expect(inboundCompanyId({ requested: 9, tokenCompanyId: null, staff: true, clientCompanyIds: [] })).toEqual({ ok: true, companyId: 9 });
    });
  });

  describe('priority and type', () => {
    it('are found by name (any case) or id, and default to Medium and Incident/Bug', () => {
      expect(inboundLookupId(DEFAULT_PRIORITIES, 'urgent', PRIORITY.medium)).toBe(PRIORITY.urgent);
      expect(inboundLookupId(DEFAULT_PRIORITIES, ' High ', PRIORITY.medium)).toBe(PRIORITY.high);
      expect(inboundLookupId(DEFAULT_PRIORITIES, 4, PRIORITY.medium)).toBe(PRIORITY.low);
      expect(inboundLookupId(DEFAULT_PRIORITIES, '2', PRIORITY.medium)).toBe(PRIORITY.high);
      expect(inboundLookupId(DEFAULT_PRIORITIES, undefined, PRIORITY.medium)).toBe(PRIORITY.medium);
      expect(inboundLookupId(DEFAULT_TYPES, 'incident/bug', TYPE.question)).toBe(TYPE.incidentBug);
    });

    it('answers null for a name or id the lists do not hold', () => {
      expect(inboundLookupId(DEFAULT_PRIORITIES, 'Critical', PRIORITY.medium)).toBeNull();
      expect(inboundLookupId(DEFAULT_TYPES, 5, TYPE.question)).toBeNull();
    });

    it('make the fields of the new-ticket form, or the first problem', () => {
      expect(inboundTicketFields({ title: 'Site down', description: 'It is down.', priority: 'Urgent' }, 3, lists)).toEqual({
        ok: true, value: { company_id: 3, title: 'Site down', description: 'It is down.', priority_id: PRIORITY.urgent, type_id: TYPE.incidentBug, estimate_required: 0 },
      });
      expect(inboundTicketFields({ title: 'x', description: 'y', priority: 'Critical' }, 3, lists)).toEqual({ ok: false, message: INBOUND_MESSAGES.unknownPriority });
      expect(inboundTicketFields({ title: 'x', description: 'y', type: 'Other' }, 3, lists)).toEqual({ ok: false, message: INBOUND_MESSAGES.unknownType });
    });
  });

  describe('the key', () => {
    it('opens a ticket when it is new, adds a note while its ticket is open, and opens a new ticket once that is closed', () => {
      expect(inboundKeyOutcome(null)).toBe('open');
      expect(inboundKeyOutcome({ status_id: STATUS.inProgress })).toBe('note');
      expect(inboundKeyOutcome({ status_id: STATUS.needMoreInfo })).toBe('note');
      expect(inboundKeyOutcome({ status_id: STATUS.complete })).toBe('reopen');
      expect(inboundKeyOutcome({ status_id: STATUS.cancelled })).toBe('reopen');
      expect(inboundKeyOutcome('gone')).toBe('reopen');
    });

    it('is at most 200 characters', () => {
      expect(INBOUND_KEY_MAX).toBe(200);
    });

    it('makes a repeat\'s note of its title and description', () => {
      expect(inboundRepeatNote({ title: 'Site down', description: 'Still down.' })).toBe('**Site down**\n\nStill down.');
    });
  });
});

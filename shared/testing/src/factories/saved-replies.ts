import { savedReply, type SavedReply } from '@portal/contract';

/** A shared saved reply (owner_id null) with a token in its text; give owner_id for a personal one. */
export function aSavedReply(over: Partial<SavedReply> = {}): SavedReply {
  return savedReply.parse({
    id: 1, title: 'Thanks for waiting', body: 'Hi {{client.first_name}}, ticket #{{ticket.id}} is fixed.\n\n{{agent.name}}',
    owner_id: null, usage_count: 0, date_created: '2026-11-18T15:00:00.000Z', date_updated: '2026-11-18T15:00:00.000Z',
    ...over,
  });
}

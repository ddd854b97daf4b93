import type { FastifyInstance } from 'fastify';

/** A time entry written straight to the database at `date`, with the snapshots POST /time takes. */
export async function aTimeEntry(
  app: FastifyInstance,
  entry: { ticket_id: number; company_id: number; contact_id: number; time: number; date: string; description?: string; pay_rate?: number | null },
): Promise<number> {
  const [company, contact] = await Promise.all([app.repos.companies.findById(entry.company_id), app.repos.contacts.findById(entry.contact_id)]);
  const row = await app.db
    .insertInto('time_entries')
    .values({
      ticket_id: entry.ticket_id,
      company_id: entry.company_id,
      contact_id: entry.contact_id,
      company_name: company?.name ?? null,
      contact_name: contact ? `${contact.first_name} ${contact.last_name}` : null,
      pay_rate: entry.pay_rate === undefined ? null : entry.pay_rate,
      time: entry.time,
      date: entry.date,
      description: entry.description ?? 'Worked on it',
      date_created: entry.date,
    })
    .returning('time_id')
    .executeTakeFirstOrThrow();
  return row.time_id;
}

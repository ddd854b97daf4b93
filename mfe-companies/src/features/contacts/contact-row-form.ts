import { useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { contactFields } from '@portal/contract';
import { MESSAGES, contactFormProblems, type ContactDraft } from '@portal/domain';
import { formResolver } from '@portal/features';

/**
 * The fields of a contact as the API takes them, and the domain's contactFormProblems over them (a
 * bad e-mail or phone, an e-mail already in the list), each at its field
 * (docs/product/companies-and-contacts.md#contact-validation). A blank field has no message of its own:
 * the line under the row names it.
 */
function contactSchema(emailsInList: () => readonly string[]) {
  return contactFields.superRefine((values, context) => {
    for (const problem of contactFormProblems(values, emailsInList())) {
      if (problem.field !== null && problem.message !== null) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  });
}

/**
 * One row of the contacts table as a form (the add row, or the row being edited): `emailsInList`
 * are the other rows' addresses, read at each check. Add and Save stay disabled while the domain
 * finds a problem, so the resolver is the last word before the call, not what the user reads.
 */
export function useContactRowForm(initial: ContactDraft, emailsInList: readonly string[]): UseFormReturn<ContactDraft> {
  const emails = useRef(emailsInList);
  emails.current = emailsInList;
  const [resolver] = useState(() => formResolver<ContactDraft>(contactSchema(() => emails.current), MESSAGES.fillAllFields));
  return useForm<ContactDraft>({ resolver, defaultValues: initial });
}


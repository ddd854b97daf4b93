import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A zod 4 schema of some of the form's fields (the contract's schemas are zod 4). Its input is the
 * API's, which may take more than the form holds (a number or its text, anything to coerce): the
 * form's values are only checked by it, never converted (`raw`).
 */
interface FormSchema<Values extends FieldValues> {
  _zod: { input: { [Field in keyof Values]?: unknown }; output: unknown };
}

/**
 * The resolver of the portal's forms (react-hook-form): the form's schema is a `@portal/contract`
 * schema of the fields it checks, its business rules `@portal/domain`'s, called in a `superRefine`.
 * `message` stands for any issue the schema does not word itself, so zod's own English never reaches
 * a user. Submit gets every value as typed (`raw`): the form decides what it sends, and the API parses
 * it again. The schemas come from `@portal/contract` (a shared singleton): no second zod is bundled.
 */
export function formResolver<Values extends FieldValues>(schema: FormSchema<Values>, message: string): Resolver<Values> {
  // The schema checks the fields it names; the raw values handed on are the whole form's.
  return zodResolver(schema, { error: () => message }, { raw: true }) as unknown as Resolver<Values>;
}

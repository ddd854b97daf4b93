import useSWR, { useSWRConfig } from 'swr';
import { option, type Option, type OptionSave } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const optionKey = (name: string) => `/options/${encodeURIComponent(name)}`;

export interface OptionsApi {
  get(name: string): Promise<Option>;
  save(input: OptionSave): Promise<Option>;
}

export function createOptionsApi(http: Http): OptionsApi {
  return {
    get: (name) => http('GET', optionKey(name), option),
    save: (input) => http('POST', '/options', option, { body: input }),
  };
}

export function useOption(name: string | null | undefined) {
  const client = useApiClient();
  return useSWR(name ? optionKey(name) : null, () => client.options.get(name as string));
}

export function useOptionMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async save(input: OptionSave) {
      const saved = await client.options.save(input);
      await mutate(optionKey(input.option_name), saved, { revalidate: false });
      return saved;
    },
  };
}

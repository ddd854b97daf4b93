import useSWR, { useSWRConfig } from 'swr';
import type { DefaultListName } from '@portal/domain';
import type { Option, OptionSave, OptionUsage } from '@portal/contract';
import { optionEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const optionKey = (name: string) => pathOf(api.option, { name });
export const optionUsageKey = (name: DefaultListName) => pathOf(api.optionUsage, { name });

export interface OptionsApi {
  get(name: string): Promise<Option>;
  save(input: OptionSave): Promise<Option>;
  /** Admins: how many records use each id of a default list, by id; unused ids are absent. */
  usage(name: DefaultListName): Promise<OptionUsage>;
}

export function createOptionsApi(http: Http): OptionsApi {
  return {
    get: (name) => http(api.option, { params: { name } }),
    save: (input) => http(api.saveOption, { body: input }),
    usage: (name) => http(api.optionUsage, { params: { name } }),
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

/** How many records use each id of a default list (admins); null reads nothing. */
export function useOptionUsage(name: DefaultListName | null | undefined) {
  const client = useApiClient();
  return useSWR(name ? optionUsageKey(name) : null, () => client.options.usage(name as DefaultListName));
}

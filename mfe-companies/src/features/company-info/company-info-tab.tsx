import { useRef, useState } from 'react';
import { Checkbox, Fieldset, HStack, RadioGroup, Field, Stack, Text } from '@chakra-ui/react';
import type { Company } from '@portal/contract';
import { useCompanyMutations, useLookupList, useStaff } from '@portal/api-client';
import {
  canManageCompanySettings, lookupName, metaValueOf, modeClosesTickets, parseServiceIds, type Viewer,
} from '@portal/domain';
import { AgentSelect, ConfirmDialog } from '@portal/ui';
import { textFieldsOf, useSessionDraft } from '../../hooks/use-session-draft';
import { useT } from '../../messages';
import { CompanyInfoFields, type CompanyInfoValues } from './company-info-fields';

interface AdminSettings {
  mode: number;
  services: number[];
  defaultAgent: string;
}

function adminSettingsOf(company: Company): AdminSettings {
  return {
    mode: company.mode,
    services: parseServiceIds(metaValueOf(company.meta, 'services')),
    defaultAgent: metaValueOf(company.meta, 'default_agent') ?? '',
  };
}

const storedInfo = (stored: unknown): CompanyInfoValues | null => textFieldsOf(stored, ['name', 'url', 'description']);

/**
 * The info tab: for group 1 the Status radio group (mode-defaults), the Services checkbox group
 * (service-defaults) and Assign Default Agent (staff); then the company info form. One button
 * saves everything in one call; saving Inactive or Closed asks first, because the server then
 * closes the company's open tickets in the same transaction (docs/product/companies-and-contacts.md#mode-side-effect).
 * What is typed in the form (the description above all) is kept as a draft until it is saved, so a
 * reload shows it (docs/product/companies-and-contacts.md#drafts).
 */
export function CompanyInfoTab({ company, viewer }: { company: Company; viewer: Viewer }) {
  const t = useT();
  const admin = canManageCompanySettings(viewer);
  const modes = useLookupList('mode-defaults');
  const services = useLookupList('service-defaults');
  const { data: staff } = useStaff(admin);
  const { update } = useCompanyMutations();
  const [settings, setSettings] = useState<AdminSettings>(() => adminSettingsOf(company));
  const [confirming, setConfirming] = useState(false);
  const answer = useRef<((go: boolean) => void) | null>(null);
  const saved = { name: company.name, url: company.url ?? '', description: company.description ?? '' };
  const draft = useSessionDraft<CompanyInfoValues>(`portal.company.${company.company_id}.info`, saved, storedInfo);

  const askToClose = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setConfirming(true);
    });
  const settle = (go: boolean) => {
    setConfirming(false);
    answer.current?.(go);
    answer.current = null;
  };

  async function save(values: CompanyInfoValues) {
    const base = { name: values.name, url: values.url, description: values.description };
    if (!admin) {
      await update(company.company_id, base);
    } else {
      if (settings.mode !== company.mode && modeClosesTickets(settings.mode) && !(await askToClose())) return;
      await update(company.company_id, {
        ...base,
        mode: settings.mode,
        services: settings.services,
        default_agent: settings.defaultAgent === '' ? null : Number(settings.defaultAgent),
      });
    }
    draft.clear(values);
  }

  return (
    <>
      <CompanyInfoFields
        initial={draft.value}
        onChange={draft.update}
        onSubmit={save}
        notice={draft.restored && JSON.stringify(storedInfo(draft.value)) !== JSON.stringify(saved) ? (
          <Text color="fg.muted" fontSize="sm">{t('companyInfo.draftRestored')}</Text>
        ) : null}
      >
        {admin ? (
          <Stack gap="4" borderWidth="1px" rounded="md" p="4">
            <Fieldset.Root>
              <Fieldset.Legend>{t('companyInfo.status')}</Fieldset.Legend>
              <RadioGroup.Root
                value={String(settings.mode)}
                onValueChange={({ value }) => setSettings((current) => ({ ...current, mode: Number(value) }))}
              >
                <HStack gap="5" wrap="wrap">
                  {modes.map((mode) => (
                    <RadioGroup.Item key={mode.id} value={String(mode.id)}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{mode.name}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            </Fieldset.Root>
            <Fieldset.Root>
              <Fieldset.Legend>{t('companyInfo.services')}</Fieldset.Legend>
              <Checkbox.Group
                value={settings.services.map(String)}
                onValueChange={(value) => setSettings((current) => ({ ...current, services: value.map(Number) }))}
              >
                <HStack gap="5" wrap="wrap">
                  {services.map((service) => (
                    <Checkbox.Root key={service.id} value={String(service.id)}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{service.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </HStack>
              </Checkbox.Group>
            </Fieldset.Root>
            <Field.Root>
              <Field.Label>{t('companyInfo.defaultAgent')}</Field.Label>
              <AgentSelect
                agents={staff ?? []}
                value={settings.defaultAgent}
                emptyLabel={t('companyInfo.noDefaultAgent')}
                onChange={(defaultAgent) => setSettings((current) => ({ ...current, defaultAgent }))}
              />
            </Field.Root>
          </Stack>
        ) : null}
      </CompanyInfoFields>
      <ConfirmDialog
        open={confirming}
        title={t('companyInfo.confirmStatusTitle')}
        message={t('companyInfo.confirmStatusMessage', { status: lookupName(modes, settings.mode, t('companyInfo.thisStatus')) })}
        confirmLabel={t('companyInfo.confirmStatusSave', { status: lookupName(modes, settings.mode, t('companyInfo.statusFallback')) })}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </>
  );
}

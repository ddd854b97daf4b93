import { NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../messages';

export interface CompanyChoice {
  company_id: number;
  name: string;
}

/** A select of companies; choosing one opens its dashboard at /clients/{id} ('Company', 'Choose a company…' by default). */
export function CompanyPicker({
  companies, value = null, label, placeholder,
}: {
  companies: readonly CompanyChoice[];
  value?: number | null;
  label?: string;
  placeholder?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  return (
    <NativeSelect.Root size="sm" maxW="xs">
      <NativeSelect.Field
        id={id}
        aria-label={label ?? t('picker.label')}
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const next = Number(event.currentTarget.value);
          if (next > 0) navigate(`/clients/${next}`);
        }}
      >
        {value === null ? <option value="">{placeholder ?? t('picker.placeholder')}</option> : null}
        {companies.map((company) => (
          <option key={company.company_id} value={company.company_id}>
            {company.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

import { NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';

export interface CompanyChoice {
  company_id: number;
  name: string;
}

/** A select of companies; choosing one opens its dashboard at /clients/{id}. */
export function CompanyPicker({
  companies, value = null, label = 'Company', placeholder = 'Choose a company…',
}: {
  companies: readonly CompanyChoice[];
  value?: number | null;
  label?: string;
  placeholder?: string;
}) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <NativeSelect.Root size="sm" maxW="xs">
      <NativeSelect.Field
        id={id}
        aria-label={label}
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const next = Number(event.currentTarget.value);
          if (next > 0) navigate(`/clients/${next}`);
        }}
      >
        {value === null ? <option value="">{placeholder}</option> : null}
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

// The federation surface `companies/CompanyInfoForm`; its props are `CompanyInfoFormProps` in @portal/ui.
export { CompanyInfoForm } from './features/company-info/company-info-form';

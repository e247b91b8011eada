import { useI18n } from '../i18n/use-i18n.js';

interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  /** [value, label] pairs; the empty value ("any") comes first automatically. */
  options: Array<[V, string]>;
  onChange(value: V | ''): void;
  name?: string;
}

export function SelectField<V extends string>({ label, value, options, onChange, name }: SelectFieldProps<V>) {
  const { t } = useI18n();
  return (
    <label className="field">
      <span>{label}</span>
      {/* The element offers only the options' values and "", so its value is one of them. */}
      <select name={name} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{t('filter.any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

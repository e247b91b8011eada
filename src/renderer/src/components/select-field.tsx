interface SelectFieldProps {
  label: string;
  value: string;
  /** [value, label] pairs; the empty value ("any") comes first automatically. */
  options: Array<[string, string]>;
  onChange(value: string): void;
  name?: string;
}

export function SelectField({ label, value, options, onChange, name }: SelectFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

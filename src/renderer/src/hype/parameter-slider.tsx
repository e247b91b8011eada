import { useI18n } from '../i18n/use-i18n.js';

interface ParameterSliderProps {
  name: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  digits: number;
  onChange(value: number): void;
}

export function ParameterSlider({ name, label, value, min, max, step, digits, onChange }: ParameterSliderProps) {
  const { format } = useI18n();
  return (
    <label className="slider">
      <span>
        {label} <output>{format.number(value, digits)}</output>
      </span>
      <input type="range" name={name} min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );
}

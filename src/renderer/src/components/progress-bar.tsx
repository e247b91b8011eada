interface ProgressBarProps {
  /** 0..1 */
  ratio: number;
  label: string;
}

export function ProgressBar({ ratio, label }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, ratio * 100));
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

interface StatusBadgeProps {
  /** ok/good, warn, bad or neutral: the colour; the text carries the meaning. */
  tone: 'good' | 'warn' | 'bad' | 'neutral';
  children: string;
  /** The untranslated value, for tests and for people reading the DOM whatever the interface language. */
  'data-status'?: string;
}

export function StatusBadge({ tone, children, 'data-status': status }: StatusBadgeProps) {
  return (
    <span className={`badge badge-${tone}`} data-status={status}>
      {children}
    </span>
  );
}

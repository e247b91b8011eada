interface StatusBadgeProps {
  /** ok/good, warn, bad or neutral: the colour; the text carries the meaning. */
  tone: 'good' | 'warn' | 'bad' | 'neutral';
  children: string;
}

export function StatusBadge({ tone, children }: StatusBadgeProps) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

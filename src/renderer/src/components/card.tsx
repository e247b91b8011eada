import type { ReactNode } from 'react';

interface CardProps {
  title: string;
  /** Stable hook for the browser tests and for people reading the DOM. */
  testId?: string;
  actions?: ReactNode;
  /** Spans the whole row. */
  wide?: boolean;
  /** Spans two columns of the grid. */
  double?: boolean;
  children: ReactNode;
}

export function Card({ title, testId, actions, wide, double, children }: CardProps) {
  return (
    <section className={wide ? 'card card-wide' : double ? 'card card-span-2' : 'card'} data-testid={testId} aria-label={title}>
      <header className="card-header">
        <h2>{title}</h2>
        {actions}
      </header>
      <div className="card-body">{children}</div>
    </section>
  );
}

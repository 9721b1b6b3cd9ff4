/** The window's headed regions: a screen (`View`, its h1) and a Settings panel (`Card`, its h2). */
import type { ReactNode } from 'react';

interface ViewProps {
  /** Names the heading `<id>-heading`, which labels the region. */
  readonly id: string;
  /** The screen's own class beside `view`. */
  readonly className: string;
  readonly title: ReactNode;
  readonly children: ReactNode;
}

export function View({ id, className, title, children }: ViewProps) {
  return (
    <section className={`view ${className}`} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className="view-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

interface CardProps {
  readonly id: string;
  readonly title: ReactNode;
  /** A line under the title; with `actions`, both share the panel's head. */
  readonly intro?: ReactNode;
  /** The panel's buttons, at the head's end. */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

export function Card({ id, title, intro, actions, children }: CardProps) {
  const heading = (
    <h2 id={`${id}-heading`} className="section-title">
      {title}
    </h2>
  );
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      {intro === undefined && actions === undefined ? (
        heading
      ) : (
        <div className="section-head">
          <div>
            {heading}
            {intro !== undefined && <p className="muted">{intro}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

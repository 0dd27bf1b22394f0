import type { ReactNode } from 'react';

interface FormPageProps {
  title: string;
  /** The way back, above the card (a BackLink or GoBack); none on the sign-in screens. */
  back?: ReactNode;
  /** A line under the title. */
  intro?: ReactNode;
  /** The form, or the spinner or error that stands for it while the record loads. */
  children: ReactNode;
  /** Sections below the card (the profile's "Your data"). */
  after?: ReactNode;
}

/** The one layout of a screen that is a single form: a narrow page, one card, its title. */
export function FormPage({ title, back, intro, children, after }: FormPageProps) {
  return (
    <section className="page page-narrow">
      {back}
      <div className="card form-card">
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
      {after}
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { useLazyModule } from '../hooks/use-lazy-module';

/**
 * A section of the unit's page with a heading and a button that opens its form (registration-section.tsx,
 * service-request-section.tsx): the form comes in a chunk of its own (`load`) when asked for, or at once when
 * `openAtFirst` (a link led here).
 */
export function FormSection<M>({
  id,
  lang,
  testId,
  title,
  button,
  openAtFirst,
  load,
  render,
}: {
  id: string;
  /** The language of the section's words: the page's, or English on the page's other languages. */
  lang: 'en' | 'de';
  testId: string;
  title: string;
  button: string;
  openAtFirst: boolean;
  load: () => Promise<M>;
  render: (module: M) => ReactNode;
}) {
  const [open, setOpen] = useState(openAtFirst);
  const form = useLazyModule(open ? load : null);
  return (
    <section
      id={id}
      lang={lang}
      className="land-register"
      aria-labelledby={`land-${id}-heading`}
      data-testid={testId}
    >
      <h2 id={`land-${id}-heading`}>{title}</h2>
      {form ? (
        render(form)
      ) : (
        <button
          type="button"
          className="land-button land-button--secondary"
          onClick={() => setOpen(true)}
          disabled={open}
        >
          {button}
        </button>
      )}
    </section>
  );
}

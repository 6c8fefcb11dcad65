import type { Translations } from './certificate-rows';

/** A title in the six languages: German in bold, the others after it on the same lines, so a row stays low. */
export function Labels({ labels }: { labels: Translations }) {
  const [german, ...translations] = labels;
  return (
    <>
      <b className="cert-doc__label-de">{german}</b>
      {translations.map((text, i) => (
        <span key={i} className="cert-doc__label-tr">
          {text}
        </span>
      ))}
    </>
  );
}

import { useState, type MouseEvent } from 'react';
import { pageTexts, type Language } from '../texts';

/** How often the link asks before it gives up, and the pause when the API names none. */
const TRIES = 30;
const DEFAULT_RETRY_S = 2;

/**
 * The confirmed unit's sealed certificate, saved under its serial's file name (the API's Content-Disposition).
 * The first time a unit's copy is asked for, the API has it sealed by its worker and answers 503 with
 * Retry-After (api/src/modules/certificate-pdf/certificate-archive.routes.ts): the link asks as often as told, says
 * meanwhile that the certificate is being prepared, and downloads it once it is there.
 */
export function CertificateLink({ href, languages }: { href: string; languages: readonly Language[] }) {
  const [state, setState] = useState<'idle' | 'preparing' | 'later'>('idle');
  const say = (key: 'certificatePdf' | 'certificatePreparing' | 'certificateLater') =>
    languages.map((language) => pageTexts(language)[key]).join(' / ');

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (state === 'preparing') return;
    setState('preparing');
    for (let tries = 0; tries < TRIES; tries++) {
      const response = await fetch(href, { method: 'HEAD' }).catch(() => null);
      if (response && response.status !== 503) {
        setState('idle');
        window.location.assign(href);
        return;
      }
      const pause = Number(response?.headers.get('Retry-After')) || DEFAULT_RETRY_S;
      await new Promise((resolve) => setTimeout(resolve, pause * 1000));
    }
    setState('later');
  }

  return (
    <>
      <a className="land-check__pdf" href={href} download data-testid="certificate-pdf" onClick={download}>
        {say('certificatePdf')}
      </a>
      <p className="land-check__pdf-state" role="status">
        {state === 'preparing'
          ? say('certificatePreparing')
          : state === 'later'
            ? say('certificateLater')
            : ''}
      </p>
    </>
  );
}

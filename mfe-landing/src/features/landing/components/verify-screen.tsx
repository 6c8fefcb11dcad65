import { formatDate } from 'contracts';
import { useEffect, useState, type DragEvent, type FormEvent } from 'react';
import type { LandingConfig } from '../config';
import { getVerification, sha256Of, type VerificationAnswer } from '../api/get-verification';
import { VERIFY_LANGUAGES, verifyTexts, type VerifyLanguage } from '../verify-texts';
import './verify-screen.css';

/** Larger than any certificate: a file this big is not one of ours, and is not read into memory. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

type Shown = VerificationAnswer | { status: 'checking' } | { status: 'too-large' } | null;

/** Both languages, each in its own paragraph with its `lang`. */
function Both({
  text,
  className,
}: {
  text: (t: (typeof verifyTexts)[VerifyLanguage]) => string;
  className?: string;
}) {
  return (
    <>
      {VERIFY_LANGUAGES.map((language) => (
        <p key={language} lang={language} className={className}>
          {text(verifyTexts[language])}
        </p>
      ))}
    </>
  );
}

const say = (text: (t: (typeof verifyTexts)[VerifyLanguage]) => string) =>
  VERIFY_LANGUAGES.map((language) => text(verifyTexts[language])).join(' / ');

/** Consecutive serials of a whole certificate read as a range; a few are listed. */
const serialList = (serials: string[]) =>
  serials.length > 4
    ? `${serials[0]} … ${serials[serials.length - 1]} (${serials.length})`
    : serials.join(', ');

function Result({ shown }: { shown: Exclude<Shown, null> }) {
  if (shown.status === 'checking') return <Both text={(t) => t.checking} />;
  if (shown.status !== 'found') {
    const key = {
      'too-large': 'tooLarge',
      unknown: 'unknown',
      malformed: 'malformed',
      throttled: 'throttled',
      failed: 'failed',
    } as const;
    return (
      <div className="verify-result verify-result--bad" data-testid={`verify-${shown.status}`}>
        <span className="verify-result__icon" aria-hidden="true">
          ✗
        </span>
        <Both text={(t) => t[key[shown.status]]} />
      </div>
    );
  }
  const { document } = shown;
  const date = formatDate(document.sealed_at);
  return (
    <div
      className={`verify-result ${document.current ? 'verify-result--good' : 'verify-result--stale'}`}
      data-testid={document.current ? 'verify-current' : 'verify-not-current'}
    >
      <span className="verify-result__icon" aria-hidden="true">
        {document.current ? '✓' : '!'}
      </span>
      <Both text={(t) => (document.current ? t.current : t.notCurrent)} className="verify-result__verdict" />
      <dl className="verify-facts">
        <dt>{say((t) => t.certificate)}</dt>
        <dd data-testid="verify-number">
          {document.certificate_number} (
          {say((t) => (document.scope === 'certificate' ? t.wholeCertificate : t.customerCopy))})
        </dd>
        <dt>{say((t) => t.serials)}</dt>
        <dd data-testid="verify-serials">{serialList(document.serials)}</dd>
      </dl>
      <Both text={(t) => t.sealed(t.events[document.event], date)} />
    </div>
  );
}

/**
 * The public verification page (`/landing/verify`, docs/decisions/0020-sealed-certificate.md): a PDF dropped or
 * chosen is hashed in the browser (crypto.subtle) and only its SHA-256 goes to the API; or a checksum typed.
 * The answer says whether we sealed exactly this document, for which serials, and whether it is still current.
 */
export default function VerifyScreen({ loadConfig }: { loadConfig: () => Promise<LandingConfig> }) {
  const [config, setConfig] = useState<LandingConfig | null>(null);
  const [hash, setHash] = useState('');
  const [fileHash, setFileHash] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    loadConfig().then(setConfig, () => setShown({ status: 'failed' }));
  }, [loadConfig]);

  async function check(sha256: string) {
    if (!config) return;
    setShown({ status: 'checking' });
    setShown(await getVerification(config.apiBase, sha256));
  }

  async function checkFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileHash(null);
      return setShown({ status: 'too-large' });
    }
    setShown({ status: 'checking' });
    const sha256 = await sha256Of(file);
    setFileHash(sha256);
    await check(sha256);
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void checkFile(event.dataTransfer?.files[0]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFileHash(null);
    void check(hash);
  };

  return (
    <div className="land-page" data-testid="verify-page">
      <header className="land-header">
        <span className="land-header__name">{config?.companyName ?? ''}</span>
      </header>
      <main className="land-main verify-main">
        <h1 className="verify-title">
          <span lang="en">{verifyTexts.en.title}</span> / <span lang="de">{verifyTexts.de.title}</span>
        </h1>
        <Both text={(t) => t.intro} className="verify-intro" />
        <label
          className={dragging ? 'verify-drop verify-drop--over' : 'verify-drop'}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="verify-drop"
        >
          <span className="verify-drop__text">{say((t) => t.drop)}</span>
          <span className="verify-drop__button">{say((t) => t.choose)}</span>
          <input
            className="verify-drop__input"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => void checkFile(event.currentTarget.files?.[0])}
            data-testid="verify-file"
          />
        </label>
        <form className="verify-form" onSubmit={onSubmit} noValidate>
          <label htmlFor="verify-hash" className="verify-form__label">
            {say((t) => t.hashLabel)}
          </label>
          <div className="verify-form__row">
            <input
              id="verify-hash"
              className="verify-form__input"
              value={hash}
              onChange={(event) => setHash(event.currentTarget.value)}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              inputMode="text"
            />
            <button type="submit" className="land-button" disabled={!config}>
              {say((t) => t.check)}
            </button>
          </div>
        </form>
        <div role="status" aria-live="polite" className="verify-status">
          {fileHash && (
            <p className="verify-hash" data-testid="verify-file-hash">
              {say((t) => t.computed)}: <code>{fileHash}</code>
            </p>
          )}
          {shown && <Result shown={shown} />}
        </div>
      </main>
      <footer className="land-footer">
        {config && (
          <p className="land-copyright">
            {config.companyName}, {config.companyAddress}
          </p>
        )}
      </footer>
    </div>
  );
}

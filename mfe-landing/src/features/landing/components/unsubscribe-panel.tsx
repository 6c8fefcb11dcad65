import { apiPaths } from 'contracts';
import { useEffect, useState } from 'react';
import { postJson } from './customer-form';
import './land-form.css';

/** The panel's words in the page's language (English for the page's other languages, as the notices are). */
const T = {
  en: {
    ask: 'Do you want to receive no further information e-mails about this machine? Safety notices and recalls still reach you.',
    send: 'UNSUBSCRIBE',
    done: 'You are unsubscribed: you will receive no further information e-mails about this machine. Safety notices and recalls still reach you.',
    failed: 'The request could not be sent. Please try again later.',
  },
  de: {
    ask: 'Möchten Sie zu dieser Maschine keine weiteren Informations-E-Mails erhalten? Sicherheitshinweise und Rückrufe erreichen Sie weiterhin.',
    send: 'ABMELDEN',
    done: 'Sie sind abgemeldet: Sie erhalten zu dieser Maschine keine weiteren Informations-E-Mails. Sicherheitshinweise und Rückrufe erreichen Sie weiterhin.',
    failed: 'Die Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  },
};

/**
 * Where an information mail's unsubscribe link leads (`#unsubscribe=<token>`, api/src/modules/notices/notice-mails.ts):
 * the owner confirms with a button, so a mail scanner that opens the link unsubscribes nobody. The token leaves the
 * address at once; the answer never says whose registration it was.
 */
export function UnsubscribePanel({ apiBase, language }: { apiBase: string; language: 'en' | 'de' }) {
  const words = T[language];
  const [token] = useState(
    () => /^#unsubscribe=([A-Za-z0-9_-]{1,100})$/.exec(window.location.hash)?.[1] ?? null,
  );
  const [state, setState] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (token) history.replaceState(null, '', window.location.pathname + window.location.search);
  }, [token]);
  if (!token) return null;

  async function send() {
    setBusy(true);
    try {
      const url = `${apiBase}${apiPaths.unsubscribe()}?token=${encodeURIComponent(token!)}`;
      const { response, answer } = await postJson(url, {});
      setState(
        response.ok
          ? { text: words.done, ok: true }
          : { text: answer.error?.message ?? words.failed, ok: false },
      );
    } catch {
      setState({ text: words.failed, ok: false });
    } finally {
      setBusy(false);
    }
  }

  if (state?.ok)
    return (
      <p className="land-form__done" role="status" data-testid="unsubscribed">
        {state.text}
      </p>
    );
  return (
    <div className="land-form" data-testid="unsubscribe">
      <p>{words.ask}</p>
      {state && (
        <p className="land-form__message" role="alert">
          {state.text}
        </p>
      )}
      <button type="button" className="land-button" disabled={busy} onClick={send}>
        {words.send}
      </button>
    </div>
  );
}

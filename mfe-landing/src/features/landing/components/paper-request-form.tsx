import { apiPaths, PAPER_REQUEST_MAX, type UnitDocument } from 'contracts';
import type { FormEvent } from 'react';
import { documentTexts } from '../document-texts';
import type { Language } from '../texts';
import { fieldMarks, FormEnd, postJson, TextField, useFormState } from './customer-form';
import './land-form.css';

type Field = 'name' | 'address' | 'email' | 'document';

/**
 * The form's words in English and German, whatever the page shows: the requests are answered by the
 * manufacturer's staff, and these two are the languages the API answers errors in too
 * (api/src/modules/documents/paper-requests.ts).
 */
const T = {
  heading: 'Paper copy / Papierexemplar',
  intro:
    'We send you a printed copy free of charge within one month. / Wir senden Ihnen innerhalb eines Monats kostenlos ein gedrucktes Exemplar.',
  name: 'Name',
  address: 'Postal address / Postanschrift',
  email: 'E-mail / E-Mail',
  document: 'Document / Dokument',
  send: 'SEND REQUEST / ANFRAGE SENDEN',
  sent: (due: string) =>
    `Thank you. We will send the copy by ${due}. / Vielen Dank. Wir senden das Exemplar bis zum ${due}.`,
  invalid: 'Please check the marked fields. / Bitte prüfen Sie die markierten Felder.',
  failed:
    'The request could not be sent. Please try again later. / Die Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  throttled:
    'Too many requests from this network. Please try again later. / Zu viele Anfragen aus diesem Netz. Bitte versuchen Sie es später erneut.',
  fields: {
    name: 'Please enter your name. / Bitte geben Sie Ihren Namen an.',
    address: 'Please enter your postal address. / Bitte geben Sie Ihre Postanschrift an.',
    email: 'Please enter a valid e-mail address. / Bitte geben Sie eine gültige E-Mail-Adresse an.',
    document: 'Please choose a document. / Bitte wählen Sie ein Dokument.',
  } satisfies Record<Field, string>,
};

const day = (iso: string) => iso.split('-').reverse().join('.');

/** The customer's request for a paper copy of one of the unit's documents (POST /paper-requests). */
export function PaperRequestForm({
  apiBase,
  serial,
  documents,
  languages,
}: {
  apiBase: string;
  serial?: string;
  documents: UnitDocument[];
  languages: readonly Language[];
}) {
  const { errors, setErrors, message, setMessage, busy, setBusy } = useFormState<Field>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    try {
      const { response, answer } = await postJson(`${apiBase}${apiPaths.paperRequests()}`, {
        document_id: Number(value('document')),
        ...(serial && { serial }),
        name: value('name'),
        address: value('address'),
        email: value('email'),
      });
      if (response.ok) {
        setErrors({});
        setMessage({ text: T.sent(day(answer.due ?? '')), ok: true });
        return;
      }
      // The API's field names; the document field is named by its id or kind there.
      const fields = (answer.error?.fields ?? {}) as Record<string, string>;
      const marked: Partial<Record<Field, string>> = {};
      for (const field of ['name', 'address', 'email'] as const)
        if (fields[field]) marked[field] = fields[field];
      if (fields.document_id || fields.kind || response.status === 404) marked.document = T.fields.document;
      setErrors(marked);
      setMessage({
        text: response.status === 429 ? T.throttled : response.status === 400 ? T.invalid : T.failed,
        ok: false,
      });
    } catch {
      setMessage({ text: T.failed, ok: false });
    } finally {
      setBusy(false);
    }
  }

  const { described, error } = fieldMarks('paper', errors);
  if (message?.ok)
    return (
      <p className="land-form__done" role="status" data-testid="paper-request-sent">
        {message.text}
      </p>
    );
  return (
    <form
      className="land-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="paper-heading"
      data-testid="paper-request"
    >
      <h3 id="paper-heading">{T.heading}</h3>
      <p>{T.intro}</p>
      <label htmlFor="paper-document">{T.document}</label>
      <select id="paper-document" name="document" {...described('document')}>
        {documents.map((document) => (
          <option key={document.id} value={document.id}>
            {languages.map((l) => documentTexts[l].kinds[document.kind]).join(' / ')} (
            {document.language.toUpperCase()})
          </option>
        ))}
      </select>
      {error('document')}
      <TextField
        id="paper-name"
        label={T.name}
        error={errors.name}
        name="name"
        autoComplete="name"
        maxLength={PAPER_REQUEST_MAX.name}
      />
      <label htmlFor="paper-address">{T.address}</label>
      <textarea
        id="paper-address"
        name="address"
        rows={3}
        autoComplete="street-address"
        maxLength={PAPER_REQUEST_MAX.address}
        {...described('address')}
      />
      {error('address')}
      <TextField
        id="paper-email"
        label={T.email}
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={PAPER_REQUEST_MAX.email}
      />
      <FormEnd message={message?.text ?? null} busy={busy} label={T.send} />
    </form>
  );
}

import {
  apiPaths,
  SERVICE_REQUEST_MAX,
  SERVICE_REQUEST_PHOTO_FIELD,
  SERVICE_REQUEST_PHOTOS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIME_TYPES,
} from 'contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldMarks, FormEnd, postForm, TextField, useFormState } from './customer-form';
import './land-form.css';

type Field = 'text' | 'photo' | 'name' | 'email' | 'phone' | 'language';

const MEGABYTES = UPLOAD_MAX_BYTES / 1024 / 1024;

/** The form's words in English and German, as the API's answers are (api/src/modules/service-requests). */
const T = {
  intro:
    'Tell us what happened: we will get in touch with you. / Beschreiben Sie uns, was passiert ist: wir melden uns bei Ihnen.',
  text: 'What happened? / Was ist passiert?',
  photos: `Photos (optional, up to ${SERVICE_REQUEST_PHOTOS}, PNG, JPEG or GIF, ${MEGABYTES} MB each) / Fotos (optional, bis zu ${SERVICE_REQUEST_PHOTOS}, PNG, JPEG oder GIF, je ${MEGABYTES} MB)`,
  tooManyPhotos: `Please choose at most ${SERVICE_REQUEST_PHOTOS} photos. / Bitte wählen Sie höchstens ${SERVICE_REQUEST_PHOTOS} Fotos.`,
  photoTooLarge: `A photo is too large (at most ${MEGABYTES} MB each). / Ein Foto ist zu groß (höchstens ${MEGABYTES} MB je Foto).`,
  name: 'Your name / Ihr Name',
  email: 'E-mail / E-Mail',
  phone: 'Phone (optional) / Telefon (optional)',
  send: 'SEND REQUEST / ANFRAGE SENDEN',
  mailed:
    'Thank you, we have received your request and sent you a confirmation by e-mail. We will get in touch with you. / Vielen Dank, wir haben Ihre Anfrage erhalten und Ihnen eine Bestätigung per E-Mail gesendet. Wir melden uns bei Ihnen.',
  stored:
    'Thank you, we have received your request and will get in touch with you. / Vielen Dank, wir haben Ihre Anfrage erhalten und melden uns bei Ihnen.',
  failed:
    'The request could not be sent. Please try again later. / Die Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  trap: 'Leave this field empty / Dieses Feld leer lassen',
};

/** What is wrong with the chosen photos before they are sent (the API checks them again, and their content). */
function photoProblem(files: readonly File[]) {
  if (files.length > SERVICE_REQUEST_PHOTOS) return T.tooManyPhotos;
  if (files.some((file) => file.size > UPLOAD_MAX_BYTES)) return T.photoTooLarge;
  return undefined;
}

/** A customer's service request for the unit (POST /public/units/{serial}/service-requests, multipart). */
export function ServiceRequestForm({
  apiBase,
  serial,
  language,
}: {
  apiBase: string;
  serial: string;
  language: 'en' | 'de';
}) {
  const { errors, setErrors, message, setMessage, busy, send } = useFormState<Field>();
  const [photos, setPhotos] = useState<File[]>([]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    setPhotos(files);
    setErrors({ ...errors, photo: photoProblem(files) });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = photoProblem(photos);
    if (problem) {
      setErrors({ photo: problem });
      setMessage({ text: problem, ok: false });
      return;
    }
    const form = new FormData(event.currentTarget);
    form.set('language', language);
    // The chosen photos only: an empty picker would send one empty file.
    form.delete(SERVICE_REQUEST_PHOTO_FIELD);
    for (const photo of photos) form.append(SERVICE_REQUEST_PHOTO_FIELD, photo);
    await send(
      () => postForm(`${apiBase}${apiPaths.unitServiceRequests(serial)}`, form),
      (answer) => (answer.mailed ? T.mailed : T.stored),
      T.failed,
    );
  }

  if (message?.ok)
    return (
      <p className="land-form__done" role="status" data-testid="service-request-sent">
        {message.text}
      </p>
    );
  const { described, error } = fieldMarks('service', errors);
  return (
    <form
      className="land-form"
      onSubmit={submit}
      noValidate
      aria-label={T.send}
      data-testid="service-request-form"
    >
      <p>{T.intro}</p>
      <label htmlFor="service-text">{T.text}</label>
      <textarea
        id="service-text"
        name="text"
        rows={5}
        maxLength={SERVICE_REQUEST_MAX.text}
        {...described('text')}
      />
      {error('text')}
      <label htmlFor="service-photo">{T.photos}</label>
      <input
        id="service-photo"
        name={SERVICE_REQUEST_PHOTO_FIELD}
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        multiple
        onChange={choose}
        {...described('photo')}
      />
      {photos.length > 0 && (
        <ul className="land-form__files">
          {photos.map((file) => (
            <li key={`${file.name}-${file.size}`}>{file.name}</li>
          ))}
        </ul>
      )}
      {error('photo')}
      <TextField
        id="service-name"
        label={T.name}
        error={errors.name}
        name="name"
        autoComplete="name"
        maxLength={SERVICE_REQUEST_MAX.name}
      />
      <TextField
        id="service-email"
        label={T.email}
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={SERVICE_REQUEST_MAX.email}
      />
      <TextField
        id="service-phone"
        label={T.phone}
        error={errors.phone}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={SERVICE_REQUEST_MAX.phone}
      />
      <div className="land-form__trap" aria-hidden="true">
        <label htmlFor="service-website">{T.trap}</label>
        <input id="service-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <FormEnd message={message?.text ?? null} busy={busy} label={T.send} />
    </form>
  );
}

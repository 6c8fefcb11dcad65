import {
  apiPaths,
  CONSENT_TEXTS,
  CONSENT_VERSION,
  REGISTRATION_LINK_HOURS,
  REGISTRATION_MAX,
} from 'contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { fieldMarks, FormEnd, postJson, TextField, useFormState } from './customer-form';
import './land-form.css';

type Field = 'owner' | 'email' | 'country' | 'purchased_on' | 'dealer' | 'consent';
type MailLanguage = 'en' | 'de';

/**
 * The form's words in English and German, as the API's answers are (api/src/modules/registrations); only the
 * consent is in the owner's language, since that is the text stored with the registration.
 */
const T = {
  intro:
    'Register your machine so that we can reach you about safety notices, recalls and warranty. / Registrieren Sie Ihre Maschine, damit wir Sie zu Sicherheitshinweisen, Rückrufen und Garantie erreichen können.',
  owner: 'Name or company / Name oder Firma',
  email: 'E-mail / E-Mail',
  country: 'Country / Land',
  purchasedOn: 'Date of purchase / Kaufdatum',
  dealer: 'Dealer (optional) / Händler (optional)',
  send: 'REGISTER / REGISTRIEREN',
  mailed: `Thank you. We have sent you an e-mail: please confirm your address with its link within ${REGISTRATION_LINK_HOURS} hours. / Vielen Dank. Wir haben Ihnen eine E-Mail gesendet: bitte bestätigen Sie Ihre Adresse innerhalb von ${REGISTRATION_LINK_HOURS} Stunden mit dem Link darin.`,
  stored:
    'Thank you, your machine is registered. No e-mail is sent: the manufacturer does not send mail from this page. / Vielen Dank, Ihre Maschine ist registriert. Es wird keine E-Mail gesendet: der Hersteller versendet von dieser Seite keine E-Mails.',
  confirming: 'Confirming your registration … / Ihre Registrierung wird bestätigt …',
  confirmed: 'Your registration is confirmed. Thank you. / Ihre Registrierung ist bestätigt. Vielen Dank.',
  failed:
    'The registration could not be sent. Please try again later. / Die Registrierung konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  trap: 'Leave this field empty / Dieses Feld leer lassen',
};

/** The countries offered, by ISO 3166-1 code: the EU's, its neighbours' and the largest markets beyond. */
const COUNTRIES = (
  'AT BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK TR UA ' +
  'AU CA CN IN JP US ZA'
).split(' ');

const today = () => new Date().toISOString().slice(0, 10);

/** Sends the confirmation link's token once, then takes it out of the address (a reload must not resend it). */
function useConfirmation(apiBase: string) {
  const [token] = useState(() => /^#confirm=([A-Za-z0-9_-]{1,100})$/.exec(window.location.hash)?.[1] ?? null);
  const [state, setState] = useState<{ text: string; ok: boolean } | null>(
    token ? { text: T.confirming, ok: true } : null,
  );
  useEffect(() => {
    if (!token) return;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    postJson(`${apiBase}${apiPaths.registrationConfirm()}`, { token })
      .then(({ response, answer }) =>
        setState(
          response.ok
            ? { text: T.confirmed, ok: true }
            : { text: answer.error?.message ?? T.failed, ok: false },
        ),
      )
      .catch(() => setState({ text: T.failed, ok: false }));
  }, [apiBase, token]);
  return state;
}

/** The owner's registration of the unit (POST /public/units/{serial}/registration), and its confirmation. */
export function RegistrationForm({
  apiBase,
  serial,
  language,
}: {
  apiBase: string;
  serial: string;
  language: MailLanguage;
}) {
  const { errors, message, busy, send } = useFormState<Field>();
  const confirmation = useConfirmation(apiBase);
  const countryNames = new Intl.DisplayNames([language], { type: 'region' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    await send(
      () =>
        postJson(`${apiBase}${apiPaths.unitRegistration(serial)}`, {
          owner: value('owner'),
          email: value('email'),
          country: value('country'),
          purchased_on: value('purchased_on'),
          dealer: value('dealer'),
          language,
          consent: form.get('consent') === 'yes',
          consent_version: CONSENT_VERSION,
          website: value('website'),
        }),
      (answer) => (answer.mailed ? T.mailed : T.stored),
      T.failed,
    );
  }

  if (confirmation)
    return (
      <p
        className={confirmation.ok ? 'land-form__done' : 'land-form__message'}
        role={confirmation.ok ? 'status' : 'alert'}
        data-testid="registration-confirmation"
      >
        {confirmation.text}
      </p>
    );
  if (message?.ok)
    return (
      <p className="land-form__done" role="status" data-testid="registration-sent">
        {message.text}
      </p>
    );
  const { described, error } = fieldMarks('register', errors);
  return (
    <form
      className="land-form"
      onSubmit={submit}
      noValidate
      aria-label={T.send}
      data-testid="registration-form"
    >
      <p>{T.intro}</p>
      <TextField
        id="register-owner"
        label={T.owner}
        error={errors.owner}
        name="owner"
        autoComplete="organization"
        maxLength={REGISTRATION_MAX.owner}
      />
      <TextField
        id="register-email"
        label={T.email}
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={REGISTRATION_MAX.email}
      />
      <label htmlFor="register-country">{T.country}</label>
      <select
        id="register-country"
        name="country"
        autoComplete="country"
        defaultValue="DE"
        {...described('country')}
      >
        {COUNTRIES.map((code) => [code, countryNames.of(code) ?? code] as const)
          .sort((a, b) => a[1].localeCompare(b[1], language))
          .map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
      </select>
      {error('country')}
      <TextField
        id="register-purchased_on"
        label={T.purchasedOn}
        error={errors.purchased_on}
        name="purchased_on"
        type="date"
        max={today()}
      />
      <TextField
        id="register-dealer"
        label={T.dealer}
        error={errors.dealer}
        name="dealer"
        maxLength={REGISTRATION_MAX.dealer}
      />
      <div className="land-form__trap" aria-hidden="true">
        <label htmlFor="register-website">{T.trap}</label>
        <input id="register-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <label className="land-form__check" htmlFor="register-consent">
        <input id="register-consent" name="consent" type="checkbox" value="yes" {...described('consent')} />
        <span lang={language}>{CONSENT_TEXTS[CONSENT_VERSION][language]}</span>
      </label>
      {error('consent')}
      <FormEnd message={message?.text ?? null} busy={busy} label={T.send} />
    </form>
  );
}

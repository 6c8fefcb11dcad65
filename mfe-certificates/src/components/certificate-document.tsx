import { isHttpUrl, qrUrl, type Certificate } from 'contracts';
import { QRCodeSVG } from 'qrcode.react';
import { formatDate, getConfig, imageUrl } from 'shared-ui';
import { printMessages } from './print-messages';
import {
  LEFT_ROWS,
  RIGHT_ROWS,
  SCAN_LABELS,
  SUBTITLE_LINES,
  TITLE,
  type CertificateRow,
  type Translations,
} from './certificate-rows';
import './certificate-print.css';

/** 100 CSS px, as on the earlier certificate (docs/printed-certificate.md). */
const QR_SIZE = 100;

/** Long values (an article number may have 200 characters) get a smaller type, so the page never overflows. */
function ValueCell({ text, field }: { text: string; field: string }) {
  const size = text.length > 80 ? ' cert-doc__value--xs' : text.length > 24 ? ' cert-doc__value--s' : '';
  return (
    <td className={`cert-doc__value${size}`} data-field={field}>
      {text}
    </td>
  );
}

function Labels({ labels }: { labels: Translations }) {
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

interface PageProps {
  data: Certificate;
  /** The unit's serial, one of the certificate's `serials`. */
  serial: string;
  /** 0 = the customer's copy, 1 = the factory's copy. */
  copy: 0 | 1;
}

/** A revision names itself and the issue it replaces; a replaced revision names when it was replaced. */
function Standing({ data }: { data: Certificate }) {
  const t = printMessages;
  return (
    <>
      {data.revision > 1 && (
        <p className="cert-doc__standing">
          {t.revision(data.revision, formatDate(data.revised_at), formatDate(data.replaces_issued_at))}
        </p>
      )}
      {data.replaced_at && (
        <p className="cert-doc__standing">{t.replaced(formatDate(data.replaced_at), data.revision + 1)}</p>
      )}
    </>
  );
}

/** One A4 page: the certificate of one unit. All text is rendered as text, never as HTML. */
export function CertificatePage({ data, serial, copy }: PageProps) {
  const date = formatDate(data.created_at);
  const qr = qrUrl(getConfig(), { id: data.machine_id, ean: data.ean_number }, serial);
  const value = (row: CertificateRow) => row.value?.(data, serial, date) ?? '';
  const logo = imageUrl(data.brand_image);
  const stamp = data.voided_serials.includes(serial)
    ? printMessages.voidedStamp
    : data.replaced_at && printMessages.replacedStamp;

  return (
    <section className="cert-doc" data-serial={serial} data-copy={copy}>
      {stamp && (
        <p className="cert-doc__stamp" data-testid="print-stamp">
          {stamp}
        </p>
      )}
      <header className="cert-doc__head">
        <div>
          <h2 className="cert-doc__title">{TITLE}</h2>
          {SUBTITLE_LINES.map((line) => (
            <p key={line} className="cert-doc__subtitle">
              {line}
            </p>
          ))}
        </div>
        {logo && <img className="cert-doc__logo" src={logo} alt={data.brand_name} />}
      </header>
      <table className="cert-doc__table">
        <colgroup>
          <col className="cert-doc__col-label" />
          <col className="cert-doc__col-value" />
          <col className="cert-doc__col-gap" />
          <col className="cert-doc__col-label" />
          <col className="cert-doc__col-value" />
        </colgroup>
        <tbody>
          {LEFT_ROWS.map((left, i) => {
            const right = RIGHT_ROWS[i];
            return (
              <tr key={left.key}>
                <th scope="row">
                  <Labels labels={left.labels} />
                </th>
                <ValueCell text={value(left)} field={left.key} />
                <td className="cert-doc__gap" />
                <th scope="row">
                  <Labels labels={right.labels} />
                </th>
                <ValueCell text={value(right)} field={right.key} />
              </tr>
            );
          })}
          <tr>
            <th scope="row">
              <Labels labels={SCAN_LABELS} />
            </th>
            <td className="cert-doc__value cert-doc__qr">
              <QRCodeSVG value={qr} size={QR_SIZE} level="M" title={qr} data-url={qr} />
            </td>
            <td className="cert-doc__gap" colSpan={3} />
          </tr>
        </tbody>
      </table>
      <footer className="cert-doc__links">
        {data.brand_email && <a href={`mailto:${data.brand_email}`}>{data.brand_email}</a>}
        {/* The API accepts only http(s) websites; an older value of another kind prints as plain text. */}
        {isHttpUrl(data.brand_website) ? (
          <a href={data.brand_website}>{data.brand_website}</a>
        ) : (
          <span>{data.brand_website}</span>
        )}
      </footer>
      <Standing data={data} />
      <p className="cert-doc__copy">{printMessages.copies[copy]}</p>
    </section>
  );
}

/** The whole print: for each unit its customer's and factory's copy, 2 pages per unit. */
export function CertificateDocument({ data }: { data: Certificate }) {
  return (
    <div className="cert-doc-pages">
      {data.serials.map((serial) =>
        ([0, 1] as const).map((copy) => (
          <CertificatePage key={`${serial}-${copy}`} data={data} serial={serial} copy={copy} />
        )),
      )}
    </div>
  );
}

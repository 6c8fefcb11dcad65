import { INSTRUCTIONS_MARKING, isHttpUrl, qrUrl, type Certificate } from 'contracts';
import { QRCodeSVG } from 'qrcode.react';
import { formatDate, getConfig, imageUrl } from 'shared-ui';
import { printMessages } from './print-messages';
import {
  DISPATCH_ROW,
  HEAD_LABELS,
  INFO_ROWS,
  pageOf,
  RELEASE_WORDS,
  SCAN_LABELS,
  spellings,
  SUBTITLE_LINES,
  TITLE,
  type Translations,
} from './certificate-rows';
import { releaserText, testerText } from './certificate-record';
import { CertificateResults } from './certificate-results';
import { Labels } from './six-languages';
import { certificateSheets, type Sheet } from './certificate-sheets';
import './certificate-print.css';

/** 100 CSS px, as on the earlier certificate (docs/printed-certificate.md). */
const QR_SIZE = 100;

/** Each different spelling of a word once, in the six languages' order. */

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

/**
 * What the API decided about the unit, on every sheet of it: passed, NICHT BESTANDEN, released by deviation
 * with its reason, or waiting for release. Black on white with a frame (a failure inverted), so a copier keeps it.
 */
function ReleaseBanner({ sheet }: { sheet: Sheet }) {
  const { release, deviation_reason } = sheet.unit;
  return (
    <div className={`cert-doc__release cert-doc__release--${release}`} data-testid="print-release">
      <p className="cert-doc__release-words">{spellings(RELEASE_WORDS[release])}</p>
      {release === 'deviation' && deviation_reason && (
        <p className="cert-doc__release-reason">
          {spellings(RELEASE_WORDS.reason)}: {deviation_reason}
        </p>
      )}
    </div>
  );
}

/** A title in six languages above its value, as the facts of a sheet print. */
function Fact({
  labels,
  field,
  text,
  span,
}: {
  labels: Translations;
  field: string;
  text: string;
  span?: number;
}) {
  return (
    <td colSpan={span}>
      <span className="cert-doc__label">
        <Labels labels={labels} />
      </span>
      <span className="cert-doc__value" data-field={field}>
        {text}
      </span>
    </td>
  );
}

/** The certificate's number, the unit's serial, the issue date and the plan version: at the top of every sheet. */
function HeadFacts({ data, serial }: { data: Certificate; serial: string }) {
  return (
    <table className="cert-doc__table cert-doc__facts">
      <tbody>
        <tr>
          <Fact labels={HEAD_LABELS.number} field="number" text={String(data.id)} />
          <Fact labels={HEAD_LABELS.serial} field="serial" text={serial} />
          <Fact labels={HEAD_LABELS.date} field="date" text={formatDate(data.created_at)} />
          <Fact
            labels={HEAD_LABELS.plan_version}
            field="plan_version"
            text={String(data.test_record.plan_version)}
          />
        </tr>
      </tbody>
    </table>
  );
}

/** The unit's facts, who tested and who released it, and its QR code to the customer page. */
function UnitFacts({ data, sheet }: { data: Certificate; sheet: Sheet }) {
  const qr = qrUrl(getConfig(), { id: data.machine_id, ean: data.ean_number }, sheet.serial);
  const filled: Record<string, string> = {
    checked_by: testerText(data, sheet.unit),
    released_by: releaserText(data, sheet.unit),
  };
  return (
    <table className="cert-doc__table cert-doc__info">
      <colgroup>
        {INFO_ROWS[0].map((row) => (
          <col key={row.key} className="cert-doc__col-info" />
        ))}
        <col className="cert-doc__col-info-qr" />
      </colgroup>
      <tbody>
        {INFO_ROWS.map((pair, i) => (
          <tr key={pair[0].key}>
            {pair.map((row) => (
              <Fact
                key={row.key}
                labels={row.labels}
                field={row.key}
                text={filled[row.key] ?? row.value?.(data, sheet.serial) ?? ''}
              />
            ))}
            {i === 0 && (
              <td className="cert-doc__qr" rowSpan={INFO_ROWS.length}>
                <QRCodeSVG value={qr} size={QR_SIZE} level="M" title={qr} data-url={qr} />
              </td>
            )}
          </tr>
        ))}
        <tr>
          <td className="cert-doc__signature">
            <span className="cert-doc__label">
              <Labels labels={DISPATCH_ROW.labels} />
            </span>
            <span data-field={DISPATCH_ROW.key} />
          </td>
          {/* Right under the code, across the width: two texts in six languages would make its column tall. */}
          <td colSpan={INFO_ROWS[0].length}>
            <p className="cert-doc__scan">
              <Labels labels={SCAN_LABELS} />
            </p>
            {/* Where the instructions are, as the Machinery Regulation asks (docs/decisions/0012-documents.md). */}
            <p className="cert-doc__scan" data-testid="instructions-marking">
              <Labels labels={INSTRUCTIONS_MARKING} />
            </p>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** One A4 sheet of one unit's copy. All text is rendered as text, never as HTML. */
export function CertificateSheet({ data, sheet }: { data: Certificate; sheet: Sheet }) {
  const logo = imageUrl(data.brand_image);
  const { companyName, companyAddress } = getConfig();
  const manufacturer = [companyName, companyAddress].filter(Boolean).join(', ');
  const stamp = data.voided_serials.includes(sheet.serial)
    ? printMessages.voidedStamp
    : data.replaced_at && printMessages.replacedStamp;

  return (
    <section
      className="cert-doc"
      data-serial={sheet.serial}
      data-copy={sheet.copy}
      data-page={sheet.page}
      data-release={sheet.unit.release}
    >
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
          {manufacturer && (
            <p className="cert-doc__maker" data-testid="print-manufacturer">
              <Labels labels={HEAD_LABELS.manufacturer} />: <b>{manufacturer}</b>
            </p>
          )}
        </div>
        {logo && <img className="cert-doc__logo" src={logo} alt={data.brand_name} />}
      </header>
      <HeadFacts data={data} serial={sheet.serial} />
      <ReleaseBanner sheet={sheet} />
      {sheet.page === 1 && <UnitFacts data={data} sheet={sheet} />}
      <CertificateResults results={sheet.results} />
      <footer className="cert-doc__foot">
        <Standing data={data} />
        <div className="cert-doc__links">
          {data.brand_email && <a href={`mailto:${data.brand_email}`}>{data.brand_email}</a>}
          {/* The API accepts only http(s) websites; an older value of another kind prints as plain text. */}
          {isHttpUrl(data.brand_website) ? (
            <a href={data.brand_website}>{data.brand_website}</a>
          ) : (
            <span>{data.brand_website}</span>
          )}
        </div>
        <p className="cert-doc__copy">
          <span data-testid="print-page">{pageOf(sheet.page, sheet.pages).join(' · ')}</span>
          <span>{printMessages.copies[sheet.copy]}</span>
        </p>
      </footer>
    </section>
  );
}

/** The first sheet of the print: the preview of the reprint screen. */
export function FirstSheet({ data }: { data: Certificate }) {
  const [sheet] = certificateSheets(data);
  return sheet ? <CertificateSheet data={data} sheet={sheet} /> : null;
}

/** The whole print: for each unit its customer's and factory's copy, each on as many sheets as its plan needs. */
export function CertificateDocument({ data }: { data: Certificate }) {
  return (
    <div className="cert-doc-pages">
      {certificateSheets(data).map((sheet) => (
        <CertificateSheet key={`${sheet.serial}-${sheet.copy}-${sheet.page}`} data={data} sheet={sheet} />
      ))}
    </div>
  );
}

import { storedImageUrl, type Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { label, type Language } from '../texts';
import { useLazyModule } from '../hooks/use-lazy-module';
import { Greeting } from './greeting';
import { SerialBox, unitStatus } from './serial-box';
import { SerialCheck } from './serial-check';
import { RegistrationSection } from './registration-section';
import { ServiceRequestSection } from './service-request-section';
import { UnitContact } from './unit-contact';
import { UnitNotices } from './unit-notices';

/**
 * The product page in the customer's language: German for German (the English one when there is no German one),
 * English for the others. The page shows one language, so its only product link must not go missing.
 */
const productLink = (landing: Landing, language: Language) =>
  language === 'de' ? landing.link_ger || landing.link_en : landing.link_en;

/**
 * The machine, phone first: the model, the serial with the unit's status and its documents on the first screen;
 * then the photo, smaller, and the greeting letter, which a failed or withdrawn unit does not get.
 */
export function MachineDetails({
  landing,
  config,
  languages,
}: {
  landing: Landing;
  config: LandingConfig;
  languages: readonly Language[];
}) {
  const { name, image, serial } = landing;
  const status = serial && unitStatus(serial);
  // Only a machine with documents loads their section (documents-section.tsx), after the page is shown.
  const documents = useLazyModule(
    landing.documents?.length
      ? () => import(/* webpackChunkName: "documents" */ './documents-section')
      : null,
  );
  // A unit the customer must not simply use (failed, withdrawn, awaiting release, unconfirmed) gets the contact
  // right under its warning; a released one, or the model alone, after its documents.
  const warned = status !== undefined && status !== 'released';
  const contact = <UnitContact landing={landing} config={config} language={languages[0]} />;
  return (
    <article className="land-card">
      <div className="land-info">
        {landing.brand_name && <p className="land-brand">{landing.brand_name}</p>}
        <h1 className="land-title">{name}</h1>
        {landing.notices && <UnitNotices notices={landing.notices} language={languages[0]} />}
        <dl className="land-boxes">
          <div className="land-box">
            <dt>{label(languages, 'model')}</dt>
            <dd>{name}</dd>
          </div>
          {serial && status && <SerialBox value={serial.value} status={status} languages={languages} />}
        </dl>
        {serial && <SerialCheck landing={landing} config={config} languages={languages} />}
        {warned && contact}
        {documents && <documents.default landing={landing} config={config} languages={languages} />}
        {/* Only a released unit can be registered by its owner (api/src/modules/registrations). */}
        {status === 'released' && (
          <RegistrationSection landing={landing} config={config} languages={languages} />
        )}
        {/* Service for any unit issued to a customer, withdrawn since or not (api/src/modules/service-requests). */}
        {(status === 'released' || status === 'withdrawn') && (
          <ServiceRequestSection landing={landing} config={config} languages={languages} />
        )}
        {!warned && contact}
      </div>
      {image && (
        // The square frame is there before the photo arrives, so nothing moves when it does.
        <div className="land-photo">
          <img src={storedImageUrl(config.apiBase, image)} width={600} height={600} alt={name} />
        </div>
      )}
      {status !== 'failed' && status !== 'withdrawn' && (
        <div className="land-letters" data-testid="letters">
          {languages.map((language) => (
            <Greeting
              key={language}
              lang={language}
              name={name}
              config={config}
              link={productLink(landing, language)}
              brand={landing}
              congratulate={!serial || serial.verified}
            />
          ))}
        </div>
      )}
    </article>
  );
}

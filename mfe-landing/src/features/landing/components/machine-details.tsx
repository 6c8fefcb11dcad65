import { storedImageUrl, type Landing } from 'contracts';
import type { LandingConfig } from '../config';
import { label, type Language } from '../texts';
import { useLazyModule } from '../hooks/use-lazy-module';
import { Greeting } from './greeting';
import { SerialBox } from './serial-box';
import { SerialCheck } from './serial-check';

/** The product page in the customer's language; English for the other languages, German for German. */
const productLink = (landing: Landing, language: Language) =>
  language === 'de' ? landing.link_ger : landing.link_en;

/** The machine: photo, model, the serial and whether it is genuine, the greeting per language. */
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
  // Only a machine with documents loads their section (documents-section.tsx), after the page is shown.
  const documents = useLazyModule(
    landing.documents?.length
      ? () => import(/* webpackChunkName: "documents" */ './documents-section')
      : null,
  );
  return (
    <article className="land-card">
      {image && (
        // The square frame is there before the photo arrives, so nothing moves when it does.
        <div className="land-photo">
          <img
            src={storedImageUrl(config.apiBase, image)}
            width={600}
            height={600}
            alt={name}
            fetchPriority="high"
          />
        </div>
      )}
      <div className="land-info">
        <dl className="land-boxes">
          <div className="land-box">
            <dt>{label(languages, 'model')}</dt>
            <dd>{name}</dd>
          </div>
          {serial && (
            <SerialBox
              value={serial.value}
              verified={serial.verified}
              withdrawn={serial.withdrawn}
              languages={languages}
            />
          )}
        </dl>
        {serial && <SerialCheck landing={landing} config={config} languages={languages} />}
        {landing.brand_name && <p className="land-brand">{landing.brand_name}</p>}
        <h1 className="land-title">{name}</h1>
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
        {documents && <documents.default landing={landing} config={config} languages={languages} />}
      </div>
    </article>
  );
}

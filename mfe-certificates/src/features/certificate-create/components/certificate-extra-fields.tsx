import { OBSERVATIONS, ORIGINS } from 'contracts';
import { useT } from 'shared-ui';
import { certificateCatalogs } from '../../../catalogs';
import { Field } from '../../../components/field';
import type { CertificateFormValues } from '../certificate-form';

interface ExtraFieldsProps {
  values: CertificateFormValues;
  update: (patch: Partial<CertificateFormValues>) => void;
}

/** Remarks, the machine's circuit-board flag (read only) and the origin. */
export function CertificateExtraFields({ values, update }: ExtraFieldsProps) {
  const t = useT(certificateCatalogs);
  const board = values.machine?.electronic_circuit_board;
  return (
    <div className="cert-create__extra">
      <Field id="cert-observation" label={t('create.observation')}>
        <select
          id="cert-observation"
          className="sui-input"
          value={values.observation}
          onChange={(event) =>
            update({ observation: event.target.value as CertificateFormValues['observation'] })
          }
        >
          {OBSERVATIONS.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </Field>
      <div className="sui-field" role="group" aria-labelledby="cert-board-label">
        <span id="cert-board-label" className="cert-create__group-label">
          {t('create.circuitBoard')}
        </span>
        {/* Read only: the flag belongs to the machine and is copied into the certificate by the server. */}
        <div className="cert-create__board">
          <label>
            <input type="checkbox" checked={board === 1} disabled readOnly /> {t('create.yes')}
          </label>
          <label>
            <input type="checkbox" checked={board === 0} disabled readOnly /> {t('create.no')}
          </label>
        </div>
      </div>
      <Field id="cert-origin" label={t('create.origin')}>
        <select
          id="cert-origin"
          className="sui-input"
          value={values.origin}
          onChange={(event) => update({ origin: event.target.value as CertificateFormValues['origin'] })}
        >
          {ORIGINS.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </Field>
    </div>
  );
}

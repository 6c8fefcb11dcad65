import { OBSERVATIONS, ORIGINS } from 'contracts';
import { Field } from '../../../components/field';
import { certMessages } from '../../../messages';
import type { CertificateFormValues } from '../certificate-form';

const t = certMessages.create;

interface ExtraFieldsProps {
  values: CertificateFormValues;
  update: (patch: Partial<CertificateFormValues>) => void;
}

/** Remarks, the machine's circuit-board flag (read only) and the origin. */
export function CertificateExtraFields({ values, update }: ExtraFieldsProps) {
  const board = values.machine?.electronic_circuit_board;
  return (
    <div className="cert-create__extra">
      <Field id="cert-observation" label={t.observation}>
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
          {t.circuitBoard}
        </span>
        {/* Read only: the flag belongs to the machine and is copied into the certificate by the server. */}
        <div className="cert-create__board">
          <label>
            <input type="checkbox" checked={board === 1} disabled readOnly /> {t.yes}
          </label>
          <label>
            <input type="checkbox" checked={board === 0} disabled readOnly /> {t.no}
          </label>
        </div>
      </div>
      <Field id="cert-origin" label={t.origin}>
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

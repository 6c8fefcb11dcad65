import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { labelMessages } from '../label-messages';
import { useLabelPreset } from '../hooks/use-label-preset';
import { CertificatePicker } from './certificate-picker';
import { MachinePicker } from './machine-picker';
import { ProductLabels } from './product-labels';
import { SerialLabels } from './serial-labels';
import '../../../styles/remote.css';
import './labels.css';

type Kind = 'serial' | 'product';

/** A database id from the address, or null for anything else. */
function idParam(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * `/labels`, opened in a new tab by ETIKETTEN DRUCKEN: serial labels for a certificate
 * (`?certificate=<id>`, also linked from the list) or product labels for a machine (`?machine=<id>`).
 * The session comes from this origin's storage; the address carries only these ids.
 */
export default function LabelsPage() {
  const [params, setParams] = useSearchParams();
  const certificateId = idParam(params.get('certificate'));
  const machineId = idParam(params.get('machine'));
  const [chosenKind, setChosenKind] = useState<Kind>('serial');
  // The address wins, so Back and Forward between a certificate and a machine show the matching kind.
  const kind: Kind = certificateId !== null ? 'serial' : machineId !== null ? 'product' : chosenKind;
  const [preset, choosePreset] = useLabelPreset();

  const chooseKind = (next: Kind) => {
    if (next === kind) return;
    setChosenKind(next);
    setParams({});
  };

  return (
    <div className="cert-screen cert-labels" data-testid="labels">
      <h1 className="cert-title">{labelMessages.title}</h1>
      <div className="cert-labels-kinds" role="group" aria-label={labelMessages.kind}>
        {(
          [
            ['serial', labelMessages.serialKind],
            ['product', labelMessages.productKind],
          ] as const
        ).map(([value, text]) => (
          <button
            key={value}
            type="button"
            className={value === kind ? 'sui-button' : 'sui-button sui-button--secondary'}
            aria-pressed={value === kind}
            onClick={() => chooseKind(value)}
          >
            {text}
          </button>
        ))}
      </div>
      {kind === 'serial' ? (
        <>
          <CertificatePicker
            selectedId={certificateId}
            onPick={(id) => setParams({ certificate: String(id) })}
          />
          {certificateId === null ? (
            <p className="cert-note">{labelMessages.nothingChosen}</p>
          ) : (
            <SerialLabels id={certificateId} preset={preset} onPreset={choosePreset} />
          )}
        </>
      ) : (
        <>
          <MachinePicker selectedId={machineId} onPick={(id) => setParams({ machine: String(id) })} />
          {machineId === null ? (
            <p className="cert-note">{labelMessages.nothingChosen}</p>
          ) : (
            <ProductLabels id={machineId} preset={preset} onPreset={choosePreset} />
          )}
        </>
      )}
    </div>
  );
}

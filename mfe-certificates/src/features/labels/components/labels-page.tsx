import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CertificateSummary, MachineListItem } from 'contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDay, machinesQuery, useT } from 'shared-ui';
import { useCertificates } from '../../../api/get-certificates';
import { certificateCatalogs, type Translate } from '../../../catalogs';
import { useLabelPreset } from '../hooks/use-label-preset';
import { Picker, type PickerQuery } from './picker';
import { ProductLabels } from './product-labels';
import { SerialLabels } from './serial-labels';
import '../../../styles/remote.css';
import './labels.css';

type Kind = 'serial' | 'product';

const listQuery = ({ search, ...page }: PickerQuery) => ({ ...page, ...(search && { search }) });

/** Newest first; finds an article number, a month's serial part or any unit serial in a range. */
const useCertificateSearch = (query: PickerQuery) => useCertificates(listQuery(query));

/** The previous results stay while a new search or page loads, so the list does not jump. */
const useMachineSearch = (query: PickerQuery) =>
  useQuery({ ...machinesQuery(listQuery(query)), placeholderData: keepPreviousData });

/** Certificates by article number or any unit serial; before a search the newest ones. */
const certificatePicker = (t: Translate) => ({
  label: t('labels.certificateSearch'),
  placeholder: t('labels.certificatePlaceholder'),
  caption: t('labels.certificates'),
  headers: [t('labels.article'), t('labels.serials'), t('labels.quantity'), t('labels.date')],
  empty: t('labels.noCertificates'),
  none: t('labels.noCertificatesYet'),
  useSearch: useCertificateSearch,
  toRow: (certificate: CertificateSummary) => ({
    id: certificate.id,
    name: `${certificate.machine_name} ${certificate.first_serial}`,
    cells: [
      certificate.machine_name,
      certificate.quantity > 1
        ? `${certificate.first_serial} – ${certificate.last_serial}`
        : certificate.first_serial,
      String(certificate.quantity),
      formatDay(certificate.created_at),
    ],
  }),
});

/** Machines for product labels by article number or EAN. */
const machinePicker = (t: Translate) => ({
  label: t('labels.machineSearch'),
  placeholder: t('labels.machinePlaceholder'),
  caption: t('labels.machines'),
  headers: [t('labels.article'), t('labels.brand'), t('labels.ean')],
  empty: t('labels.noMachines'),
  none: t('labels.noMachinesYet'),
  useSearch: useMachineSearch,
  toRow: (machine: MachineListItem) => ({
    id: machine.id,
    name: machine.name,
    cells: [machine.name, machine.brand_name, machine.ean_number],
  }),
});

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
  const t = useT(certificateCatalogs);
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
      <h1 className="cert-title">{t('labels.title')}</h1>
      <div className="cert-labels-kinds" role="group" aria-label={t('labels.kind')}>
        {(
          [
            ['serial', t('labels.serialKind')],
            ['product', t('labels.productKind')],
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
          <Picker
            key="serial"
            {...certificatePicker(t)}
            selectedId={certificateId}
            onPick={(id) => setParams({ certificate: String(id) })}
          />
          {certificateId === null ? (
            <p className="cert-note">{t('labels.nothingChosen')}</p>
          ) : (
            <SerialLabels id={certificateId} preset={preset} onPreset={choosePreset} />
          )}
        </>
      ) : (
        <>
          <Picker
            key="product"
            {...machinePicker(t)}
            selectedId={machineId}
            onPick={(id) => setParams({ machine: String(id) })}
          />
          {machineId === null ? (
            <p className="cert-note">{t('labels.nothingChosen')}</p>
          ) : (
            <ProductLabels id={machineId} preset={preset} onPreset={choosePreset} />
          )}
        </>
      )}
    </div>
  );
}

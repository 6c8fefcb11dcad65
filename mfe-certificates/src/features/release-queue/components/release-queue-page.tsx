import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, queryKeys, staffUrls, type QueuedUnit } from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  ConfirmDialog,
  DataTable,
  decimalSeparator,
  formatDayTime,
  LoadError,
  Spinner,
  useT,
  type ColumnDef,
} from 'shared-ui';
import { unitQueryKeyPrefix } from '../../../api/get-unit';
import { releaseCertificate, releaseRefusal } from '../../../api/release-certificate';
import { certificateCatalogs, type Translate } from '../../../catalogs';
import { stepLimit, stepTitle } from '../../../components/test-entry/step-entry';
import { releaseQueueQueryKey, useReleaseQueue } from '../api/get-release-queue';
import { releaseMany, type ReleaseOutcome } from '../release-many';
import '../../../styles/remote.css';
import '../../../styles/lifecycle.css';
import '../release-queue.css';

/** A measured value as typed, in the language's decimal form ("5,0" reads "5.0" in English). */
const valueText = (value: string, unit: string) =>
  value ? `${value.replace(/[.,]/, decimalSeparator())}${unit ? ` ${unit}` : ''}` : '–';

/** Each measured value beside its limit: what the releaser looks at before releasing. */
function Measured({ unit, t }: { unit: QueuedUnit; t: Translate }) {
  if (unit.measured.length === 0) return <span className="cert-note">{t('queue.noMeasured')}</span>;
  return (
    <dl className="rq-values">
      {unit.measured.map(({ step, value }) => (
        <div key={step.key} className="rq-values__row">
          <dt>{stepTitle(step)}</dt>
          <dd>
            <b>{valueText(value, step.unit)}</b>{' '}
            <span className="rq-values__limit">{t('queue.limit', { limit: stepLimit(step) })}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const columns = (
  t: Translate,
  chosen: ReadonlyMap<string, QueuedUnit>,
  toggle: (unit: QueuedUnit, on: boolean) => void,
): ColumnDef<QueuedUnit, unknown>[] => [
  {
    id: 'choose',
    header: t('queue.choose'),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="rq-choose"
        aria-label={t('queue.chooseUnit', { serial: row.original.serial })}
        checked={chosen.has(row.original.serial)}
        onChange={(event) => toggle(row.original, event.target.checked)}
      />
    ),
  },
  {
    id: 'serial',
    header: t('queue.serial'),
    cell: ({ row }) => <Link to={staffUrls.unit(row.original.serial)}>{row.original.serial}</Link>,
  },
  {
    id: 'machine',
    header: t('list.article'),
    cell: ({ row }) => (
      <>
        {row.original.machine_name}
        <span className="rq-detail">
          <Link to={staffUrls.certificateDetail(row.original.certificate_id)}>
            {t('queue.certificate', { number: row.original.certificate_id })}
          </Link>
          {' · '}
          {t('queue.planVersion', { version: row.original.plan_version })}
        </span>
      </>
    ),
  },
  { id: 'measured', header: t('queue.measured'), cell: ({ row }) => <Measured unit={row.original} t={t} /> },
  {
    id: 'tested',
    header: t('list.checkedBy'),
    cell: ({ row }) => (
      <>
        {row.original.tested_by_name}
        <span className="rq-detail">{formatDayTime(row.original.tested_at)}</span>
      </>
    ),
  },
];

/** What the last release did to each chosen unit: released, or refused and why. */
function Outcomes({ outcomes, t }: { outcomes: ReleaseOutcome[]; t: Translate }) {
  const released = outcomes.filter((outcome) => outcome.released).length;
  return (
    <section className="cert-panel rq-outcomes" aria-labelledby="rq-outcomes" role="status">
      <h2 id="rq-outcomes" className="cert-panel__title">
        {t('queue.outcome', { released, refused: outcomes.length - released })}
      </h2>
      <ul>
        {outcomes.map((outcome) => (
          <li key={outcome.serial} className={outcome.released ? undefined : 'rq-outcomes__refused'}>
            <b>{outcome.serial}</b>:{' '}
            {outcome.released ? t('queue.unitReleased') : t('queue.unitRefused', { reason: outcome.reason })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Tab „Zur Freigabe": the units that passed and wait for a second person's release, the longest waiting first,
 * with their measured values against the limits of the plan version they were tested against. Chosen units are
 * released through their certificates' release (docs/decisions/0010-test-record.md), and the screen says for each
 * unit whether it was released or refused and why.
 */
export default function ReleaseQueuePage() {
  const t = useT(certificateCatalogs);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const queue = useReleaseQueue({ page, per_page: pageSize });
  const [chosen, setChosen] = useState<ReadonlyMap<string, QueuedUnit>>(new Map());
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<ReleaseOutcome[]>([]);

  const toggle = (unit: QueuedUnit, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(unit.serial, unit);
      else next.delete(unit.serial);
      return next;
    });
  const rows = queue.data?.data ?? [];
  const allOnPage = rows.length > 0 && rows.every((unit) => chosen.has(unit.serial));
  const chooseAllOnPage = () => {
    for (const unit of rows) toggle(unit, !allOnPage);
  };

  const release = async () => {
    const units = [...chosen.values()];
    setBusy(true);
    const done = await releaseMany(
      units,
      (id, serials) => releaseCertificate(id, { serials }),
      (error) => releaseRefusal(error, t),
    );
    setOutcomes(done);
    setChosen(new Map());
    setAsking(false);
    setBusy(false);
    // Everything that shows a unit's release is stale now, the released certificates' pages too.
    for (const queryKey of [
      releaseQueueQueryKey,
      queryKeys.certificates,
      unitQueryKeyPrefix,
      ...[...new Set(units.map((unit) => unit.certificate_id))].map(queryKeys.certificate),
    ])
      void queryClient.invalidateQueries({ queryKey });
  };

  if (queue.isPending) return <Spinner />;
  if (queue.isError)
    return (
      <LoadError
        message={apiErrorMessage(queue.error) ?? t('queue.failed')}
        onRetry={() => void queue.refetch()}
      />
    );
  const serials = [...chosen.keys()];
  return (
    <div className="cert-screen rq" data-testid="release-queue">
      <p className="cert-note">{t('queue.intro')}</p>
      {outcomes.length > 0 && <Outcomes outcomes={outcomes} t={t} />}
      {queue.data.total === 0 ? (
        <p className="rq-empty">{t('queue.empty')}</p>
      ) : (
        <>
          <div className="cert-toolbar cert-toolbar--start rq-toolbar">
            <button type="button" className="sui-button sui-button--secondary" onClick={chooseAllOnPage}>
              {allOnPage ? t('queue.clearPage') : t('queue.choosePage')}
            </button>
            <button
              type="button"
              className="sui-button"
              disabled={serials.length === 0 || busy}
              onClick={() => setAsking(true)}
            >
              {t('queue.releaseChosen', { count: serials.length })}
            </button>
          </div>
          <DataTable
            label={t('queue.table')}
            columns={columns(t, chosen, toggle)}
            data={rows}
            total={queue.data.total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            loading={queue.isPlaceholderData}
            getRowId={(unit) => unit.serial}
          />
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('release.releaseTitle')}
        message={t('release.releaseQuestion', { count: serials.length, serials: serials.join(', ') })}
        confirmLabel={t('release.releaseButton')}
        cancelLabel={t('release.cancel')}
        busy={busy}
        onConfirm={() => void release()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { allows, staffUrls } from 'contracts';
import { meQuery } from 'shared-ui';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';

/** Label–value pairs of a certificate or unit, as a description list that wraps into columns. */
export function Facts({ rows }: { rows: [term: string, value: ReactNode][] }) {
  return (
    <dl className="cert-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The print and label links of a certificate; the labels open in a new tab, as the header's ETIKETTEN do. */
export function PrintLinks({ id, print, labels }: { id: number; print: string; labels: string }) {
  // Anyone may reprint; labels are the inspector's.
  const canPrintLabels = allows(useQuery(meQuery).data?.roles ?? [], 'certify');
  return (
    <>
      <Link className="sui-button" to={staffUrls.certificatePrint(id)}>
        {print}
      </Link>
      {canPrintLabels && (
        <Link className="sui-button" to={staffUrls.labels(id)} target="_blank" rel="noopener noreferrer">
          {labels}
        </Link>
      )}
    </>
  );
}

import { DataTable, messages, type ColumnDef } from 'shared-ui';
import type { CertificateListItem } from 'contracts';
import { DEFAULT_PAGE_SIZE } from 'contracts';
import { useState } from 'react';
import '../../../styles/remote.css';

const columns: ColumnDef<CertificateListItem, unknown>[] = [
  { id: 'pos', header: 'POS.', accessorKey: 'pos' },
  { id: 'machine_type', header: 'ARTIKELNUMMER', accessorKey: 'machine_type' },
  { id: 'serial_no', header: 'START SERIENNUMMER', accessorKey: 'serial_no' },
  { id: 'endSerialNo', header: 'END SERIENNUMMER', accessorKey: 'endSerialNo' },
  { id: 'checked_by', header: 'GEPRÜFT VON', accessorKey: 'checked_by' },
  { id: 'crowd', header: 'MENGE', accessorKey: 'crowd' },
  { id: 'created_at', header: 'DATUM', accessorKey: 'created_at' },
];

/** Tab "Daten" (spec §2). Placeholder until the certificate list issue connects it to GET /certificates. */
export default function CertificateListPage() {
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  return (
    <div className="cert-screen" data-testid="certificate-list">
      <div className="cert-toolbar">
        <input
          className="sui-input"
          type="search"
          placeholder={messages.search}
          aria-label={messages.search}
        />
      </div>
      <DataTable<CertificateListItem>
        label="Prüfberichte"
        columns={columns}
        data={[]}
        total={0}
        page={1}
        pageSize={pageSize}
        onPageChange={() => {}}
        onPageSizeChange={setPageSize}
      />
    </div>
  );
}

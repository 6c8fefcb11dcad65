import type { MachineListItem } from 'contracts';
import { DEFAULT_PAGE_SIZE } from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, messages, type ColumnDef } from 'shared-ui';
import '../../../styles/remote.css';

const columns: ColumnDef<MachineListItem, unknown>[] = [
  { id: 'pos', header: 'POS.', accessorKey: 'pos' },
  { id: 'name', header: 'ARTIKELNUMMER', accessorKey: 'name' },
  { id: 'brand_name', header: 'MARKE', accessorKey: 'brand_name' },
  { id: 'ean_number', header: 'EAN-NUMMER', accessorKey: 'ean_number', enableSorting: false },
  { id: 'created_at', header: 'ERSTELLUNGSDATUM', accessorKey: 'created_at' },
  {
    id: 'action',
    header: 'AKTION',
    enableSorting: false,
    cell: ({ row }) => <Link to={`/machines/${row.original.id}`}>Bearbeiten</Link>,
  },
];

/** Tab "Bearbeiten" (spec §2). Placeholder until the machine issue connects it to GET /machines. */
export default function MachineListPage() {
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  return (
    <div className="mach-screen" data-testid="machine-list">
      <div className="mach-toolbar">
        <Link to="/machines" className="sui-button">
          + HINZUFÜGEN
        </Link>
        <span className="mach-toolbar__spacer" />
        <input
          className="sui-input"
          type="search"
          placeholder={messages.search}
          aria-label={messages.search}
        />
      </div>
      <DataTable<MachineListItem>
        label="Maschinen"
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

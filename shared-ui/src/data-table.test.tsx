import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable as LazyDataTable, type ColumnDef } from './data-table';
import DataTable from './data-table-impl';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'pos', header: 'POS.', accessorKey: 'id' },
  { id: 'name', header: 'ARTIKELNUMMER', accessorKey: 'name' },
  { id: 'action', header: 'AKTION', enableSorting: false, cell: () => 'Bearbeiten' },
];
const rows: Row[] = [
  { id: 1, name: 'AirMAB 5000' },
  { id: 2, name: 'BDS 100' },
];

function setup(overrides: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const spies = {
    onPageChange: jest.fn<(page: number) => void>(),
    onPageSizeChange: jest.fn<(size: number) => void>(),
    onSortChange: jest.fn<(sort: unknown) => void>(),
  };
  render(
    <DataTable<Row>
      columns={columns}
      data={rows}
      total={57}
      page={2}
      pageSize={10}
      {...spies}
      {...overrides}
    />,
  );
  return spies;
}

describe('DataTable', () => {
  it('renders the page it is given with the German pagination texts', () => {
    setup();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('AirMAB 5000')).toBeInTheDocument();
    expect(screen.getByLabelText('ZEILEN PRO SEITE:')).toHaveValue('10');
    expect(screen.getByText('11-20 VON 57')).toBeInTheDocument();
  });

  it('offers the page sizes 10, 15, 20, 25, 30 and reports a change', async () => {
    const props = setup();
    const select = screen.getByLabelText('ZEILEN PRO SEITE:');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '15', '20', '25', '30']);
    await userEvent.selectOptions(select, '25');
    expect(props.onPageSizeChange).toHaveBeenCalledWith(25);
  });

  it('pages through the server pages', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await userEvent.click(screen.getByRole('button', { name: 'Letzte Seite' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vorherige Seite' }));
    await userEvent.click(screen.getByRole('button', { name: 'Erste Seite' }));
    expect(props.onPageChange.mock.calls).toEqual([[3], [6], [1], [1]]);
  });

  it('disables paging past the ends', () => {
    setup({ page: 1, total: 5 });
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    expect(screen.getByText('1-5 VON 5')).toBeInTheDocument();
  });

  it('asks the server to sort, toggling the direction, and marks the sorted column', async () => {
    const props = setup({ sort: { id: 'name', desc: false } });
    expect(screen.getByRole('columnheader', { name: /ARTIKELNUMMER/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: /ARTIKELNUMMER/ }));
    expect(props.onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    await userEvent.click(screen.getByRole('button', { name: /POS\./ }));
    expect(props.onSortChange).toHaveBeenLastCalledWith({ id: 'pos', desc: false });
    expect(screen.queryByRole('button', { name: /AKTION/ })).not.toBeInTheDocument();
  });

  it('shows the empty and the loading state', () => {
    const { unmount } = render(
      <DataTable<Row>
        columns={columns}
        data={[]}
        total={0}
        page={1}
        pageSize={10}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
      />,
    );
    expect(screen.getByText('There are no records to display')).toBeInTheDocument();
    expect(screen.getByText('0-0 VON 0')).toBeInTheDocument();
    unmount();
    setup({ data: [], total: 0, loading: true });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});

describe('DataTable (lazy)', () => {
  it('loads the table on first use', async () => {
    render(
      <LazyDataTable<Row>
        columns={columns}
        data={rows}
        total={2}
        page={1}
        pageSize={10}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
      />,
    );
    expect(await screen.findByText('AirMAB 5000')).toBeInTheDocument();
  });
});

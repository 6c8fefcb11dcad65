import { labelMessages } from '../label-messages';

export interface SearchResultsProps {
  caption: string;
  headers: string[];
  /** `name` tells the rows' choose buttons apart for screen readers. */
  rows: { id: number; name: string; cells: string[] }[];
  total: number;
  empty: string;
  selectedId: number | null;
  onPick: (id: number) => void;
}

/** A short result list with one choose button per row; the chosen row is marked. */
export function SearchResults({
  caption,
  headers,
  rows,
  total,
  empty,
  selectedId,
  onPick,
}: SearchResultsProps) {
  if (rows.length === 0) return <p className="cert-note">{empty}</p>;
  return (
    <div className="cert-labels-results">
      <table>
        <caption className="sui-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            <th scope="col">
              <span className="sui-visually-hidden">{labelMessages.choose}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const selected = row.id === selectedId;
            return (
              <tr key={row.id} className={selected ? 'cert-labels-results__chosen' : undefined}>
                {row.cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
                <td>
                  <button
                    type="button"
                    className={selected ? 'sui-button' : 'sui-button sui-button--secondary'}
                    aria-pressed={selected}
                    aria-label={`${labelMessages.choose}: ${row.name}`}
                    onClick={() => onPick(row.id)}
                  >
                    {selected ? labelMessages.chosen : labelMessages.choose}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {total > rows.length && <p className="cert-note">{labelMessages.moreResults(rows.length, total)}</p>}
    </div>
  );
}

import { apiPaths, type DocumentKind, type DocumentVersion, type UnitDocument } from 'contracts';
import type { DocumentRow } from './documents.repository';

/** Versions grouped by kind and language, each group ordered by the day it applies from. */
function byKindAndLanguage(rows: DocumentRow[]): DocumentRow[][] {
  const groups = new Map<string, DocumentRow[]>();
  for (const row of rows) {
    const key = `${row.kind}/${row.language}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => group.sort((a, b) => a.valid_from.localeCompare(b.valid_from)));
}

/** The staff list: every version, with the one that superseded it. */
export function staffVersions(rows: DocumentRow[]): DocumentVersion[] {
  return byKindAndLanguage(rows).flatMap((group) =>
    group.map((row, k) => ({
      id: row.id,
      machine_id: row.machine_id,
      kind: row.kind as DocumentKind,
      language: row.language,
      valid_from: row.valid_from,
      size: row.size,
      sha256: row.sha256,
      file_name: row.file_name,
      created_at: row.created_at,
      superseded_by: group[k + 1]?.id ?? null,
    })),
  );
}

const href = (row: DocumentRow) => apiPaths.documentFile(row.id, row.file_name);

/**
 * What a customer sees per kind and language: the version in force on `day` (the unit's issue day, or today
 * without a unit), and the newest one marked as newer when it differs. Versions that apply only from after
 * `today` are not shown yet. When nothing applied on `day` (the document came later), the first version is
 * the unit's.
 */
export function unitDocuments(rows: DocumentRow[], day: string, today: string): UnitDocument[] {
  return byKindAndLanguage(rows.filter((row) => row.valid_from <= today)).flatMap((group) => {
    const inForce = group.filter((row) => row.valid_from <= day).at(-1) ?? group[0];
    const newest = group.at(-1)!;
    return [
      {
        kind: inForce.kind as DocumentKind,
        language: inForce.language,
        id: inForce.id,
        valid_from: inForce.valid_from,
        size: inForce.size,
        href: href(inForce),
        ...(newest.id !== inForce.id && {
          newer: { id: newest.id, valid_from: newest.valid_from, size: newest.size, href: href(newest) },
        }),
      },
    ];
  });
}

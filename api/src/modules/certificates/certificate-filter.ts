import { berlinDayStart, berlinIsoDate, type CertificateFilterQuery } from 'contracts';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { searchKey } from '../../text';
import type { BrandsRepository } from '../brands/brands.repository';
import type { MachinesRepository } from '../machines/machines.repository';
import type { CertificateFilter } from './certificate-list.repository';

/**
 * The certificate number a search names: digits as printed („Prüfbericht Nr. 7“), optionally after „Nr.“ or
 * „#“; at most nine digits, so it fits every database's integer (a whole serial is ten and is a unit's).
 */
export function certificateNumberIn(search: string | undefined): number | undefined {
  const digits = /^(?:nr\.?\s*|#\s*)?(\d{1,9})$/i.exec(search ?? '')?.[1];
  return digits === undefined || Number(digits) === 0 ? undefined : Number(digits);
}

/** The day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => berlinIsoDate(new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000));

/** Refuses a filter with a German message naming each field that is wrong; `fields` maps field to problem. */
function refuseFilter(fields: Record<string, string>) {
  const problems = Object.values(fields);
  if (problems.length)
    throw badRequest(problems.length === 1 ? problems[0].replace(/\.?$/, '.') : messages.checkFilter, fields);
}

/** Builds the list's and the export's filter from a request, and names what is wrong with one. */
export function certificateFilters({
  machines,
  brands,
}: {
  machines: Pick<MachinesRepository, 'get'>;
  brands: Pick<BrandsRepository, 'get'>;
}) {
  /** The filter's brand and machine that do not exist, as field problems. */
  async function unknownIn({ brand_id, machine_id }: Pick<CertificateFilter, 'brand_id' | 'machine_id'>) {
    const fields: Record<string, string> = {};
    if (brand_id !== undefined && !(await brands.get(brand_id)))
      fields.brand_id = messages.filterBrandUnknown;
    if (machine_id !== undefined && !(await machines.get(machine_id)))
      fields.machine_id = messages.filterMachineUnknown;
    return fields;
  }

  return {
    /** A filter that matched nothing: a brand or machine that does not exist is refused, naming the field. */
    async assertKnown(filter: CertificateFilter) {
      refuseFilter(await unknownIn(filter));
    },

    /**
     * The filter of a list or export request as the repository takes it; a day that does not exist or an
     * inverted range is refused with a message naming it (and the brand or machine, if they do not exist
     * either). Whether they exist is otherwise asked only of a filter that matched nothing (assertKnown): a
     * filter that found certificates names ones that exist.
     */
    async of(query: CertificateFilterQuery & { search?: string }): Promise<CertificateFilter> {
      const fields: Record<string, string> = {};
      const start = query.from === undefined ? undefined : berlinDayStart(query.from);
      const end = query.to === undefined ? undefined : berlinDayStart(query.to);
      if (query.from !== undefined && !start) fields.from = messages.filterDayInvalid;
      if (query.to !== undefined && !end) fields.to = messages.filterDayInvalid;
      else if (start && end && end < start) fields.to = messages.filterRangeInverted;
      if (Object.keys(fields).length) refuseFilter({ ...fields, ...(await unknownIn(query)) });
      const checker = query.checked_by?.trim();
      const search = query.search?.trim();
      return {
        created_from: start?.toISOString(),
        created_before: end && query.to ? berlinDayStart(nextDay(query.to))!.toISOString() : undefined,
        brand_id: query.brand_id,
        machine_id: query.machine_id,
        checker_key: checker ? searchKey(checker) : undefined,
        status: query.status,
        verdict: query.verdict,
        search: search || undefined,
        search_number: certificateNumberIn(search),
      };
    },
  };
}

export type CertificateFilters = ReturnType<typeof certificateFilters>;

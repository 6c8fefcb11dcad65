import type { MachineListQuery } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { pageOf, withPositions } from '../../paging';
import type { AuditService } from '../audit/audit.service';
import type { BrandsRepository } from '../brands/brands.repository';
import type { UploadsService } from '../uploads/uploads.service';
import { machineEditing } from './machine-editing';
import type { MachinesRepository } from './machines.repository';

/** The machine catalogue: its reads here, adding and changing a machine in machine-editing.ts. */
export function machinesService(
  { machines, brands }: { machines: MachinesRepository; brands: Pick<BrandsRepository, 'get'> },
  uploads: Pick<UploadsService, 'pathError'>,
  audit: Pick<AuditService, 'record'>,
) {
  async function get(id: number) {
    const machine = await machines.get(id);
    if (!machine) throw notFound(messages.machineNotFound);
    return machine;
  }

  return {
    get,

    ...machineEditing({ machines, brands, uploads, audit, get }),

    /** Searched and sorted over the whole catalogue; `pos` is the row's place in that order. */
    async list(request: MachineListQuery) {
      const { limit, offset } = pageOf(request);
      const sort = request.sort ?? 'pos';
      const order = request.order ?? 'asc';
      const search = request.search?.trim() ?? '';
      const { rows, total } = await machines.list({ search, sort, order, limit, offset });
      const byPositionDescending = sort === 'pos' && order === 'desc';
      return { total, data: withPositions(rows, { byPositionDescending, total, offset }) };
    },

    /** The machines the certificate form offers for a brand. */
    async listByBrand(brandId: number) {
      if (!(await brands.get(brandId))) throw notFound(messages.brandNotFound);
      return machines.listByBrand(brandId);
    },
  };
}

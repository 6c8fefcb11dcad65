import { berlinIsoDate, type DocumentVersion, type UnitDocument } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { AuditService } from '../audit/audit.service';
import type { InTransaction } from '../../platform/transactions';
import type { machinesRepository } from '../machines/machines.repository';
import { documentUpload } from './document-upload';
import { staffVersions, unitDocuments } from './document-versions';
import type { ChunkStore } from '../../platform/chunk-store';
import type { DocumentsRepository } from './documents.repository';
import { paperRequests } from './paper-requests';
import type { PaperRequestsRepository } from './paper-requests.repository';

/** Documents behind the QR code and paper copies of them (docs/decisions/0012-documents.md). */
export function documentsService(
  deps: {
    inTransaction: InTransaction;
    documents: DocumentsRepository;
    chunks: ChunkStore;
    requests: PaperRequestsRepository;
    machines: ReturnType<typeof machinesRepository>;
  },
  audit: AuditService,
) {
  const { documents, machines } = deps;
  return {
    upload: documentUpload(deps, audit),

    async versions(machineId: number): Promise<DocumentVersion[]> {
      if (!(await machines.get(machineId))) throw notFound(messages.machineNotFound);
      return staffVersions(await documents.ofMachine(machineId));
    },

    find: documents.find,
    bytes: deps.chunks.range,

    /** The documents a customer sees for a unit issued on `issueDay`, or for the model today without one. */
    async forUnit(machineId: number, issueDay: string | null): Promise<UnitDocument[]> {
      const today = berlinIsoDate(new Date());
      return unitDocuments(await documents.ofMachine(machineId), issueDay ?? today, today);
    },

    paperRequests: paperRequests({ requests: deps.requests, documents }, audit),
  };
}

export type DocumentsService = ReturnType<typeof documentsService>;

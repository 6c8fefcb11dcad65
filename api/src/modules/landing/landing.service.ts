import { apiPaths, berlinIsoDate, eanSpellings, gtin14, type Landing } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { DocumentsService } from '../documents/documents.service';
import type { NoticesService } from '../notices/notices.service';
import type { landingRepository } from './landing.repository';

/** The customer page's one call is public, so it answers with public fields only. */
export function landingService(
  landing: ReturnType<typeof landingRepository>,
  documents: Pick<DocumentsService, 'forUnit'>,
  notices: Pick<NoticesService, 'forUnit'>,
  /**
   * Whether the company has neither COMPANY_EMAIL nor COMPANY_PHONE: then the brand's e-mail and website (printed
   * on every certificate anyway) are the customer's way to the manufacturer, and only then are they answered.
   */
  { brandContactFallback }: { brandContactFallback: boolean },
) {
  const service = {
    async view(machineId: number, serial?: string): Promise<Landing> {
      const machine = await landing.view(machineId, serial ?? '');
      if (!machine) throw notFound(messages.machineNotFound);
      const { tested_at, voided_at, brand_name, brand_email, brand_website, release, revised_at, ...shown } =
        machine;
      const issued = tested_at !== null;
      // A voided unit is never confirmed, and its date is not shown either; nor is a unit that failed its test or
      // whose release is still to come (docs/decisions/0010-test-record.md).
      const released = release === 'released' || release === 'deviation';
      const confirmed = issued && voided_at === null && released;
      // The unit's documents are those in force on its issue day (docs/decisions/0012-documents.md).
      const issueDay = issued ? berlinIsoDate(new Date(tested_at)) : null;
      // Only a unit issued for this machine can be covered by its notices: any other serial learns nothing.
      // Both asked at once: a customer's phone waits for the slower of the two, not for both in turn.
      const [unitDocuments, unitNotices] = await Promise.all([
        documents.forUnit(machineId, issueDay),
        serial && issued ? notices.forUnit(machineId, serial, tested_at) : [],
      ]);
      return {
        ...shown,
        brand_name: brand_name ?? '',
        ...(brandContactFallback && brand_email && { brand_email }),
        ...(brandContactFallback && brand_website && { brand_website }),
        // The day only: a time to the millisecond for every confirmed serial would let anyone rebuild a
        // machine's production timeline.
        ...(serial
          ? {
              serial: {
                value: serial,
                verified: confirmed,
                tested_at: confirmed ? issueDay : null,
                withdrawn: issued && voided_at !== null,
                ...(issued && voided_at === null && release && { release }),
                ...(confirmed && revised_at && { corrected_on: berlinIsoDate(new Date(revised_at)) }),
                ...(confirmed && { certificate_pdf: apiPaths.unitCertificate(serial) }),
              },
            }
          : {}),
        ...(unitDocuments.length > 0 && { documents: unitDocuments }),
        ...(unitNotices.length > 0 && { notices: unitNotices }),
      };
    },

    /** The machine a GS1 Digital Link names (contracts/src/gs1.ts), or undefined; `gtin` is a checked GTIN-14. */
    machineIdByGtin: (gtin: string, serial?: string) => landing.idByEan(eanSpellings(gtin), serial ?? ''),

    /**
     * The same answer for a GS1 Digital Link (`/01/<GTIN-14>/21/<serial>`, contracts/src/gs1.ts): the machine
     * is the one with that EAN. A wrong check digit or a GTIN no machine has is an unknown machine.
     */
    async viewByGtin(gtin: string, serial?: string): Promise<Landing> {
      const machineId = gtin14(gtin) === gtin ? await service.machineIdByGtin(gtin, serial) : undefined;
      if (machineId === undefined) throw notFound(messages.machineNotFound);
      return service.view(machineId, serial);
    },
  };
  return service;
}

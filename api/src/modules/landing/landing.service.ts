import { berlinIsoDate, eanSpellings, gtin14, type Landing } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { landingRepository } from './landing.repository';

/** The customer page's one call is public, so it answers with public fields only. */
export function landingService(landing: ReturnType<typeof landingRepository>) {
  return {
    async view(machineId: number, serial?: string): Promise<Landing> {
      const machine = await landing.view(machineId, serial ?? '');
      if (!machine) throw notFound(messages.machineNotFound);
      const { tested_at, voided_at, brand_name, ...shown } = machine;
      const issued = tested_at !== null;
      // A voided unit is never confirmed, and its date is not shown either.
      const confirmed = issued && voided_at === null;
      return {
        ...shown,
        brand_name: brand_name ?? '',
        // The day only: a time to the millisecond for every confirmed serial would let anyone rebuild a
        // machine's production timeline.
        ...(serial
          ? {
              serial: {
                value: serial,
                verified: confirmed,
                tested_at: confirmed ? berlinIsoDate(new Date(tested_at)) : null,
                withdrawn: issued && !confirmed,
              },
            }
          : {}),
      };
    },

    /**
     * The same answer for a GS1 Digital Link (`/01/<GTIN-14>/21/<serial>`, contracts/src/gs1.ts): the machine
     * is the one with that EAN. A wrong check digit or a GTIN no machine has is an unknown machine.
     */
    async viewByGtin(gtin: string, serial?: string): Promise<Landing> {
      const machineId =
        gtin14(gtin) === gtin ? await landing.idByEan(eanSpellings(gtin), serial ?? '') : undefined;
      if (machineId === undefined) throw notFound(messages.machineNotFound);
      return this.view(machineId, serial);
    },
  };
}

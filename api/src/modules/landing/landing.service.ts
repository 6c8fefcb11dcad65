import { berlinIsoDate, type Landing } from 'contracts';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import type { landingRepository } from './landing.repository';

/** The customer page's one call is public, so it answers with public fields only. */
export function landingService(landing: ReturnType<typeof landingRepository>) {
  return {
    async view(machineId: number, serial?: string): Promise<Landing> {
      const machine = await landing.view(machineId, serial ?? '');
      if (!machine) throw notFound(messages.machineNotFound);
      const { tested_at, brand_name, ...shown } = machine;
      return {
        ...shown,
        brand_name: brand_name ?? '',
        // The day only: a time to the millisecond for every confirmed serial would let anyone rebuild a
        // machine's production timeline.
        ...(serial
          ? {
              serial: {
                value: serial,
                verified: tested_at !== null,
                tested_at: tested_at === null ? null : berlinIsoDate(new Date(tested_at)),
              },
            }
          : {}),
      };
    },
  };
}

import fs from 'node:fs/promises';
import type { Config } from '../../config';
import type { Sealing } from './render-pdf';
import {
  DEVELOPMENT_SEAL_NAME,
  newDevelopmentSeal,
  sealFromP12,
  sealFromStored,
  type Seal,
} from './seal-keys';
import type { SealsRepository } from './seals.repository';

/** What `/api/readyz` and the start-up log say while the development seal is in use. */
export const DEVELOPMENT_SEAL_NOTICE =
  `Zertifikat-PDFs werden mit dem „${DEVELOPMENT_SEAL_NAME}“ gesiegelt: SEAL_P12_PATH und SEAL_P12_PASSWORD ` +
  'für das Siegel des Herstellers setzen (README, Abschnitt „Sealed certificates“).';

/**
 * The seal every certificate PDF gets: the configured PKCS#12 file, read once; or the development seal, made
 * once per database (seals.repository.ts). A seal that cannot be read is not remembered, so the next try reads again.
 */
export function sealService(seals: SealsRepository, config: Pick<Config, 'seal' | 'companyName'>) {
  let loading: Promise<Seal> | undefined;
  const load = async (): Promise<Seal> => {
    const { p12Path, p12Password } = config.seal;
    if (p12Path) return sealFromP12(await fs.readFile(p12Path), p12Password);
    return sealFromStored(await seals.development(() => newDevelopmentSeal(config.companyName)));
  };
  const current = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    current,
    /** The notices about the seal for readiness and the log: the development seal is named. */
    async notices(): Promise<string[]> {
      return (await current()).development ? [DEVELOPMENT_SEAL_NOTICE] : [];
    },
    /** What the renderer seals a document with now (render-pdf.ts). */
    sealing: async (at = new Date()): Promise<Sealing> => ({
      seal: await current(),
      at,
      tsaUrl: config.seal.tsaUrl,
    }),
  };
}

export type SealService = ReturnType<typeof sealService>;

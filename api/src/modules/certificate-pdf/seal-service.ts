import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Sealing } from './render-pdf';
import {
  DEVELOPMENT_SEAL_NAME,
  encryptedKey,
  isPlainKey,
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
 * What the development seal's key is encrypted with (docs/decisions/0028-development-seal-key.md): the operator's
 * SEAL_DEVELOPMENT_PASSPHRASE, or a random one kept in a file only the API's user may read, made at the first start.
 */
async function developmentPassphrase(seal: Config['seal']): Promise<string> {
  if (seal.developmentPassphrase) return seal.developmentPassphrase;
  const file = seal.developmentPassphraseFile;
  const read = async () => (await fs.readFile(file, 'utf8')).trim();
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const passphrase = crypto.randomBytes(32).toString('base64url');
  try {
    await fs.writeFile(file, `${passphrase}\n`, { mode: 0o600, flag: 'wx' });
    return passphrase;
  } catch (error) {
    // Another instance on the same host made it first.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}

/**
 * The seal every certificate PDF gets: the configured PKCS#12 file, read once; or the development seal, made
 * once per database (seals.repository.ts). A seal that cannot be read is not remembered, so the next try reads again.
 */
export function sealService(seals: SealsRepository, config: Pick<Config, 'seal' | 'companyName'>) {
  let loading: Promise<Seal> | undefined;
  const load = async (): Promise<Seal> => {
    const { p12Path, p12Password } = config.seal;
    if (p12Path) return sealFromP12(await fs.readFile(p12Path), p12Password);
    const passphrase = await developmentPassphrase(config.seal);
    const stored = await seals.development(() => newDevelopmentSeal(config.companyName, passphrase));
    if (!isPlainKey(stored.private_key)) return sealFromStored(stored, passphrase);
    const encrypted = encryptedKey(crypto.createPrivateKey(stored.private_key), passphrase);
    await seals.encryptKey(stored.private_key, encrypted);
    return sealFromStored({ ...stored, private_key: encrypted }, passphrase);
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

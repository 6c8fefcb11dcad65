import type { ReleaseBody } from 'contracts';
import { releaseCertificate } from '../../../api/release-certificate';
import { useCertificateChange } from './certificate-changed';

export const useReleaseCertificate = (id: number) =>
  useCertificateChange(id, (request: ReleaseBody) => releaseCertificate(id, request));

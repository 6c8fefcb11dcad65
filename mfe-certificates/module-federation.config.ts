import { remoteNames } from 'contracts';
import { sharedDependencies } from '../scripts/webpack/shared.ts';

/** Stable entries the shell loads at run time; keep their names when the screens change. */
export const federation = {
  name: remoteNames.certificates,
  filename: 'remoteEntry.js',
  exposes: {
    './CertificateCreate': './src/features/certificate-create/components/certificate-create-page.tsx',
    './CertificateList': './src/features/certificate-list/components/certificate-list-page.tsx',
    './CertificatePrint': './src/features/certificate-print/components/certificate-print-page.tsx',
    './Labels': './src/features/labels/components/labels-page.tsx',
  },
  shared: sharedDependencies,
  // Remotes load no remotes themselves: the snapshot and remote-loading code of the runtime is left out.
  experiments: { optimization: { target: 'web' as const, disableSnapshot: true, disableRemote: true } },
};

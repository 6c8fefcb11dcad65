import { exposesOf, remoteNames, type ExposedModules } from 'contracts';
import { sharedDependencies } from '../scripts/webpack/shared.ts';

/** Stable entries the shell loads at run time; keep their names when the screens change. */
export const federation = {
  name: remoteNames.certificates,
  filename: 'remoteEntry.js',
  exposes: exposesOf<'certificates'>({
    CertificateCreate: './src/features/certificate-create/components/certificate-create-page.tsx',
    CertificateList: './src/features/certificate-list/components/certificate-list-page.tsx',
    CertificatePrint: './src/features/certificate-print/components/certificate-print-page.tsx',
    CertificateDetail: './src/features/certificate-detail/components/certificate-detail-page.tsx',
    UnitView: './src/features/unit-view/components/unit-page.tsx',
    Labels: './src/features/labels/components/labels-page.tsx',
    Reports: './src/features/reports/components/reports-page.tsx',
    ReleaseQueue: './src/features/release-queue/components/release-queue-page.tsx',
    ServiceRequests: './src/features/service-requests/components/service-requests-page.tsx',
  }),
  shared: sharedDependencies,
  // Remotes load no remotes themselves: the snapshot and remote-loading code of the runtime is left out.
  experiments: { optimization: { target: 'web' as const, disableSnapshot: true, disableRemote: true } },
};

/** Typecheck only: each exposed module takes the props of contracts/src/apps.ts (nothing is imported here). */
export const exposedModules = null as unknown as {
  CertificateCreate: typeof import('./src/features/certificate-create/components/certificate-create-page.tsx');
  CertificateList: typeof import('./src/features/certificate-list/components/certificate-list-page.tsx');
  CertificatePrint: typeof import('./src/features/certificate-print/components/certificate-print-page.tsx');
  CertificateDetail: typeof import('./src/features/certificate-detail/components/certificate-detail-page.tsx');
  UnitView: typeof import('./src/features/unit-view/components/unit-page.tsx');
  Labels: typeof import('./src/features/labels/components/labels-page.tsx');
  Reports: typeof import('./src/features/reports/components/reports-page.tsx');
  ReleaseQueue: typeof import('./src/features/release-queue/components/release-queue-page.tsx');
  ServiceRequests: typeof import('./src/features/service-requests/components/service-requests-page.tsx');
} satisfies ExposedModules<'certificates'>;

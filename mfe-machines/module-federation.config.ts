import { exposesOf, remoteNames, type ExposedModules } from 'contracts';
import { sharedDependencies } from '../scripts/webpack/shared.ts';

/** Stable entries the shell loads at run time; keep their names when the screens change. */
export const federation = {
  name: remoteNames.machines,
  filename: 'remoteEntry.js',
  exposes: exposesOf<'machines'>({
    MachineList: './src/features/machine-list/components/machine-list-page.tsx',
    MachineForm: './src/features/machine-form/components/machine-form-page.tsx',
    MachineTestPlan: './src/features/test-plan/components/test-plan-page.tsx',
    Instruments: './src/features/instruments/components/instruments-page.tsx',
    Notices: './src/features/notices/components/notices-page.tsx',
  }),
  shared: sharedDependencies,
  // Remotes load no remotes themselves: the snapshot and remote-loading code of the runtime is left out.
  experiments: { optimization: { target: 'web' as const, disableSnapshot: true, disableRemote: true } },
};

/** Typecheck only: each exposed module takes the props of contracts/src/apps.ts (nothing is imported here). */
export const exposedModules = null as unknown as {
  MachineList: typeof import('./src/features/machine-list/components/machine-list-page.tsx');
  MachineForm: typeof import('./src/features/machine-form/components/machine-form-page.tsx');
  MachineTestPlan: typeof import('./src/features/test-plan/components/test-plan-page.tsx');
  Instruments: typeof import('./src/features/instruments/components/instruments-page.tsx');
  Notices: typeof import('./src/features/notices/components/notices-page.tsx');
} satisfies ExposedModules<'machines'>;

/**
 * Module Federation names (global container names) of the remotes and the keys the runtime config uses for
 * them. Plain data: the build scripts and the shell's runtime both read it, so neither imports the other.
 */
export const remoteNames = {
  certificates: 'mfe_certificates',
  machines: 'mfe_machines',
  landing: 'mfe_landing',
} as const;
export type RemoteKey = keyof typeof remoteNames;

/** An exposed screen takes no props: it reads what it needs from the route and the shared QueryClient. */
export type NoProps = Record<string, never>;

/**
 * Each remote's exposed modules (the names after `./` in its webpack `exposes`) and the props the shell renders
 * them with. The remotes' module-federation.config.ts and the shell's loader are typed from it, so a misspelt
 * expose or prop fails `npm run typecheck` (docs/architecture.md#module-federation).
 */
export interface RemoteExposes {
  certificates: {
    CertificateCreate: NoProps;
    CertificateList: NoProps;
    CertificatePrint: NoProps;
    CertificateDetail: NoProps;
    UnitView: NoProps;
    Labels: NoProps;
    Reports: NoProps;
    ReleaseQueue: NoProps;
    ServiceRequests: NoProps;
  };
  machines: {
    MachineList: NoProps;
    MachineForm: NoProps;
    MachineTestPlan: NoProps;
    Instruments: NoProps;
    Notices: NoProps;
  };
  landing: { Landing: NoProps };
}
export type ExposeName<R extends RemoteKey> = keyof RemoteExposes[R] & string;

/** A screen the shell can show: a remote and one of its exposes. */
export type ScreenRef = { [R in RemoteKey]: { remote: R; expose: ExposeName<R> } }[RemoteKey];

/** The props of the screen `S` (of any screen, for the ScreenRef union): what the shell must render it with. */
export type ScreenProps<S extends ScreenRef = ScreenRef> = S extends {
  remote: infer R extends RemoteKey;
  expose: infer E;
}
  ? RemoteExposes[R][E & ExposeName<R>]
  : never;

/** What an exposed module must export: a screen taking the contract's props. */
export type ScreenModule<R extends RemoteKey, E extends ExposeName<R>> = {
  default: (props: RemoteExposes[R][E]) => unknown;
};

/** What remote `R`'s modules must be: one for every expose, each a screen taking the contract's props. */
export type ExposedModules<R extends RemoteKey> = { [E in ExposeName<R>]: ScreenModule<R, E> };

/** webpack's `exposes` for remote `R`: one file for every expose of the contract, none other. */
export function exposesOf<R extends RemoteKey>(
  files: Record<ExposeName<R>, string>,
): Record<`./${ExposeName<R>}`, string> {
  return Object.fromEntries(Object.entries(files).map(([name, file]) => [`./${name}`, file])) as Record<
    `./${ExposeName<R>}`,
    string
  >;
}

/** The dashboard's tabs, in the `?tab=` of staff URLs. */
export const STAFF_TABS = [
  'certificate_create',
  'certificate_list',
  'release_queue',
  'reports',
  'machine_list',
  'instruments',
  'notices',
  'service_requests',
] as const;
export type StaffTab = (typeof STAFF_TABS)[number];

/**
 * The shell's routes (react-router patterns) and the URLs remotes link to, in one place: a remote never writes
 * a path of the shell by hand, so a renamed route fails typecheck in every app that links to it.
 */
export const staffRoutes = {
  dashboard: '/',
  login: '/login',
  machineNew: '/machines',
  machineEdit: '/machines/:id',
  /** A machine's test plan (docs/decisions/0010-test-record.md): every role reads it, Freigabe edits it. */
  machineTestPlan: '/machines/:id/test-plan',
  certificatePrint: '/pdf/:id',
  certificateDetail: '/certificates/:id',
  unit: '/units/:serial',
  labels: '/labels',
  landing: '/landing/:id/:serial?',
  /** The signed-in account's own: password, two-factor sign-in, sessions. */
  account: '/account',
  /** The admin area (administrators only). */
  adminAccounts: '/admin/accounts',
  auditLog: '/admin/audit',
  adminJobs: '/admin/jobs',
} as const;

export const staffUrls = {
  /** The dashboard on `tab`: where 'Zurück' and a saved form go, on the tab the user came from. */
  tab: (tab: StaffTab) => `${staffRoutes.dashboard}?tab=${tab}`,
  machineNew: () => staffRoutes.machineNew,
  machineEdit: (id: number) => `/machines/${id}`,
  /** A machine's test plan with its history: the current one, or the version `version` (a unit's, an older one). */
  machineTestPlan: (id: number, version?: number) =>
    version === undefined ? `/machines/${id}/test-plan` : `/machines/${id}/test-plan?version=${version}`,
  /** The reprint; of an earlier revision when given, printed as replaced. */
  certificatePrint: (id: number, revision?: number) =>
    revision === undefined ? `/pdf/${id}` : `/pdf/${id}?revision=${revision}`,
  /** A certificate's units, revisions and events, with KORRIGIEREN and STORNIEREN. */
  certificateDetail: (id: number) => `/certificates/${id}`,
  /** One unit from its serial. */
  unit: (serial: string) => `/units/${encodeURIComponent(serial)}`,
  /** The built-in label page, for one certificate's serial labels when given. */
  labels: (certificateId?: number) =>
    certificateId === undefined ? staffRoutes.labels : `${staffRoutes.labels}?certificate=${certificateId}`,
};

/**
 * Query keys of data several apps read and write through the shell's one QueryClient: a remote that saves a
 * machine invalidates the lists another remote shows. A key is an array; a prefix matches every longer key.
 */
export const queryKeys = {
  brands: ['brands'] as const,
  machines: ['machines'] as const,
  machine: (id: number) => ['machine', id] as const,
  /** A machine's current test plan; under `machine`, so reloading the machine reloads its plan too. */
  testPlan: (machineId: number) => ['machine', machineId, 'test-plan'] as const,
  machinesByBrand: ['machinesByBrand'] as const,
  certificates: ['certificates'] as const,
  /** The units waiting for release: every release and retest changes it. */
  releaseQueue: ['release-queue'] as const,
  certificate: (id: number) => ['certificate', id] as const,
  /** The events of one thing, by the API path that lists them (`/certificates/7/events`). */
  events: (path: string) => ['events', path] as const,
  /** The signed-in account and its roles: what every app shows or hides. */
  me: ['me'] as const,
  /** The signed-in account's recent sign-ins; under `me`, so refreshing the account refreshes them too. */
  signIns: (accountId: number) => ['me', 'sign-ins', accountId] as const,
  /** The shell's administration: every staff account, the settings, a page of the audit trail. */
  accounts: ['accounts'] as const,
  settings: ['settings'] as const,
  audit: (query: object) => ['audit', query] as const,
  jobs: ['jobs'] as const,
  /** A unit and its certificate; every unit's view is stale after a revision or void. */
  units: ['unit'] as const,
  /** The checker names of the list's filter. */
  checkers: ['checkers'] as const,
  /** The charts' numbers: each certificate issued or voided changes them. */
  reports: ['reports'] as const,
  /** The instrument register (docs/decisions/0018-instruments.md): the create form's choice reads it. */
  instruments: ['instruments'] as const,
  /** Safety notices and recalls (docs/decisions/0045-safety-notices.md), and the units each covers. */
  notices: ['notices'] as const,
  /** Customers' service requests (docs/decisions/0045-service-requests.md), each with its notes. */
  serviceRequests: ['service-requests'] as const,
  /** The catalogue of failure reasons a retest names: the quality page keeps it, the retest form reads it. */
  failureReasons: ['failure-reasons'] as const,
};

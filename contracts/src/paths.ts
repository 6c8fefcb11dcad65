/**
 * Every API path, built in one place: the frontends' fetchers and the tests call these instead of writing a
 * path again. Paths are relative to the API base (`/api`). The earlier app's calls keep its paths and are
 * listed in EARLIER_APP_ROUTES (docs/earlier-app.md); every other route is REST: plural nouns, ids as segments.
 */
const id = (value: number | string) => encodeURIComponent(String(value));

export const apiPaths = {
  // The earlier app's calls.
  login: () => '/login',
  logout: () => '/logout',
  brands: () => '/brands',
  brandCreate: () => '/brand',
  brand: (brandId: number) => `/brand/${id(brandId)}`,
  machinesByBrand: (brandId: number) => `/machinesByBrand/${id(brandId)}`,
  machines: () => '/machines',
  machineCreate: () => '/machine',
  machine: (machineId: number) => `/machine/${id(machineId)}`,
  upload: () => '/upload',
  certificateCreate: () => '/certificate',
  certificates: () => '/certificates',
  certificate: (certificateId: number) => `/certificates/${id(certificateId)}`,
  landing: (machineId: number) => `/brandMachineById/${id(machineId)}`,

  // REST routes of this product.
  secondFactor: () => '/login/second-factor',
  landingByGtin: (gtin: string) => `/brandMachineByGtin/${id(gtin)}`,
  machineEvents: (machineId: number) => `/machine/${id(machineId)}/events`,
  certificatesExport: () => '/certificates/export',
  certificatePrinted: (certificateId: number) => `/certificates/${id(certificateId)}/printed`,
  certificateRevisions: (certificateId: number) => `/certificates/${id(certificateId)}/revisions`,
  certificateRevision: (certificateId: number, revision: number) =>
    `/certificates/${id(certificateId)}/revisions/${id(revision)}`,
  certificateVoid: (certificateId: number) => `/certificates/${id(certificateId)}/void`,
  certificateHistory: (certificateId: number) => `/certificates/${id(certificateId)}/history`,
  certificateEvents: (certificateId: number) => `/certificates/${id(certificateId)}/events`,
  unit: (serial: string) => `/units/${id(serial)}`,
  unitEvents: (serial: string) => `/units/${id(serial)}/events`,
  reportCheckers: () => '/reports/checkers',
  reportTopMachines: () => '/reports/top-machines',
  reportUnitsByBrand: () => '/reports/units-by-brand',
  reportUnitsByChecker: () => '/reports/units-by-checker',
  accounts: () => '/accounts',
  accountPassword: (accountId: number) => `/accounts/${id(accountId)}/password`,
  accountRoles: (accountId: number) => `/accounts/${id(accountId)}/roles`,
  accountDisable: (accountId: number) => `/accounts/${id(accountId)}/disable`,
  accountEnable: (accountId: number) => `/accounts/${id(accountId)}/enable`,
  settings: () => '/settings',
  audit: () => '/audit',
  me: () => '/me',
  mePassword: () => '/me/password',
  meSignIns: () => '/me/sign-ins',
  meSignOutEverywhere: () => '/me/sign-out-everywhere',
  meTwoFactorSetup: () => '/me/two-factor/setup',
  meTwoFactorConfirm: () => '/me/two-factor/confirm',
  meTwoFactorDisable: () => '/me/two-factor/disable',
} as const;

/**
 * The routes the earlier app calls (method and Fastify pattern), kept with its paths and wire names so that its
 * clients keep working; docs/earlier-app.md says what each one does. A new route never joins this list.
 */
export const EARLIER_APP_ROUTES = [
  'POST /login',
  'POST /logout',
  'GET /brands',
  'POST /brand',
  'PUT /brand/:id',
  'GET /machinesByBrand/:brandId',
  'GET /machines',
  'POST /machine',
  'GET /machine/:id',
  'PUT /machine/:id',
  'POST /upload',
  'POST /certificate',
  'GET /certificates',
  'GET /certificates/:id',
  'GET /brandMachineById/:id',
] as const;

/**
 * The API's paths: `apiPaths.certificate(id)` and so on (contracts/src/api-paths.ts). The earlier app's calls
 * keep its paths and are listed in EARLIER_APP_ROUTES (docs/earlier-app.md); every other route is REST: plural
 * nouns, ids as segments.
 */
export * as apiPaths from './api-paths';

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

// The public surface of shared-ui. Apps import only from 'shared-ui' (a Module Federation singleton).
import './theme.css';

export { loadConfig, getConfig, setConfig, type RuntimeConfig } from './config';
export { TOKEN_KEY, getToken, setToken, clearToken, subscribeToken, useToken } from './auth';
export { setNavigator, navigateTo, type Navigate } from './navigation';
export { http, apiErrorCode, apiErrorMessage, apiFieldErrors, isHttpError, subscribeForbidden } from './http';
export { httpStatus, retryAfterSeconds } from './http-status';
export { useFieldErrors, type FieldErrors } from './use-field-errors';
export { SearchBox, type SearchBoxProps } from './search-box';
export { sharedCatalogs } from './catalogs';
export {
  defineCatalogs,
  setLanguage,
  currentLanguage,
  activeLocale,
  enablePseudoLanguage,
  type CatalogSet,
  type MessageValues,
} from './i18n/i18n';
export { useT, useLanguage } from './i18n/use-t';
export { formatDay, formatDayTime, formatNumber, decimalSeparator } from './i18n/format';
export { useAuditText } from './audit/use-audit-text';
export type { AuditText } from './audit/audit-text';
export { RequireAuth } from './require-auth';
export { Spinner } from './spinner';
export { DataTable, type DataTableProps, type TableSort, type ColumnDef } from './data-table';
export { ToastHost, notify, TOAST_DEFAULTS, SHORT_TOAST_MS, SESSION_EXPIRED_TOAST_ID } from './toasts';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
// The customer page formats dates without shared-ui (its budget), so the one formatter lives in contracts.
export { formatDate } from 'contracts';
export { imageUrl } from './image-url';
export { queryDefaults } from './query-client';
export { LoadError } from './load-error';
export { EventList } from './event-list';
export { useSubmitGuard } from './use-submit-guard';
export { brandsQuery, brandsQueryKey, getBrands } from './api/get-brands';
export { getMe, meQuery, meQueryKey } from './api/get-me';
export { getMachine, machineQuery, machineQueryKey } from './api/get-machine';
export { getMachines, machinesQuery, machinesQueryKey } from './api/get-machines';
export {
  getMachinesByBrand,
  machinesByBrandQuery,
  machinesByBrandQueryKey,
} from './api/get-machines-by-brand';

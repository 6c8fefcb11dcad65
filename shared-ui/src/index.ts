// The public surface of shared-ui. Apps import only from 'shared-ui' (a Module Federation singleton).
import './theme.css';

export { loadConfig, getConfig, setConfig, type RuntimeConfig } from './config';
export { TOKEN_KEY, getToken, setToken, clearToken, subscribeToken, useToken } from './auth';
export { setNavigator, navigateTo, type Navigate } from './navigation';
export { http, apiErrorMessage, apiFieldErrors, isHttpError } from './http';
export { messages } from './messages';
export { RequireAuth } from './require-auth';
export { Spinner } from './spinner';
export { DataTable, type DataTableProps, type TableSort, type ColumnDef } from './data-table';
export { ToastHost, notify, TOAST_DEFAULTS, SHORT_TOAST_MS, SESSION_EXPIRED_TOAST_ID } from './toasts';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { formatDate } from './format-date';
export { imageUrl } from './image-url';
export { queryDefaults } from './query-client';

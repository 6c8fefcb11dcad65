import { Bounce, ToastContainer, toast, type ToastOptions } from 'react-toastify';
import { sharedCatalogs } from './catalogs';
import { useT } from './i18n/use-t';

/** Top right, 5000 ms, pause on hover and on focus loss, draggable. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  closeOnClick: true,
  theme: 'dark',
} as const satisfies ToastOptions;

/**
 * The machine forms' toasts close after 1 s and then run their follow-up, as in the earlier app
 * (docs/earlier-app.md).
 */
export const SHORT_TOAST_MS = 1000;

/** One id so that several failing calls show one "session expired" toast, not a stack of them. */
export const SESSION_EXPIRED_TOAST_ID = 'session-expired';

export function ToastHost() {
  const t = useT(sharedCatalogs);
  return (
    <ToastContainer
      {...TOAST_DEFAULTS}
      transition={Bounce}
      newestOnTop
      closeButton
      toastClassName="sui-toast"
      aria-label={t('notifications')}
    />
  );
}

export const notify = {
  success: (message: string, options?: ToastOptions) => toast.success(message, options),
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  info: (message: string, options?: ToastOptions) => toast.info(message, options),
};

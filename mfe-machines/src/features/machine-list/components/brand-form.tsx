import type { Brand, BrandFields } from 'contracts';
import { EMAIL_MAX, TEXT_MAX, URL_MAX, validateBrandFields } from 'contracts';
import { useState, type FormEvent } from 'react';
import {
  apiErrorMessage,
  apiFieldErrors,
  httpStatus,
  notify,
  SHORT_TOAST_MS,
  useFieldErrors,
  useSubmitGuard,
  useT,
  type FieldErrors,
} from 'shared-ui';
import { ImageUploadField } from '../../../components/image-upload-field';
import { TextField } from '../../../components/text-field';
import { machineCatalogs } from '../../../catalogs';
import { inActiveLanguage } from '../../../field-messages';
import { useImageUpload } from '../../../hooks/use-image-upload';
import { useCreateBrand } from '../api/create-brand';
import { useUpdateBrand } from '../api/update-brand';

type Values = BrandFields & { logo: string };
/** In the order of the form: the first invalid one gets the keyboard. */
const FIELDS = ['name', 'email', 'website_link', 'logo'] as const satisfies readonly (keyof Values)[];

/** Adds a brand (`brand` null) or edits one, with the API's rules checked first in the browser. */
/** `onClose` gets the saved brand after a save, nothing after a cancel. */
export function BrandForm({ brand, onClose }: { brand: Brand | null; onClose: (saved?: Brand) => void }) {
  const t = useT(machineCatalogs);
  const [values, setValues] = useState<Values>({
    name: brand?.name ?? '',
    logo: brand?.logo ?? '',
    email: brand?.email ?? '',
    website_link: brand?.website_link ?? '',
  });
  const { errors, show, clear } = useFieldErrors(FIELDS, (field) => `brand-${field}`);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateBrand();
  const update = useUpdateBrand(brand?.id ?? 0);
  const save = brand ? update : create;
  const guard = useSubmitGuard();
  const upload = useImageUpload((path) => change('logo', path));

  function change(field: keyof Values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void guard(send);
  }

  async function send() {
    setFormError(null);
    if (show(inActiveLanguage(validateBrandFields(values)))) return;
    try {
      const saved = await save.mutateAsync(values);
      notify.success(brand ? t('brands.updated') : t('brands.created'), { autoClose: SHORT_TOAST_MS });
      onClose(saved);
    } catch (error) {
      // shared-ui's HTTP client already showed 'Token abgelaufen…' and went to /login.
      if (httpStatus(error) === 401) return;
      const refused = show(apiFieldErrors(error) as FieldErrors<keyof Values>);
      if (!refused) setFormError(apiErrorMessage(error) ?? t('unreachable'));
      // A refused field (a taken name) fails again on retry: the toast points at the field instead.
      const failed = refused
        ? t(brand ? 'brands.updateRefused' : 'brands.createRefused')
        : t(brand ? 'brands.updateFailed' : 'brands.createFailed');
      notify.error(failed, { autoClose: SHORT_TOAST_MS });
    }
  }

  return (
    <form className="mach-card" onSubmit={submit} noValidate aria-labelledby="brand-form-title">
      <h2 id="brand-form-title" className="mach-subtitle">
        {brand ? t('brands.editTitle') : t('brands.addTitle')}
      </h2>
      <div className="mach-grid">
        <TextField
          id="brand-name"
          label={t('brands.name')}
          value={values.name}
          onChange={(value) => change('name', value)}
          error={errors.name}
          maxLength={TEXT_MAX}
          autoFocus
        />
        <TextField
          id="brand-email"
          type="email"
          label={t('brands.email')}
          value={values.email}
          onChange={(value) => change('email', value)}
          error={errors.email}
          maxLength={EMAIL_MAX}
        />
        <TextField
          id="brand-website_link"
          type="url"
          label={t('brands.website')}
          placeholder={t('form.urlPlaceholder')}
          value={values.website_link}
          onChange={(value) => change('website_link', value)}
          error={errors.website_link}
          maxLength={URL_MAX}
        />
        <ImageUploadField
          id="brand-logo"
          label={t('brands.logo')}
          value={values.logo}
          upload={upload}
          error={errors.logo}
        />
      </div>
      {formError && (
        <p className="sui-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="mach-actions">
        <button type="submit" className="sui-button" disabled={save.isPending || upload.uploading}>
          {t('brands.save')}
        </button>
        <button type="button" className="sui-button sui-button--secondary" onClick={() => onClose()}>
          {t('brands.cancel')}
        </button>
      </div>
    </form>
  );
}

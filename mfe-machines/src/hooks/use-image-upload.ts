import { useState } from 'react';
import { apiErrorMessage } from 'shared-ui';
import { machineCatalogs } from '../catalogs';
import { uploadImage } from '../api/upload-image';
import { checkImageFile } from '../check-image-file';

export interface ImageUpload {
  upload: (file: File) => Promise<void>;
  uploading: boolean;
  /** 0–100 while uploading. */
  progress: number;
  /** Why the last file was refused. */
  error: string | null;
}

/** Uploads a chosen image at once (docs/decisions/0002-images-in-database.md); `onUploaded` gets the stored path. */
export function useImageUpload(onUploaded: (path: string) => void): ImageUpload {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    const refused = checkImageFile(file);
    setError(refused);
    if (refused) return;
    setProgress(0);
    try {
      onUploaded(await uploadImage(file, setProgress));
    } catch (failure) {
      // 413 and 415 carry the API's reason; a lost connection has none.
      setError(apiErrorMessage(failure) ?? machineCatalogs.t('upload.failed'));
    } finally {
      setProgress(null);
    }
  }

  return { upload, uploading: progress !== null, progress: progress ?? 0, error };
}

import { apiPaths, type UploadResponse } from 'contracts';
import { http } from 'shared-ui';

/** POST /upload with the multipart field `file`; reports progress from 0 to 100. */
export async function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await http.post<UploadResponse>(apiPaths.upload(), body, {
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.path;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from 'contracts';
import { http } from 'shared-ui';
import { documentsQueryKey } from './get-documents';

export interface DocumentUploadInput {
  kind: string;
  language: string;
  validFrom: string;
  earlier: boolean;
  file: File;
}

/** POST /machine/:id/documents, multipart: the fields, then the PDF; reports progress from 0 to 100. */
export async function uploadDocument(
  machineId: number,
  input: DocumentUploadInput,
  onProgress: (percent: number) => void,
): Promise<number> {
  const body = new FormData();
  body.append('kind', input.kind);
  body.append('language', input.language);
  body.append('valid_from', input.validFrom);
  if (input.earlier) body.append('earlier', 'true');
  body.append('file', input.file);
  const { data } = await http.post<{ id: number }>(apiPaths.machineDocuments(machineId), body, {
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.id;
}

export function useUploadDocument(machineId: number, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentUploadInput) => uploadDocument(machineId, input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey(machineId) }),
  });
}

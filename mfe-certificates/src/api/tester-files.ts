import {
  apiPaths,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewBody,
  type TesterFile,
} from 'contracts';
import { http } from 'shared-ui';

/** Uploads a tester's file for a machine (docs/tester-files.md): stored, read, and answered with its columns. */
export async function uploadTesterFile(machineId: number, file: File, testerModel: string) {
  const body = new FormData();
  body.append('machine_id', String(machineId));
  body.append('tester_model', testerModel);
  body.append('file', file);
  const { data } = await http.post<TesterFile>(apiPaths.testerFiles(), body);
  return data;
}

/** Saves which column fills which step for the machine and tester model. */
export async function saveImportMapping(machineId: number, testerModel: string, mapping: ImportMapping) {
  await http.put(apiPaths.importMappings(), { machine_id: machineId, tester_model: testerModel, ...mapping });
}

/** Per unit the file's values and verdicts; nothing is stored. */
export async function previewTesterFile(fileId: number, body: ImportPreviewBody) {
  const { data } = await http.post<ImportPreview>(apiPaths.testerFilePreview(fileId), body);
  return data;
}

import { useMutation } from '@tanstack/react-query';
import { MSISDN_IMPORT_CONTENT_TYPES, msisdnImportSchema, type MsisdnImport } from '@lbs/contracts';
import { apiRequestRaw } from '../../../lib/api/client.ts';

/** The upload's content type by file name (the server recognises the format from the content itself). */
export function importContentType(fileName: string): string {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv')) return MSISDN_IMPORT_CONTENT_TYPES.CSV;
  if (name.endsWith('.xlsx')) return MSISDN_IMPORT_CONTENT_TYPES.XLSX;
  return 'application/octet-stream';
}

/** POST /msisdns/imports?companyId=&fileName= with the file itself as the body → 202 and the queued job. */
export async function startImport({
  companyId,
  file,
}: {
  companyId: number;
  file: File;
}): Promise<MsisdnImport> {
  const query = new URLSearchParams({ companyId: String(companyId), fileName: file.name });
  const response = await apiRequestRaw(`/msisdns/imports?${query}`, {
    method: 'POST',
    body: file,
    contentType: importContentType(file.name),
  });
  return msisdnImportSchema.parse(await response.json());
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}

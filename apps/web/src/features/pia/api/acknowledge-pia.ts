import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCAL_STORAGE_KEYS, type Me, type PiaAcknowledgeBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { loadShellSchemas } from '../../../lib/api/load-shell-schemas.ts';
import { writeItem } from '../../../lib/storage.ts';
import { currentUserKeys } from '../../../shared-api/current-user/keys.ts';

/** POST /user-management/me/pia {accepted:true}; answers with the updated current user. */
export async function acknowledgePia(): Promise<Me> {
  const body: PiaAcknowledgeBody = { accepted: true };
  // The notice is part of the first bundle; the schema library is not (it loads beside the request).
  const schemas = loadShellSchemas();
  const json = await apiRequest('/user-management/me/pia', { method: 'POST', body });
  return (await schemas).meSchema.parse(json);
}

/** On success the acceptance is also kept locally (isPiaSigned) and the cached user updated. */
export function useAcknowledgePia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgePia,
    onSuccess: (me) => {
      writeItem('local', LOCAL_STORAGE_KEYS.isPiaSigned, 'true');
      queryClient.setQueryData<Me>(currentUserKeys.me, { ...me, isPiaSigned: true });
    },
  });
}

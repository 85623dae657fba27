import { API_BASE_PATH, type ClientConfig } from '@lbs/contracts';
import { loadShellSchemas } from '../api/load-shell-schemas.ts';

let pending: Promise<ClientConfig> | null = null;

/** GET {API_BASE_PATH}/config once per page load: where the identity provider lives (embedded or Keycloak). */
export function loadClientConfig(): Promise<ClientConfig> {
  pending ??= Promise.all([
    fetch(`${API_BASE_PATH}/config`, { headers: { accept: 'application/json' } }),
    loadShellSchemas(),
  ])
    .then(async ([response, { clientConfigSchema }]) => {
      if (!response.ok) throw new Error(`client config: HTTP ${response.status}`);
      return clientConfigSchema.parse(await response.json());
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** Tests only. */
export function resetClientConfigCache(): void {
  pending = null;
}

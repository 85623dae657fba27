import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * `loadExistingGrant` for a first-party client: consent is implied, so the session's grant (or a new one) is
 * extended with whatever the (already validated) request asks for, and the consent prompt never shows.
 */
export async function firstPartyGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { client, session, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !accountId) return undefined;

  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (!grant || grant.accountId !== accountId || grant.clientId !== client.clientId) {
    grant = new provider.Grant({ accountId, clientId: client.clientId });
  }

  grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes]);
  for (const [indicator, resourceServer] of Object.entries(ctx.oidc.resourceServers ?? {})) {
    const scopes = [...ctx.oidc.requestParamScopes].filter((scope) => resourceServer.scopes.has(scope));
    if (scopes.length) grant.addResourceScope(indicator, scopes);
  }
  await grant.save();
  return grant;
}

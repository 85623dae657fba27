import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OIDC_PATHS, clientConfigSchema } from '@lbs/contracts';
import type { Config } from '../../config.ts';

/** Public: where the SPA finds its identity provider (embedded or Keycloak), so one build serves both. */
export const clientConfigRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'issuer' | 'clientId'>;
}> = async (app, { config }) => {
  const { issuer, clientId } = config;
  const body = {
    issuer,
    clientId,
    authorizationEndpoint: `${issuer}${OIDC_PATHS.authorization}`,
    tokenEndpoint: `${issuer}${OIDC_PATHS.token}`,
    endSessionEndpoint: `${issuer}${OIDC_PATHS.endSession}`,
  };
  app.get(
    '/config',
    {
      config: { public: true },
      schema: {
        tags: ['config'],
        summary: 'Where the web app finds its identity provider (public)',
        security: [],
        response: { 200: clientConfigSchema },
      },
    },
    async () => body,
  );
};

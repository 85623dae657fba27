import type { FastifyPluginAsync } from 'fastify';
import { API_BASE_PATH, PRIMARY_COLOR } from '@lbs/contracts';

/** Where the current-user record points when a user has no photo of their own. */
export const DEFAULT_AVATAR_PATH = `${API_BASE_PATH}/assets/default-avatar.svg`;

const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="Avatar">
<rect width="64" height="64" rx="32" fill="#E3F2FB"/>
<circle cx="32" cy="25" r="11" fill="${PRIMARY_COLOR}"/>
<path d="M12 54c2.5-10.5 10.5-16 20-16s17.5 5.5 20 16a30 30 0 0 1-40 0z" fill="${PRIMARY_COLOR}"/>
</svg>
`;

/** Public static assets of the API (no bearer token: an <img> cannot send one). */
export const assetRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/assets/default-avatar.svg',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_AVATAR_SVG),
  );
};

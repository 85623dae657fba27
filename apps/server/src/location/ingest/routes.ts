import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppIngest } from './app-ingest.ts';
import { osmandToken, parseOsmand, parseOwnTracks } from './app-reports.ts';
import {
  INGEST_CONTENT_TYPES,
  ingestResponsesDoc,
  osmandBodyDoc,
  osmandQueryDoc,
  ownTracksBodyDoc,
} from './openapi.ts';

export interface IngestRoutesOptions {
  ingest: AppIngest;
}

/** Per device token (or address, without one): a phone reports every few seconds at most. */
const rateLimit = {
  max: 600,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    const id = query?.['id'] ?? request.headers.authorization;
    return typeof id === 'string' && id ? `ingest:${id.slice(0, 200)}` : `ingest-ip:${request.ip}`;
  },
};

function basicPassword(header: string | undefined): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : undefined;
}

/** A body that came in as text (no or an odd content type): JSON or form parameters, as far as it is either. */
function bodyOf(raw: unknown): { params: Record<string, unknown>; json: unknown } {
  if (typeof raw !== 'string') return { params: {}, json: raw };
  const text = raw.trim();
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return { params: {}, json: JSON.parse(text) };
    } catch {
      return { params: {}, json: undefined };
    }
  }
  return { params: Object.fromEntries(new URLSearchParams(text)), json: undefined };
}

/**
 * Position ingest from tracking apps, outside the API base path and without a bearer token: the per-MSISDN device
 * token authenticates (OsmAnd `id`, OwnTracks Basic password). Answers 200 when the report is taken (stored, or
 * dropped outside the tracking window), 400 for a bad report, 401 for an unknown token, 403 without consent.
 */
export async function ingestRoutes(app: FastifyInstance, { ingest }: IngestRoutesOptions): Promise<void> {
  // Apps send forms, JSON, or text; this scope reads them all as text and decides itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const osmand = async (request: FastifyRequest) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = bodyOf(request.body);
    const params = { ...body.params, ...query };
    const owner = await ingest.owner(osmandToken(params, body.json), 'Token');
    const result = await ingest.ingest(owner, () => parseOsmand(params, body.json), 'OSMAND');
    request.log.debug({ msisdnId: owner.msisdnId, ...result }, 'OsmAnd report');
    return '';
  };
  const tags = ['ingest'];
  const osmandDocs = {
    querystring: osmandQueryDoc,
    response: ingestResponsesDoc(z.literal('').describe('Empty: the report was taken')),
  };
  const osmandSecurity = [{ deviceToken: [] }];
  app.get(
    '/osmand',
    {
      config: { rateLimit, openapi: osmandDocs },
      schema: {
        tags,
        security: osmandSecurity,
        summary: 'OsmAnd / Traccar Client position report (query parameters)',
      },
    },
    osmand,
  );
  app.post(
    '/osmand',
    {
      config: {
        rateLimit,
        openapi: { ...osmandDocs, body: osmandBodyDoc, consumes: INGEST_CONTENT_TYPES },
      },
      schema: {
        tags,
        // The token may also come in the JSON body (`device_id`), as the scheme's description says.
        security: osmandSecurity,
        summary: 'OsmAnd / Traccar Client position report (query, form or JSON)',
      },
    },
    osmand,
  );

  app.post(
    '/owntracks',
    {
      config: {
        rateLimit,
        openapi: {
          body: ownTracksBodyDoc,
          consumes: INGEST_CONTENT_TYPES,
          response: ingestResponsesDoc(
            z.array(z.unknown()).describe('Always `[]` (no messages for the phone)'),
          ),
        },
      },
      schema: {
        tags,
        security: [{ deviceTokenBasic: [] }],
        summary: 'OwnTracks HTTP position report (Basic auth: password = device token)',
      },
    },
    async (request, reply) => {
      const owner = await ingest.owner(basicPassword(request.headers.authorization), 'Basic');
      const body = bodyOf(request.body);
      const result = await ingest.ingest(owner, () => parseOwnTracks(body.json), 'OWNTRACKS');
      request.log.debug({ msisdnId: owner.msisdnId, ...result }, 'OwnTracks report');
      // OwnTracks expects a JSON list (of messages for the phone); none.
      return reply.type('application/json').send('[]');
    },
  );
}

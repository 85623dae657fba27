import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { PROBLEM_CONTENT_TYPE, PROBLEM_SCHEMA_REF } from '../src/lib/openapi.ts';
import { useTestServer } from './helpers.ts';

/**
 * The API document as a reference (issue 10 item 11), linted over every operation it holds, so an endpoint added
 * later is checked without touching this file: valid OpenAPI, operationId/summary/tags everywhere, every error
 * response problem+json through the one Problem schema, real security on the endpoints that are not bearer-token
 * API, declared path parameters, no trailing-slash paths.
 */
type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  security?: Record<string, string[]>[];
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

const server = useTestServer();
let doc: Document;
let operations: { method: string; path: string; op: Operation; name: string }[];

/** Operations anyone may call without credentials; a new one must be added here on purpose. */
const PUBLIC = [
  `GET ${API_BASE_PATH}/config`,
  `POST ${API_BASE_PATH}/invitations/verify`,
  `POST ${API_BASE_PATH}/invitations/accept`,
  // The expiring signed link of a scheduled report's e-mail: the token in the path is the credential.
  `GET ${API_BASE_PATH}/report-files/{token}`,
];
/** Operations outside the bearer-token API and the schemes they must declare. */
const OWN_SECURITY: Record<string, string[]> = {
  'GET /ingest/osmand': ['deviceToken'],
  'POST /ingest/osmand': ['deviceToken'],
  'POST /ingest/owntracks': ['deviceTokenBasic'],
  [`POST ${API_BASE_PATH}/sms/inbound`]: ['webhookToken', 'webhookBearer'],
};

beforeAll(async () => {
  await server.app.ready();
  doc = structuredClone(server.app.swagger()) as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({ method, path, op, name: `${method.toUpperCase()} ${path}` })),
  );
});

/** Every schema object under a value (to find inline copies of the problem shape). */
function* schemasIn(value: unknown): Generator<Schema> {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) yield* schemasIn(item);
    return;
  }
  const object = value as Schema;
  if (object['properties']) yield object;
  for (const child of Object.values(object)) yield* schemasIn(child);
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(operations.length).toBeGreaterThan(40);
  });

  it('gives every operation a unique operationId, a summary and tags', () => {
    const missing = operations.filter(({ op }) => !op.operationId || !op.summary?.trim() || !op.tags?.length);
    expect(missing.map((o) => o.name)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no trailing-slash paths and no two paths that differ only by one', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.length > 1 && p.endsWith('/'))).toEqual([]);
    const canonical = paths.map((p) => p.replace(/\/+$/, ''));
    expect(new Set(canonical).size).toBe(paths.length);
  });

  it('declares every error response as problem+json with the one Problem schema', () => {
    expect(doc.components.schemas['Problem']).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['type', 'title', 'status', 'code']),
    });
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      const responses = op.responses ?? {};
      if (!Object.keys(responses).some((s) => /^2\d\d$/.test(s))) wrong.push(`${name}: no success response`);
      if (!responses['default']) wrong.push(`${name}: no default (error) response`);
      for (const [status, response] of Object.entries(responses)) {
        if (status !== 'default' && Number(status) < 400) continue;
        const content = response.content ?? {};
        if (
          Object.keys(content).join() !== PROBLEM_CONTENT_TYPE ||
          content[PROBLEM_CONTENT_TYPE]?.schema?.['$ref'] !== PROBLEM_SCHEMA_REF
        )
          wrong.push(`${name} ${status}`);
        if (!response.description || response.description === 'Default Response')
          wrong.push(`${name} ${status}: description`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('holds no second copy of the problem shape', () => {
    const { Problem: _problem, ...others } = doc.components.schemas;
    const copies = [...schemasIn(doc.paths), ...schemasIn(others)].filter((s) => {
      const properties = Object.keys(s['properties'] as object);
      return ['type', 'title', 'status', 'code'].every((p) => properties.includes(p));
    });
    expect(copies).toEqual([]);
  });

  it('declares the real security of every operation', () => {
    const schemes = Object.keys(doc.components.securitySchemes);
    expect(doc.security).toEqual([{ bearer: [] }]);
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      const security = op.security;
      for (const requirement of security ?? [])
        for (const scheme of Object.keys(requirement))
          if (!schemes.includes(scheme)) wrong.push(`${name}: unknown scheme ${scheme}`);
      if (PUBLIC.includes(name)) {
        if (JSON.stringify(security) !== '[]') wrong.push(`${name}: should be public`);
      } else if (OWN_SECURITY[name]) {
        const declared = (security ?? []).flatMap((r) => Object.keys(r)).sort();
        if (declared.join() !== [...OWN_SECURITY[name]!].sort().join())
          wrong.push(`${name}: ${declared.join()}`);
      } else if (security !== undefined || !name.includes(API_BASE_PATH)) {
        wrong.push(`${name}: must use the API's bearer token`);
      }
      const ownProblems = Object.keys(op.responses ?? {});
      if (!PUBLIC.includes(name) && !ownProblems.includes('401')) wrong.push(`${name}: no 401`);
    }
    expect(wrong).toEqual([]);
    expect(doc.components.securitySchemes).toMatchObject({
      deviceToken: { type: 'apiKey', in: 'query', name: 'id' },
      deviceTokenBasic: { type: 'http', scheme: 'basic' },
      webhookToken: { type: 'apiKey', in: 'header', name: 'x-webhook-token' },
    });
  });

  it('declares the path parameters of every operation and the ingest endpoints’ parameters and bodies', () => {
    const wrong: string[] = [];
    for (const { name, path, op } of operations) {
      for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
        const declared = op.parameters?.find((p) => p.in === 'path' && p.name === param);
        if (!declared?.required) wrong.push(`${name}: {${param}}`);
      }
    }
    expect(wrong).toEqual([]);
    const osmand = doc.paths['/ingest/osmand']!;
    for (const op of [osmand['get']!, osmand['post']!]) {
      expect(op.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['lat', 'lon', 'timestamp']));
    }
    expect(Object.keys(osmand['post']!.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(['application/json', 'application/x-www-form-urlencoded']),
    );
    expect(doc.paths['/ingest/owntracks']!['post']!.requestBody?.content).toHaveProperty([
      'application/json',
    ]);
    expect(doc.paths[`${API_BASE_PATH}/sms/inbound`]!['post']!.requestBody?.content).toHaveProperty([
      'application/json',
    ]);
  });
});

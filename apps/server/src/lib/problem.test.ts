import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfRange } from '@lbs/contracts';
import { AppError, conflict } from './errors.ts';
import { installProblemHandler } from './problem.ts';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installProblemHandler(app);
  app.get('/boom', async () => {
    throw new Error('connection to db-7.internal:5432 refused');
  });
  app.get('/conflict', async () => {
    throw conflict('The name is taken.');
  });
  app.get('/teapot', async () => {
    throw new AppError(418, 'custom.code', 'Short and stout.', undefined, { 'retry-after': '5' });
  });
  app.get(
    '/items/:id',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive('validation.invalid') }),
        querystring: z.object({ size: z.coerce.number().max(100, outOfRange(1, 100)) }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('problem+json handler', () => {
  it('hides the detail of a 5xx', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      code: 'problem.internal',
      detail: 'Something went wrong, Please try again!',
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain('db-7');
  });

  it('passes an AppError through with its code, detail and headers', async () => {
    expect((await app.inject({ method: 'GET', url: '/conflict' })).json()).toMatchObject({
      status: 409,
      code: 'problem.conflict',
      detail: 'The name is taken.',
    });
    const teapot = await app.inject({ method: 'GET', url: '/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.headers['retry-after']).toBe('5');
    expect(teapot.json()).toMatchObject({
      title: 'Error',
      code: 'custom.code',
      type: 'urn:lbs:problem:custom.code',
    });
  });

  it('names the request part of params and query errors', async () => {
    const params = await app.inject({ method: 'GET', url: '/items/-3?size=1' });
    expect(params.statusCode).toBe(400);
    expect(params.json().errors).toEqual([
      { path: 'params.id', code: 'validation.invalid', message: 'Invalid value' },
    ]);
    const query = await app.inject({ method: 'GET', url: '/items/3?size=500' });
    expect(query.json().errors).toEqual([
      {
        path: 'query.size',
        code: 'validation.numberOutOfRange',
        params: { min: 1, max: 100 },
        message: 'Between 1 and 100',
      },
    ]);
  });
});

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingEstimateSchema,
  creditNoteBodySchema,
  estimateQuerySchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceRunResultSchema,
  invoiceRunSchema,
  invoiceSummarySchema,
  invoiceVoidSchema,
  objectIdParamSchema,
  pageSchema,
  paymentBodySchema,
  problemSchema,
  tariffBodySchema,
  tariffSchema,
  usageQuerySchema,
  usageRowSchema,
} from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems, writeProblems } from '../../access/route-support.ts';
import type { BillingService } from './service.ts';

type Options = { service: BillingService; queueRuns: (period: string) => Promise<number> };

/** /invoices: the invoices in scope, their PDF, and the operator's runs, issues, voids, credits and payments. */
export const invoiceRoutes: FastifyPluginAsyncZod<Options> = async (app, { service: s, queueRuns }) => {
  const tags = ['billing'];
  app.get(
    '/',
    {
      config: { permission: 'invoice.list' },
      schema: {
        tags,
        summary: 'Invoices (CompanyAdmin: its company’s issued ones; SuperAdmin: all, drafts too)',
        querystring: invoiceListQuerySchema,
        response: { 200: pageSchema(invoiceSummarySchema), ...readProblems },
      },
    },
    async (r) => s.list(callerOf(r), r.query),
  );
  app.get(
    '/estimate',
    {
      config: { permission: 'invoice.list' },
      schema: {
        tags,
        summary: 'The current month so far, priced by the tariff in effect (an estimate, not an invoice)',
        querystring: estimateQuerySchema,
        response: { 200: billingEstimateSchema, ...readProblems },
      },
    },
    async (r) => s.estimate(callerOf(r), r.query.companyId),
  );
  app.post(
    '/runs',
    {
      config: { permission: 'invoice.run' },
      schema: {
        tags,
        summary: 'Build the draft of a company’s month now, or queue every company’s',
        body: invoiceRunSchema,
        response: { 200: invoiceRunResultSchema, ...writeProblems },
      },
    },
    async (r) => s.run(callerOf(r), r.body, queueRuns),
  );
  app.get(
    '/:id',
    {
      config: { permission: 'invoice.read' },
      schema: {
        tags,
        summary: 'One invoice with its items, payments and credit notes',
        params: objectIdParamSchema,
        response: { 200: invoiceDetailSchema, ...readProblems },
      },
    },
    async (r) => s.get(callerOf(r), r.params.id),
  );
  app.get(
    '/:id/pdf',
    {
      config: {
        permission: 'invoice.read',
        openapi: {
          response: {
            200: z.string().describe('The invoice as PDF (the stored bytes once issued)'),
            400: problemSchema,
            401: problemSchema,
            403: problemSchema,
            404: problemSchema,
          },
        },
      },
      schema: {
        tags,
        summary: 'The invoice as PDF',
        params: objectIdParamSchema,
        produces: ['application/pdf'],
      },
    },
    async (r, reply) => {
      const file = await s.pdf(callerOf(r), r.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.bytes);
    },
  );
  app.post(
    '/:id/issue',
    {
      config: { permission: 'invoice.issue' },
      schema: {
        tags,
        summary: 'Issue a draft: its number, dates and PDF, fixed from now on',
        params: objectIdParamSchema,
        response: { 200: invoiceDetailSchema, ...writeProblems },
      },
    },
    async (r) => s.issue(callerOf(r), r.params.id),
  );
  app.post(
    '/:id/void',
    {
      config: { permission: 'invoice.void' },
      schema: {
        tags,
        summary: 'Void an issued invoice without payments (a new run drafts its replacement)',
        params: objectIdParamSchema,
        body: invoiceVoidSchema,
        response: { 200: invoiceDetailSchema, ...writeProblems },
      },
    },
    async (r) => s.void(callerOf(r), r.params.id, r.body.reason),
  );
  app.post(
    '/:id/credit-notes',
    {
      config: { permission: 'invoice.creditNote' },
      schema: {
        tags,
        summary: 'Credit part of what is owed (a credit note of its own series)',
        params: objectIdParamSchema,
        body: creditNoteBodySchema,
        response: { 200: invoiceDetailSchema, ...writeProblems },
      },
    },
    async (r) => s.creditNote(callerOf(r), r.params.id, r.body),
  );
  app.post(
    '/:id/payments',
    {
      config: { permission: 'invoice.recordPayment' },
      schema: {
        tags,
        summary: 'Record a payment received',
        params: objectIdParamSchema,
        body: paymentBodySchema,
        response: { 200: invoiceDetailSchema, ...writeProblems },
      },
    },
    async (r) => s.recordPayment(callerOf(r), r.params.id, r.body),
  );
};

/** /companies/{id}/tariffs: a company's tariff versions. */
export const tariffRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (
  app,
  { service: s },
) => {
  const tags = ['billing'];
  app.get(
    '/:id/tariffs',
    {
      config: { permission: 'tariff.list' },
      schema: {
        tags,
        summary: 'A company’s tariff versions, newest first',
        params: objectIdParamSchema,
        response: { 200: z.object({ items: z.array(tariffSchema) }), ...readProblems },
      },
    },
    async (r) => s.tariffs(callerOf(r), r.params.id),
  );
  app.post(
    '/:id/tariffs',
    {
      config: { permission: 'tariff.create' },
      schema: {
        tags,
        summary: 'A new tariff version from the first day of a month not yet invoiced',
        params: objectIdParamSchema,
        body: tariffBodySchema,
        response: { 201: tariffSchema, ...writeProblems },
      },
    },
    async (r, reply) => reply.code(201).send(await s.addTariff(callerOf(r), r.params.id, r.body)),
  );
};

/** /usage: the locates behind the invoice lines. */
export const usageRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (
  app,
  { service: s },
) => {
  app.get(
    '/',
    {
      config: { permission: 'usage.list' },
      schema: {
        tags: ['billing'],
        summary: 'Locates per MSISDN (billable or not), newest first',
        querystring: usageQuerySchema,
        response: { 200: pageSchema(usageRowSchema), ...readProblems },
      },
    },
    async (r) => s.usage(callerOf(r), r.query),
  );
};

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { getOrCreateSecret } from '../../identity/secrets.ts';
import { createMailer } from '../../lib/mail.ts';
import { outboxSmsGateway, type SmsGateway } from '../../lib/sms.ts';
import { companyRoutes } from '../companies/routes.ts';
import { companiesService } from '../companies/service.ts';
import { consentService } from '../msisdns/consent.ts';
import { importJobs } from '../msisdns/import-jobs.ts';
import { msisdnImportRoutes, msisdnRoutes, smsInboundRoutes } from '../msisdns/routes.ts';
import { msisdnsService } from '../msisdns/service.ts';
import { orgUnitRoutes } from '../org-units/routes.ts';
import { orgUnitsService } from '../org-units/service.ts';
import { roleRoutes } from '../roles/routes.ts';
import { invitationsService } from '../users/invitations.ts';
import { invitationRoutes, userRoutes } from '../users/routes.ts';
import { usersService } from '../users/service.ts';

export interface OrganisationOptions {
  context: AppContext;
  /** Another SMS gateway (an operator's SMSC adapter, a test double); default: the outbox. */
  sms?: SmsGateway;
}

/**
 * The organisation API: companies, departments, zones, designations, users, roles and employee MSISDNs, plus the
 * public invitation and inbound-SMS endpoints. Registered inside the API scope, after the auth plugin.
 */
export async function organisationRoutes(
  app: FastifyInstance,
  { context, sms: smsGateway }: OrganisationOptions,
): Promise<void> {
  const { db, config } = context;
  const log = app.log;

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const sms = smsGateway ?? outboxSmsGateway(db, log);
  const consent = consentService({ db, sms, log });
  const jobs = importJobs({ db, consent, log });
  app.addHook('onClose', async () => {
    await jobs.close();
    mailer.close();
  });

  let webhookToken = config.smsWebhookToken;
  if (!webhookToken) {
    webhookToken = await getOrCreateSecret(db, 'sms.webhookToken', async () =>
      randomBytes(24).toString('base64url'),
    );
    log.info(
      `Inbound SMS webhook: POST ${app.prefix}/sms/inbound with header x-webhook-token: ${webhookToken} (set SMS_WEBHOOK_TOKEN to choose it)`,
    );
  }

  await app.register(companyRoutes, { prefix: '/companies', service: companiesService({ db }) });
  await app.register(orgUnitRoutes, {
    prefix: '/departments',
    resource: 'department',
    service: orgUnitsService('departments', { db }),
  });
  await app.register(orgUnitRoutes, {
    prefix: '/zones',
    resource: 'zone',
    service: orgUnitsService('zones', { db }),
  });
  await app.register(orgUnitRoutes, {
    prefix: '/designations',
    resource: 'designation',
    service: orgUnitsService('designations', { db }),
  });
  await app.register(userRoutes, { prefix: '/users', service: usersService({ db, config, mailer, log }) });
  await app.register(invitationRoutes, { prefix: '/invitations', service: invitationsService({ db }) });
  await app.register(roleRoutes, { prefix: '/roles', db });
  await app.register(msisdnRoutes, { prefix: '/msisdns', service: msisdnsService({ db, consent }) });
  await app.register(msisdnImportRoutes, { prefix: '/msisdns/imports', jobs });
  await app.register(smsInboundRoutes, { prefix: '/sms', consent, token: webhookToken });
}

import { MESSAGES, type PositionSource } from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { storableExtras } from '../../lib/storable.ts';
import { findDeviceOwner, TokenUse, type DeviceOwner } from '../device-tokens.ts';
import { mayLocate } from '../locate-policy.ts';
import type { PositionPipeline } from '../pipeline.ts';
import { ReportFormatError, type AppReport } from './app-reports.ts';

export interface IngestResult {
  stored: number;
  /**
   * Reports outside the company's tracking window, or taken before the employee's consent was given (an app's
   * backlog): accepted (so the app does not resend them) but not stored.
   */
  discarded: number;
}

/** 401 for an unknown or revoked device token; OwnTracks (Basic) gets a Basic challenge. */
export function deviceTokenInvalid(scheme: 'Basic' | 'Token'): AppError {
  return new AppError(
    401,
    'location.deviceTokenInvalid',
    MESSAGES['location.deviceTokenInvalid'],
    undefined,
    scheme === 'Basic' ? { 'www-authenticate': 'Basic realm="lbs-ingest", charset="UTF-8"' } : undefined,
  );
}

/**
 * Positions from the employee's tracking app: token → MSISDN, report format, the pipeline's validation (400), the
 * same gate as network location at the time of each fix (no consent, tracking off, company suspended → 403 for the
 * whole request; outside the window or taken before consent was given → dropped), then the pipeline.
 */
export class AppIngest {
  private readonly tokenUse: TokenUse;
  private readonly findOwner: (token: string) => Promise<DeviceOwner | undefined>;

  constructor(
    db: Db,
    private readonly pipeline: PositionPipeline,
    options: {
      tokenUse?: TokenUse;
      /** Token → owner: the composition root gives a cached one (cachedDeviceOwners). */
      findOwner?: (token: string) => Promise<DeviceOwner | undefined>;
    } = {},
  ) {
    this.tokenUse = options.tokenUse ?? new TokenUse(db);
    this.findOwner = options.findOwner ?? ((token) => findDeviceOwner(db, token));
  }

  /** Writes the tokens' pending "last used" marks (at shutdown). */
  close(): Promise<void> {
    return this.tokenUse.flush();
  }

  async owner(token: string | undefined, scheme: 'Basic' | 'Token'): Promise<DeviceOwner> {
    const owner = token ? await this.findOwner(token) : undefined;
    if (!owner) throw deviceTokenInvalid(scheme);
    return owner;
  }

  async ingest(owner: DeviceOwner, parse: () => AppReport[], source: PositionSource): Promise<IngestResult> {
    let reports: AppReport[];
    try {
      reports = parse();
    } catch (error) {
      if (error instanceof ReportFormatError)
        throw new AppError(400, 'problem.validation', MESSAGES['problem.validation'], error.errors);
      throw error;
    }
    const inputs = reports.map((r) => ({
      msisdnId: owner.msisdnId,
      time: r.time,
      lat: r.lat,
      lon: r.lon,
      accuracyM: r.accuracyM,
      source,
      // Whatever the app sent beyond the position: storable, whatever it is (NUL, lone surrogates, objects).
      extra: storableExtras(r.extra),
    }));
    const invalid = inputs
      .map((p, i) => ({ i, code: this.pipeline.validate(p) }))
      .filter((v) => v.code !== undefined);
    if (invalid.length) {
      throw new AppError(
        400,
        'problem.validation',
        MESSAGES['problem.validation'],
        invalid.map(({ i, code }) => ({
          path: inputs.length > 1 ? `${i}` : 'position',
          code: code!,
          message: MESSAGES[code!],
        })),
      );
    }
    const subject = {
      id: owner.msisdnId,
      msisdn: owner.msisdn,
      companyId: owner.company.id,
      consentStatus: owner.consentStatus,
      trackingEnabled: owner.trackingEnabled,
    };
    const allowed = [];
    // Consent covers what is located from its giving on: an older fix (an app's backlog) is dropped like one outside
    // the window. (The status gate comes first: a revoked consent's time is its revocation's.)
    const consentFrom = owner.consentAt?.getTime() ?? -Infinity;
    for (const input of inputs) {
      const decision = mayLocate(subject, owner.company, input.time);
      if (decision.ok) {
        if (input.time.getTime() >= consentFrom) allowed.push(input);
      } else if (decision.reason !== 'location.outsideWindow')
        throw new AppError(403, decision.reason, MESSAGES[decision.reason]);
    }
    const { stored } = allowed.length ? await this.pipeline.submit(allowed) : { stored: [] };
    if (owner.firstUse) await this.tokenUse.first(owner.tokenId);
    else this.tokenUse.touch(owner.tokenId);
    return { stored: stored.length, discarded: inputs.length - allowed.length };
  }
}

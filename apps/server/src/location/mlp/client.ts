import type { LocatePermit } from '../locate-policy.ts';
import {
  buildSlir,
  msidOf,
  parseSlia,
  type MlpCredentials,
  type MlpShape,
  type SliaAnswer,
} from './documents.ts';
import { CLIENT_RESULTS, isRetryableRequestResult, MLP_OK, resultText } from './result-codes.ts';
import { XmlFormatError } from './xml.ts';

export interface MlpClientOptions {
  url: string;
  credentials?: MlpCredentials;
  /** Per attempt, answer body included. */
  timeoutMs: number;
  /** Requests in flight to this GMLC at once; more wait their turn. */
  concurrency: number;
  /** Further attempts after a transport failure, a 5xx/429 or a "congestion" answer. */
  retries?: number;
  /** First pause before a retry; doubles each time, with jitter. */
  backoffMs?: number;
  fetch?: typeof fetch;
}

export interface MlpFix {
  time: Date;
  lat: number;
  lon: number;
  accuracyM: number | null;
  shape: MlpShape;
}

export interface MlpResult {
  permit: LocatePermit;
  /** 0 located; an MLP code (4, 5, 6, 7, 202, …) or one of ours (negative) otherwise. */
  resultCode: number;
  result: string;
  fix?: MlpFix;
}

/** Why a whole request got no per-MSISDN answer. */
export type MlpFailureCode = 'TIMEOUT' | 'NETWORK' | 'MALFORMED' | `HTTP_${number}` | `MLP_${number}`;

export interface MlpExchange {
  /** The GMLC as recorded (origin and path, never credentials). */
  gmlc: string;
  latencyMs: number;
  attempts: number;
  failure?: { code: MlpFailureCode; detail: string };
  /** One per permit, in request order. */
  results: MlpResult[];
}

type Attempt =
  | { answer: SliaAnswer }
  | { failure: { code: MlpFailureCode; resultCode: number; detail: string; retryable: boolean } };

class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(size: number) {
    this.#free = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * OMA MLP 3.x client for one GMLC: standard immediate location requests over HTTP POST, many MSISDNs per request.
 * Never throws for what the network does: a timeout, an HTTP error or an unreadable answer becomes a failed exchange
 * (every MSISDN of the request gets the failure's code) for the caller to record.
 */
export class MlpClient {
  readonly gmlc: string;
  readonly #options: Required<Omit<MlpClientOptions, 'credentials'>> & { credentials: MlpCredentials };
  readonly #slots: Semaphore;

  constructor(options: MlpClientOptions) {
    this.#options = { retries: 2, backoffMs: 200, fetch: globalThis.fetch, credentials: {}, ...options };
    this.#slots = new Semaphore(options.concurrency);
    const u = new URL(options.url);
    this.gmlc = `${u.origin}${u.pathname === '/' ? '' : u.pathname}`;
  }

  async locate(permits: readonly LocatePermit[]): Promise<MlpExchange> {
    const started = performance.now();
    const body = buildSlir(
      permits.map((p) => p.msisdn),
      this.#options.credentials,
    );
    let attempts = 0;
    let outcome: Attempt;
    for (;;) {
      attempts++;
      outcome = await this.#slots.run(() => this.#attempt(body));
      const retryable =
        'failure' in outcome
          ? outcome.failure.retryable
          : outcome.answer.requestResult !== undefined &&
            isRetryableRequestResult(outcome.answer.requestResult.resultCode);
      if (!retryable || attempts > this.#options.retries) break;
      await sleep(this.#options.backoffMs * 2 ** (attempts - 1) * (0.5 + Math.random()));
    }
    const latencyMs = Math.round(performance.now() - started);
    if ('failure' in outcome) {
      const { code, resultCode, detail } = outcome.failure;
      return {
        gmlc: this.gmlc,
        latencyMs,
        attempts,
        failure: { code, detail },
        results: permits.map((permit) => ({ permit, resultCode, result: resultText(resultCode) })),
      };
    }
    const { answer } = outcome;
    if (answer.requestResult) {
      const { resultCode, result } = answer.requestResult;
      return {
        gmlc: this.gmlc,
        latencyMs,
        attempts,
        failure: { code: `MLP_${resultCode}`, detail: result },
        results: permits.map((permit) => ({ permit, resultCode, result })),
      };
    }
    const byMsid = new Map(answer.positions.map((p) => [p.msid, p]));
    const results = permits.map((permit): MlpResult => {
      const p = byMsid.get(msidOf(permit.msisdn));
      if (!p)
        return { permit, resultCode: CLIENT_RESULTS.MISSING, result: resultText(CLIENT_RESULTS.MISSING) };
      if (!p.ok) return { permit, resultCode: p.resultCode, result: p.result };
      return {
        permit,
        resultCode: MLP_OK,
        result: resultText(MLP_OK),
        fix: { time: p.time, lat: p.lat, lon: p.lon, accuracyM: p.accuracyM, shape: p.shape },
      };
    });
    return { gmlc: this.gmlc, latencyMs, attempts, results };
  }

  async #attempt(body: string): Promise<Attempt> {
    let response: Response;
    let text: string;
    try {
      response = await this.#options.fetch(this.#options.url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml, application/xml' },
        body,
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return {
          failure: {
            code: 'TIMEOUT',
            resultCode: CLIENT_RESULTS.TIMEOUT,
            detail: `no answer within ${this.#options.timeoutMs} ms`,
            retryable: true,
          },
        };
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        failure: {
          code: 'NETWORK',
          resultCode: CLIENT_RESULTS.NETWORK,
          detail: cause?.code ?? cause?.message ?? (error as Error).message,
          retryable: true,
        },
      };
    }
    if (!response.ok) {
      const retryable = response.status >= 500 || response.status === 429;
      return {
        failure: {
          code: `HTTP_${response.status}`,
          resultCode: CLIENT_RESULTS.NETWORK,
          detail: `HTTP ${response.status}`,
          retryable,
        },
      };
    }
    try {
      return { answer: parseSlia(text) };
    } catch (error) {
      if (!(error instanceof XmlFormatError)) throw error;
      return {
        failure: {
          code: 'MALFORMED',
          resultCode: CLIENT_RESULTS.MALFORMED,
          detail: error.message,
          retryable: false,
        },
      };
    }
  }
}

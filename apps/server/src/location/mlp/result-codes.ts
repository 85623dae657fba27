import type { MessageKey } from '@lbs/contracts';

/** OMA MLP 3.x result codes (§5.4) that a location answer can carry, with their standard texts. */
export const MLP_RESULTS: Record<number, string> = {
  0: 'OK',
  1: 'SYSTEM FAILURE',
  2: 'UNSPECIFIED ERROR',
  3: 'UNAUTHORIZED APPLICATION',
  4: 'UNKNOWN SUBSCRIBER',
  5: 'ABSENT SUBSCRIBER',
  6: 'POSITION METHOD FAILURE',
  7: 'TIMEOUT',
  101: 'CONGESTION IN LOCATION SERVER',
  103: 'UNSUPPORTED VERSION',
  104: 'TOO MANY POSITION ITEMS',
  105: 'FORMAT ERROR',
  106: 'SYNTAX ERROR',
  107: 'PROTOCOL ELEMENT NOT SUPPORTED',
  108: 'SERVICE NOT SUPPORTED',
  109: 'PROTOCOL ELEMENT ATTRIBUTE NOT SUPPORTED',
  110: 'INVALID PROTOCOL ELEMENT VALUE',
  111: 'INVALID PROTOCOL ELEMENT ATTRIBUTE VALUE',
  112: 'PROTOCOL ELEMENT VALUE NOT SUPPORTED',
  113: 'PROTOCOL ELEMENT ATTRIBUTE VALUE NOT SUPPORTED',
  201: 'QOP NOT ATTAINABLE',
  202: 'POSITIONING NOT ALLOWED',
  203: 'CONGESTION IN MOBILE NETWORK',
  204: 'DISALLOWED BY LOCAL REGULATIONS',
  207: 'MISCONFIGURATION OF LOCATION SERVER',
};

export const MLP_OK = 0;

/**
 * Our own codes for an MSISDN that got no MLP answer (negative, so they never collide with MLP's): the request
 * failed in transport, timed out, came back unreadable, the answer left the MSISDN out, or its position was invalid.
 */
export const CLIENT_RESULTS = {
  NETWORK: -1,
  TIMEOUT: -2,
  MALFORMED: -3,
  MISSING: -4,
  INVALID_POSITION: -5,
} as const;

const CLIENT_TEXTS: Record<number, string> = {
  [-1]: 'NETWORK ERROR',
  [-2]: 'REQUEST TIMEOUT',
  [-3]: 'MALFORMED ANSWER',
  [-4]: 'NOT IN ANSWER',
  [-5]: 'INVALID POSITION',
};

export function resultText(code: number): string {
  return MLP_RESULTS[code] ?? CLIENT_TEXTS[code] ?? `RESULT ${code}`;
}

/** The translated reason the UI shows for a failed locate. */
export function resultReason(code: number): MessageKey {
  switch (code) {
    case 4:
      return 'location.unknownSubscriber';
    case 5:
      return 'location.absentSubscriber';
    case 6:
    case 201:
      return 'location.positionMethodFailure';
    case 7:
      return 'location.timeout';
    case 202:
    case 204:
      return 'location.positioningNotAllowed';
    case CLIENT_RESULTS.NETWORK:
    case CLIENT_RESULTS.TIMEOUT:
    case CLIENT_RESULTS.MALFORMED:
    case 1:
    case 3:
    case 101:
    case 203:
      return 'location.networkError';
    default:
      return 'location.failed';
  }
}

/** Request-level answers worth another attempt after a pause (the server or the network was busy). */
export function isRetryableRequestResult(code: number): boolean {
  return code === 1 || code === 101 || code === 203;
}

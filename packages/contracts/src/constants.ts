/** SPEC §9 business constants, shared by server and web. */
export const CLIENT_ID = 'lbs-public';
export const REALM = 'lbs';
export const API_BASE_PATH = '/api/v1/lbs-backend';
export const REALM_PATH = `/realms/${REALM}`;
export const OIDC_PATHS = {
  discovery: '/.well-known/openid-configuration',
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  endSession: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
} as const;
export const AUTH_CALLBACK_PATH = '/authenticate';
export const DEFAULT_POST_LOGIN_PATH = '/monitor';
export const DUE_INVOICE_PATH = '/due-invoice';

export const CODE_VERIFIER_MIN_LENGTH = 43;
export const CODE_VERIFIER_MAX_LENGTH = 128;
export const CODE_VERIFIER_DEFAULT_LENGTH = 43;
export const CODE_CHALLENGE_METHOD = 'S256';

export const PIN_LENGTH = 6;
export const SIDEBAR_WIDTH = 280;
export const LOADER_DELAY_MS = 300;
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
export const COMPARISON_PERIOD_DAYS = 30;

export const PRIMARY_COLOR = '#0A8FDC';
export const SECONDARY_COLOR = '#F04F47';
/**
 * The brand blue darkened for text on light backgrounds and for fills under white text: WCAG AA asks 4.5:1, which
 * #0A8FDC (3.5:1 on white) does not reach; this is 5.7:1. The brand colours stay the accents (logo, marks, maps).
 */
export const PRIMARY_TEXT_COLOR = '#076BA5';
export const CARD_RADIUS = 16;
export const CARD_RADIUS_MODERN = 30;
export const BASE_FONT_SIZE = 14;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Highest page number a list accepts (page × size stays far inside the database's OFFSET range). */
export const PAGE_MAX = 1_000_000;

export const LOCAL_STORAGE_KEYS = {
  authData: 'authData',
  refreshToken: 'refreshToken',
  isPiaSigned: 'isPiaSigned',
  hierarchyMode: 'hierarchyMode',
  canShowHierarchyToggle: 'canShowHierarchyToggle',
} as const;
export const SESSION_STORAGE_KEYS = {
  codeVerifier: 'codeVerifier',
  codeChallenge: 'codeChallenge',
  state: 'state',
  nonce: 'nonce',
} as const;

export const HIERARCHY_MODES = ['DEPARTMENT', 'ZONE'] as const;
export type HierarchyMode = (typeof HIERARCHY_MODES)[number];
export const DEFAULT_HIERARCHY_MODE: HierarchyMode = 'DEPARTMENT';

/** Password rules for admin accounts (SPEC §5 leaves the pattern open; DESIGN asks for a sensible one). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

/** Organisation (companies, departments, zones, designations, users, employee MSISDNs). */
export const DESCRIPTION_MAX_LENGTH = 500;
export const ADDRESS_MAX_LENGTH = 300;
export const NOTES_MAX_LENGTH = 2000;
export const EMPLOYEE_CODE_MAX_LENGTH = 40;
/** Company code: 2–20 of A–Z, 0–9, `-`, `_`, starting with a letter or digit (stored upper-case). */
export const COMPANY_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,19}$/;
/** Portal user name: 3–64 of letters, digits, `.`, `_`, `-`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;
export const COMPANY_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const CONSENT_STATUSES = ['PENDING', 'GRANTED', 'REVOKED'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
/**
 * What a company's location settings default to, in one place: the form's pre-filled values, the scheduler's poll
 * interval and the retention job's days when a stored configuration lacks them.
 */
export const LOCATION_DEFAULTS = { pollIntervalMinutes: 5, retentionDays: 90 } as const;
export const POLL_INTERVAL_MINUTES_MIN = 1;
export const POLL_INTERVAL_MINUTES_MAX = 1440;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
export const MONEY_MAX = 1_000_000;
/**
 * Consent reminders (issue 15): an employee whose consent is GRANTED is reminded by SMS every
 * `consentReminderDays` days (0: off, where the operator's rules permit — only the operator edits it); a consent
 * still PENDING after `consentPendingDays` days is flagged to the admins (CONSENT_PENDING_EXPIRED).
 */
export const CONSENT_DEFAULTS = { consentReminderDays: 30, consentPendingDays: 14 } as const;
export const CONSENT_REMINDER_DAYS_MAX = 365;
export const CONSENT_PENDING_DAYS_MIN = 1;
export const CONSENT_PENDING_DAYS_MAX = 90;

/** Invitation of a new portal user: a PIN_LENGTH-digit code, valid for INVITATION_TTL_HOURS (server config). */
export const INVITATION_TTL_HOURS_DEFAULT = 24;
export const INVITATION_MAX_ATTEMPTS = 5;
/** Public page of the web app where an invited user enters the code and chooses a password (`?email=`). */
export const SET_PASSWORD_PATH = '/set-password';

/** Bulk import of employee MSISDNs (CSV or XLSX, first sheet, header row first). */
export const MSISDN_IMPORT_MAX_ROWS = 10_000;
export const MSISDN_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const MSISDN_IMPORT_CONTENT_TYPES = {
  CSV: 'text/csv',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
/** Import columns; departments, zones and designations are named as in the company (case-insensitive). */
export const MSISDN_IMPORT_COLUMNS = [
  'msisdn',
  'employeeName',
  'employeeCode',
  'email',
  'department',
  'zone',
  'designation',
  'trackingEnabled',
] as const;
export const MSISDN_IMPORT_REQUIRED_COLUMNS = [
  'msisdn',
  'employeeName',
  'department',
  'designation',
] as const;

/** Replies an employee may send to the consent request (first word, case-insensitive). */
export const CONSENT_REPLIES = {
  grant: ['YES', 'Y'],
  refuse: ['NO', 'N'],
  revoke: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
} as const;

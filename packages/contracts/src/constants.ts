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
export const CARD_RADIUS = 16;
export const CARD_RADIUS_MODERN = 30;
export const BASE_FONT_SIZE = 14;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

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

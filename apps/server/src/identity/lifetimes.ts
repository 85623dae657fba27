/**
 * Token and session lifetimes, Keycloak's realm defaults: access token 5 min, SSO session idle 30 min,
 * SSO session max 10 h. All values in seconds.
 */
export const ACCESS_TOKEN_TTL = 5 * 60;
export const ID_TOKEN_TTL = ACCESS_TOKEN_TTL;
export const AUTHORIZATION_CODE_TTL = 60;
export const SESSION_IDLE = 30 * 60;
export const SESSION_MAX = 10 * 60 * 60;
/** Keycloak's "login timeout": how long a login page stays usable. */
export const INTERACTION_TTL = 30 * 60;

export const epochNow = (): number => Math.floor(Date.now() / 1000);

/**
 * Seconds an SSO session (or anything bound to it) may still live: the idle window, but never past the session
 * maximum counted from the login. Always ≥ 1 because the provider requires a positive TTL; a session at its
 * maximum then expires within a second.
 */
export function sessionRemaining(loginTs: number | undefined, now = epochNow()): number {
  if (!loginTs) return SESSION_IDLE;
  return Math.max(1, Math.min(SESSION_IDLE, loginTs + SESSION_MAX - now));
}

/** A grant lives as long as the longest session that can use it. */
export function grantRemaining(): number {
  return SESSION_MAX;
}

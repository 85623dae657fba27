import { interactionPolicy } from 'oidc-provider';

const { Check, base } = interactionPolicy;

/**
 * The default login/consent policy plus one login check: a browser session whose account `findAccount` no longer
 * returns (deactivated user, sessions revoked) must sign in again. Without it the provider would take the session
 * as signed in and fail further on with no account to grant to.
 */
export function loginPolicy(): interactionPolicy.DefaultPolicy {
  const policy = base();
  policy
    .get('login')
    ?.checks.add(
      new Check('account_unavailable', 'End-User authentication is required', (ctx) =>
        ctx.oidc.session?.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}

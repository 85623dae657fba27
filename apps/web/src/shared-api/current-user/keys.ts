/** Query keys of the signed-in user (shared-api/README.md: what this folder holds). */
export const currentUserKeys = {
  me: ['user-management', 'me'] as const,
};

import { useState } from 'react';
import { Navigate } from 'react-router';
import { takePostLoginTarget } from '../lib/auth/post-login-target.ts';

/** `/` goes to the post-login target (the `redirect` layout parameter, if given), by default /monitor. */
export function RootRedirect() {
  const [target] = useState(takePostLoginTarget);
  return <Navigate to={target} replace />;
}

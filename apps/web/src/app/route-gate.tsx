import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { RouteDef } from '@lbs/contracts';
import { UnauthorizedPage } from '../features/errors/pages/unauthorized-page.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { decideRoute } from './route-access.ts';

/** Wraps every authenticated page: due-invoice lock, then the role check from the shared route table. */
export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { me, role } = useCurrentUser();
  const decision = decideRoute(route, role, me.hasDueInvoice);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'unauthorized') return <UnauthorizedPage />;
  return children;
}

import { useRouteError } from 'react-router';
import { GenericErrorScreen } from '../components/generic-error-screen.tsx';

/** Last-resort boundary of the router (errors outside the layout's own boundary): Try again reloads the page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Route error', error);
  return <GenericErrorScreen onRetry={() => window.location.reload()} />;
}

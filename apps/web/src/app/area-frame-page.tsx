import { useTranslation } from 'react-i18next';
import type { RouteArea, RouteDef } from '@lbs/contracts';
import { EmptyState } from '../components/empty-state.tsx';
import { PageFrame } from '../components/page-frame.tsx';

/** Sidebar label key of each area, for the breadcrumb trail. */
const AREA_LABEL: Record<RouteArea, string> = {
  monitor: 'sidebar.monitor',
  company: 'sidebar.company',
  designation: 'sidebar.designation',
  department: 'sidebar.department',
  zone: 'sidebar.zone',
  msisdn: 'sidebar.msisdn',
  task: 'sidebar.task',
  role: 'sidebar.userManagement',
  poi: 'sidebar.poi',
  billing: 'sidebar.billing',
  user: 'sidebar.userManagement',
  attendance: 'sidebar.attendance',
  reports: 'sidebar.report',
  dueInvoice: 'route.dueInvoice',
  account: 'topbar.account',
  notifications: 'sidebar.notifications',
  notificationRules: 'sidebar.notifications',
};

export function areaLabelKey(area: RouteArea): string {
  return AREA_LABEL[area];
}

/**
 * The frame of an area page that a later issue fills in: title from `route.<id>`, the breadcrumb trail and the
 * card, which for now holds no records.
 */
export function AreaFramePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`route.${route.id}`)} crumbs={[{ label: t(areaLabelKey(route.area)) }]}>
      <EmptyState />
    </PageFrame>
  );
}

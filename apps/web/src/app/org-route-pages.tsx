import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Organisation screens (companies, departments, zones, designations, users, roles), loaded on demand with their texts.
const CompanyListPage = lazyWithAreas(
  () => import('../features/companies/pages/company-list-page.tsx').then((m) => m.CompanyListPage),
  ['org'],
);
const CompanyDetailsPage = lazyWithAreas(
  () => import('../features/companies/pages/company-details-page.tsx').then((m) => m.CompanyDetailsPage),
  ['org', 'billing'],
);
const CompanyAddPage = lazyWithAreas(
  () => import('../features/companies/pages/company-form-page.tsx').then((m) => m.CompanyAddPage),
  ['org'],
);
const CompanyEditPage = lazyWithAreas(
  () => import('../features/companies/pages/company-form-page.tsx').then((m) => m.CompanyEditPage),
  ['org', 'billing'],
);
const OrgUnitListPage = lazyWithAreas(
  () => import('../features/org-units/pages/org-unit-list-page.tsx').then((m) => m.OrgUnitListPage),
  ['org'],
);
const OrgUnitDetailsPage = lazyWithAreas(
  () => import('../features/org-units/pages/org-unit-details-page.tsx').then((m) => m.OrgUnitDetailsPage),
  ['org'],
);
const OrgUnitAddPage = lazyWithAreas(
  () => import('../features/org-units/pages/org-unit-form-page.tsx').then((m) => m.OrgUnitAddPage),
  ['org'],
);
const OrgUnitEditPage = lazyWithAreas(
  () => import('../features/org-units/pages/org-unit-form-page.tsx').then((m) => m.OrgUnitEditPage),
  ['org'],
);
const UserListPage = lazyWithAreas(
  () => import('../features/users/pages/user-list-page.tsx').then((m) => m.UserListPage),
  ['org'],
);
const UserDetailsPage = lazyWithAreas(
  () => import('../features/users/pages/user-details-page.tsx').then((m) => m.UserDetailsPage),
  ['org'],
);
const UserAddPage = lazyWithAreas(
  () => import('../features/users/pages/user-form-page.tsx').then((m) => m.UserAddPage),
  ['org'],
);
const UserEditPage = lazyWithAreas(
  () => import('../features/users/pages/user-form-page.tsx').then((m) => m.UserEditPage),
  ['org'],
);
const RoleListPage = lazyWithAreas(
  () => import('../features/roles/pages/role-list-page.tsx').then((m) => m.RoleListPage),
  ['org'],
);

/** Route id → page of the organisation screens (spread into PAGES in route-pages.tsx). */
export const ORG_PAGES: Partial<Record<string, () => ReactNode>> = {
  companyList: () => <CompanyListPage />,
  // The operator's directories (SuperAdmin, outside the SPEC table): the same list pages, over every company.
  operatorCompanies: () => <CompanyListPage />,
  companyDetails: () => <CompanyDetailsPage />,
  companyAdd: () => <CompanyAddPage />,
  companyEdit: () => <CompanyEditPage />,
  departmentList: () => <OrgUnitListPage kind="department" />,
  departmentDetails: () => <OrgUnitDetailsPage kind="department" />,
  departmentAdd: () => <OrgUnitAddPage kind="department" />,
  departmentEdit: () => <OrgUnitEditPage kind="department" />,
  zoneList: () => <OrgUnitListPage kind="zone" />,
  zoneDetails: () => <OrgUnitDetailsPage kind="zone" />,
  zoneAdd: () => <OrgUnitAddPage kind="zone" />,
  zoneEdit: () => <OrgUnitEditPage kind="zone" />,
  designationList: () => <OrgUnitListPage kind="designation" />,
  designationDetails: () => <OrgUnitDetailsPage kind="designation" />,
  designationAdd: () => <OrgUnitAddPage kind="designation" />,
  designationEdit: () => <OrgUnitEditPage kind="designation" />,
  userList: () => <UserListPage />,
  operatorUsers: () => <UserListPage />,
  userDetails: () => <UserDetailsPage />,
  userAdd: () => <UserAddPage />,
  userEdit: () => <UserEditPage />,
  roleList: () => <RoleListPage />,
};

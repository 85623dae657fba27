import { lazy, type ReactNode } from 'react';

// Organisation screens (companies, departments, zones, designations, users, roles), loaded on demand.
const CompanyListPage = lazy(() =>
  import('../features/companies/pages/company-list-page.tsx').then((m) => ({ default: m.CompanyListPage })),
);
const CompanyDetailsPage = lazy(() =>
  import('../features/companies/pages/company-details-page.tsx').then((m) => ({
    default: m.CompanyDetailsPage,
  })),
);
const CompanyAddPage = lazy(() =>
  import('../features/companies/pages/company-form-page.tsx').then((m) => ({ default: m.CompanyAddPage })),
);
const CompanyEditPage = lazy(() =>
  import('../features/companies/pages/company-form-page.tsx').then((m) => ({ default: m.CompanyEditPage })),
);
const OrgUnitListPage = lazy(() =>
  import('../features/org-units/pages/org-unit-list-page.tsx').then((m) => ({ default: m.OrgUnitListPage })),
);
const OrgUnitDetailsPage = lazy(() =>
  import('../features/org-units/pages/org-unit-details-page.tsx').then((m) => ({
    default: m.OrgUnitDetailsPage,
  })),
);
const OrgUnitAddPage = lazy(() =>
  import('../features/org-units/pages/org-unit-form-page.tsx').then((m) => ({ default: m.OrgUnitAddPage })),
);
const OrgUnitEditPage = lazy(() =>
  import('../features/org-units/pages/org-unit-form-page.tsx').then((m) => ({ default: m.OrgUnitEditPage })),
);
const UserListPage = lazy(() =>
  import('../features/users/pages/user-list-page.tsx').then((m) => ({ default: m.UserListPage })),
);
const UserDetailsPage = lazy(() =>
  import('../features/users/pages/user-details-page.tsx').then((m) => ({ default: m.UserDetailsPage })),
);
const UserAddPage = lazy(() =>
  import('../features/users/pages/user-form-page.tsx').then((m) => ({ default: m.UserAddPage })),
);
const UserEditPage = lazy(() =>
  import('../features/users/pages/user-form-page.tsx').then((m) => ({ default: m.UserEditPage })),
);
const RoleListPage = lazy(() =>
  import('../features/roles/pages/role-list-page.tsx').then((m) => ({ default: m.RoleListPage })),
);

/** Route id → page of the organisation screens (spread into PAGES in route-pages.tsx). */
export const ORG_PAGES: Partial<Record<string, () => ReactNode>> = {
  companyList: () => <CompanyListPage />,
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
  userDetails: () => <UserDetailsPage />,
  userAdd: () => <UserAddPage />,
  userEdit: () => <UserEditPage />,
  roleList: () => <RoleListPage />,
};

/**
 * Users and MSISDNs both point at a company, department, zone and designation; their list and detail queries join
 * those tables as `c`, `d`, `z` and `g` (each repository decides how: inner or left) and answer each id with its name.
 */

/** The four ids of a `users` or `msisdns` row, each followed by the name it points at (needs the joins above). */
export function orgColumnsOf<T extends 'users' | 'msisdns'>(table: T) {
  return [
    `${table}.company_id`,
    'c.name as company_name',
    `${table}.department_id`,
    'd.name as department_name',
    `${table}.zone_id`,
    'z.name as zone_name',
    `${table}.designation_id`,
    'g.name as designation_name',
  ] as const;
}

/** Sorting by those names (the same joins). */
export const ORG_NAME_SORT = {
  companyName: 'c.name',
  departmentName: 'd.name',
  zoneName: 'z.name',
  designationName: 'g.name',
};

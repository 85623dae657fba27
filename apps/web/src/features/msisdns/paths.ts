import { pathFor } from '../../lib/route-links.ts';

/** The screens' paths, from the shared route table. */
export const msisdnPaths = {
  list: pathFor('msisdnList'),
  add: pathFor('msisdnAdd'),
  details: (id: number) => pathFor('msisdnDetails', { id }),
  edit: (id: number) => pathFor('msisdnEdit', { id }),
};

/**
 * The pieces the details and edit pages of the organisation's entities (companies, users, departments, zones,
 * designations) share: the list crumb, the Edit and Delete actions, the details page and the edit page around a form.
 *
 * Edit and Delete follow the entity's `abilities` (the server's policy for that object); Edit also needs the edit
 * route to be open to the role (the shared route table).
 *
 *   <EntityDetailsPage detail={companyQueryOptions} remove={useDeleteCompany()}
 *     routes={{ list: 'companyList', edit: 'companyEdit' }} title={t('route.companyDetails')} nameOf={(c) => c.name} crumbs={crumbs}>
 *     {(company) => <CompanyDetails company={company} />}
 *   </EntityDetailsPage>
 *
 *   <EntityEditPage detail={companyQueryOptions} remove={useDeleteCompany()} update={useUpdateCompany()}
 *     routes={{ list: 'companyList', details: 'companyDetails' }} title={t('route.companyEdit')} nameOf={(c) => c.name}
 *     crumbs={crumbs}>
 *     {(company, save) => <CompanyForm key={company.updatedAt} … onSubmit={save} />}
 *   </EntityEditPage>
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId } from '@lbs/contracts';
import type { DeleteMutation, DetailQueryOptions, UpdateMutation } from '../lib/api/resource.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { firstOpenablePath, pathFor } from '../lib/route-links.ts';
import { DeleteButton } from './confirm-dialog.tsx';
import { useNotify } from './notifier.tsx';
import { PageFrame, type Crumb } from './page-frame.tsx';
import { RecordState, useRouteRecord } from './route-record.tsx';

/** A crumb for the entity's list: a link where the role may open the list, plain text otherwise. */
export function useListCrumb(label: string, listRouteId: string): Crumb {
  const { role } = useCurrentUser();
  return { label, ...(canOpenRouteId(listRouteId, role) ? { to: pathFor(listRouteId) } : {}) };
}

/** "Edit": a link to the entity's edit page. */
export function EntityEditButton({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={to} variant="contained" startIcon={<EditIcon />}>
      {t('org.action.edit')}
    </Button>
  );
}

/** "Delete" after a confirmation; once deleted: 'Deleted', then the entity's list (home where the role may not open it). */
export function EntityDeleteButton({
  name,
  listRouteId,
  onDelete,
}: {
  /** The entity's name, quoted in the question. */
  name: string;
  listRouteId: string;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  return (
    <DeleteButton
      name={name}
      onDelete={onDelete}
      onDeleted={() => {
        notify(t('org.notice.deleted'));
        void navigate(firstOpenablePath(role, [listRouteId]) ?? '/');
      }}
    />
  );
}

interface Entity {
  id: number | string;
  /** What the caller may do to this entity, as the server's policy decided it. */
  abilities: { update: boolean; delete: boolean };
}

/** What the details and the edit page of an entity both take. */
interface EntityPageProps<T extends Entity> {
  /** The entity's detail endpoint (`companyQueryOptions`, features/<area>/api/); the id is the route's `:id`. */
  detail: (id: string) => DetailQueryOptions<T>;
  /** Its delete endpoint's mutation (`useDeleteCompany()`). */
  remove: DeleteMutation;
  /** The route's title. */
  title: string;
  nameOf: (item: T) => string;
  crumbs: Crumb[];
}

/** The detail query of the entity at the route's `:id` and, where its abilities allow it, its Delete button. */
function useEntity<T extends Entity>({ detail, remove, nameOf }: EntityPageProps<T>, listRouteId: string) {
  const query = useRouteRecord(detail);
  const deleteButton = (item: T) =>
    item.abilities.delete && (
      <EntityDeleteButton
        name={nameOf(item)}
        listRouteId={listRouteId}
        onDelete={() => remove.mutateAsync(item.id)}
      />
    );
  return { query, deleteButton };
}

/**
 * A details page of the entity: its name as the title (the route's until loaded), Edit and Delete in the header where
 * the entity's abilities allow them, the details once loaded.
 */
export function EntityDetailsPage<T extends Entity>(
  props: EntityPageProps<T> & {
    /** Route ids: the list (after deleting) and the edit page. */
    routes: { list: string; edit: string };
    /** The header's actions around the Edit and Delete buttons; by default those in a row. */
    actions?: (item: T, buttons: ReactNode) => ReactNode;
    children: (item: T) => ReactNode;
  },
) {
  const { title, nameOf, crumbs, routes, children } = props;
  const { actions = (_item, buttons) => <Box sx={{ display: 'flex', gap: 1.5 }}>{buttons}</Box> } = props;
  const { role } = useCurrentUser();
  const { query, deleteButton } = useEntity(props, routes.list);
  const item = query.data;
  const editable = (entity: T) => entity.abilities.update && canOpenRouteId(routes.edit, role);
  return (
    <PageFrame
      title={item ? nameOf(item) : title}
      crumbs={crumbs}
      actions={
        item &&
        actions(
          item,
          <>
            {editable(item) && <EntityEditButton to={pathFor(routes.edit, { id: item.id })} />}
            {deleteButton(item)}
          </>,
        )
      }
    >
      <RecordState query={query} list={routes.list}>
        {children}
      </RecordState>
    </PageFrame>
  );
}

/**
 * An edit page of the entity: title "<route title>: <name>", the Delete action where its abilities allow it,
 * the form once the entity is loaded. `save(body)` PATCHes the entity, says 'Saved' and opens its details page
 * where the role may (else the page stays).
 */
export function EntityEditPage<T extends Entity, B>(
  props: EntityPageProps<T> & {
    /** Its update endpoint's mutation (`useUpdateCompany()`). */
    update: UpdateMutation<T, B>;
    /** Route ids: the list (after deleting) and the details page (after saving). */
    routes: { list: string; details: string };
    /** The header's actions around the Delete button (false where not allowed); by default that button alone. */
    actions?: (item: T, deleteButton: ReactNode) => ReactNode;
    children: (item: T, save: (body: B) => Promise<void>) => ReactNode;
  },
) {
  const {
    update,
    title,
    nameOf,
    crumbs,
    routes,
    actions = (_item, deleteButton) => deleteButton,
    children,
  } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const { query, deleteButton } = useEntity(props, routes.list);
  const item = query.data;
  return (
    <PageFrame
      title={item ? `${title}: ${nameOf(item)}` : title}
      crumbs={crumbs}
      actions={item && actions(item, deleteButton(item))}
    >
      <RecordState query={query} list={routes.list}>
        {(data) =>
          children(data, async (body) => {
            const saved = await update.mutateAsync({ id: data.id, body });
            notify(t('org.notice.saved'));
            const details = firstOpenablePath(role, [routes.details], { id: saved.id });
            if (details) void navigate(details);
          })
        }
      </RecordState>
    </PageFrame>
  );
}

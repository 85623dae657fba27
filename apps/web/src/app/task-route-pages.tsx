import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Task screens (issue 13), loaded on demand with their texts (org: the shared cancel and confirm texts; poi: the
// detectability of a phone at the task's POI).
const TaskListPage = lazyWithAreas(
  () => import('../features/task/pages/task-list-page.tsx').then((m) => m.TaskListPage),
  ['task', 'org', 'poi', 'map'],
);
const TaskAddPage = lazyWithAreas(
  () => import('../features/task/pages/task-form-page.tsx').then((m) => m.TaskAddPage),
  ['task', 'org', 'poi', 'map'],
);
const TaskEditPage = lazyWithAreas(
  () => import('../features/task/pages/task-form-page.tsx').then((m) => m.TaskEditPage),
  ['task', 'org', 'poi', 'map'],
);
const TaskAssignPage = lazyWithAreas(
  () => import('../features/task/pages/task-assign-page.tsx').then((m) => m.TaskAssignPage),
  ['task', 'org', 'poi', 'map'],
);
const TaskAssignListPage = lazyWithAreas(
  () => import('../features/task/pages/task-assign-list-page.tsx').then((m) => m.TaskAssignListPage),
  ['task', 'org', 'poi', 'map'],
);

/** Route id → page of the task screens (spread into PAGES in route-pages.tsx). */
export const TASK_PAGES: Partial<Record<string, () => ReactNode>> = {
  taskList: () => <TaskListPage />,
  taskAdd: () => <TaskAddPage />,
  taskEdit: () => <TaskEditPage />,
  taskAssign: () => <TaskAssignPage />,
  taskAssignList: () => <TaskAssignListPage />,
};

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Task, TaskAssignment } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const task: Task = {
  id: 5,
  companyId: 1,
  companyName: 'Alpha Logistics',
  departmentId: null,
  departmentName: null,
  zoneId: null,
  zoneName: null,
  title: 'Weekly inspection: City Mall',
  description: null,
  priority: 'HIGH',
  labels: ['inspection'],
  poiId: 7,
  poiName: 'Client site: City Mall',
  dueStart: '2026-11-23T05:00:00.000Z',
  dueEnd: '2026-11-24T15:00:00.000Z',
  completionRule: 'AUTO_OR_MANUAL',
  requiredDwellMinutes: null,
  effectiveDwellMinutes: 5,
  assignmentMode: 'EACH',
  status: 'PENDING',
  overdue: true,
  completedAt: null,
  assigneeCount: 2,
  completedCount: 1,
  othersPending: false,
  abilities: { update: true, delete: false, assign: true },
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const visitEvidence = {
  kind: 'VISIT' as const,
  at: '2026-11-23T09:40:00.000Z',
  by: null,
  reason: null,
  visit: {
    key: 'v1',
    poiId: 7,
    enteredAt: '2026-11-23T09:00:00.000Z',
    earliest: '2026-11-23T08:45:00.000Z',
    latest: '2026-11-23T09:00:00.000Z',
    exitedAt: '2026-11-23T09:35:00.000Z',
    dwellMinutes: 35,
    confidence: 0.91,
    closedBy: 'EXIT',
  },
  fixes: [
    {
      time: '2026-11-23T09:00:00.000Z',
      lat: 24.75,
      lon: 46.7,
      accuracyM: 120,
      source: 'NETWORK' as const,
      pIn: 0.97,
    },
  ],
};
const assignment = (over: Partial<TaskAssignment>): TaskAssignment => ({
  taskId: 5,
  taskTitle: task.title,
  companyId: 1,
  poiId: 7,
  poiName: 'Client site: City Mall',
  msisdnId: 40,
  msisdn: '+966501234567',
  employeeName: 'Omar Haddad',
  status: 'PENDING',
  completionRule: 'AUTO_OR_MANUAL',
  completedAt: null,
  completionSource: null,
  completedBy: null,
  reason: null,
  evidence: [],
  dueEnd: task.dueEnd,
  overdue: true,
  detectability: {
    status: 'DETECTABLE',
    rEffM: 350,
    basis: { source: 'NETWORK', samples: 80, p50M: 200, p90M: 600 },
    perSource: [{ source: 'NETWORK', samples: 80, p50M: 200, p90M: 600 }],
    adviceRadiusM: null,
  },
  abilities: { complete: true, reopen: false, delete: true },
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});
const pageOf = <T,>(items: T[]) => jsonResponse({ items, total: items.length, page: 1, size: 20 });

setupSignedInTests();

describe('Task pages', () => {
  it('/task/list shows priority, overdue and progress, and offers Assign by the server’s abilities', async () => {
    renderApp('/task/list', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/tasks')) return pageOf([task]);
      return undefined;
    });
    expect(await screen.findByText('Weekly inspection: City Mall')).toBeInTheDocument();
    expect(screen.getByText('High')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    // No one outside the view waits on it.
    expect(screen.queryByRole('img', { name: /outside your view/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Assign' })).toHaveAttribute('href', '/task-details/assign/5');
  });

  it('/task/list names each task’s company to the operator, who sees every company’s', async () => {
    renderApp('/task/list', testUser('SuperAdmin'), (url) => {
      if (url.pathname.endsWith('/tasks')) return pageOf([task]);
      return undefined;
    });
    expect(await screen.findByText('Weekly inspection: City Mall')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByText('Alpha Logistics')).toBeInTheDocument();
  });

  it('/task/list says why a task whose members in view are all done is still pending', async () => {
    const narrow = {
      ...task,
      id: 6,
      title: 'Safety walk',
      assigneeCount: 1,
      completedCount: 1,
      othersPending: true,
    };
    renderApp('/task/list', testUser('DepartmentAdmin'), (url) => {
      if (url.pathname.endsWith('/tasks')) return pageOf([narrow]);
      return undefined;
    });
    expect(await screen.findByText('Safety walk')).toBeInTheDocument();
    expect(screen.getByText('1 of 1')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Members outside your view still have this task to do' }),
    ).toBeInTheDocument();
  });

  it('/task/list sends the label and due-date filters to the server', async () => {
    const { calls } = renderApp(
      '/task/list?label=inspection&from=2026-11-20&to=2026-11-30',
      testUser('CompanyAdmin'),
      (url) => {
        if (url.pathname.endsWith('/tasks')) return pageOf([task]);
        return undefined;
      },
    );
    expect(await screen.findByText('Weekly inspection: City Mall')).toBeInTheDocument();
    expect(screen.getByLabelText('Label')).toHaveValue('inspection');
    const list = calls.find((c) => new URL(c.url, 'http://localhost').pathname.endsWith('/tasks'))!;
    const params = new URL(list.url, 'http://localhost').searchParams;
    expect(params.get('label')).toBe('inspection');
    expect(new Date(params.get('from')!).getTime()).toBe(new Date('2026-11-20T00:00').getTime());
    expect(new Date(params.get('to')!).getTime()).toBe(new Date('2026-11-30T23:59:59.999').getTime());
  });

  it('/task-assign-list shows a visit’s evidence and completes another assignment by hand with a reason', async () => {
    const done = assignment({
      msisdnId: 41,
      employeeName: 'Layla Nasser',
      status: 'COMPLETED',
      completionSource: 'AUTO_VISIT',
      completedAt: '2026-11-23T09:35:00.000Z',
      evidence: [visitEvidence],
      overdue: false,
      abilities: { complete: false, reopen: true, delete: true },
    });
    const { calls } = renderApp('/task-assign-list', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/task-assignments')) return pageOf([assignment({}), done]);
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      if (url.pathname.endsWith('/tasks/5/assignments/40/complete') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { reason: string };
        if (!body.reason.trim())
          return problem(400, 'problem.validation', [
            { path: 'reason', code: 'taskAssignment.reasonRequired', message: 'x' },
          ]);
        return jsonResponse(
          assignment({ status: 'COMPLETED', completionSource: 'MANUAL', reason: body.reason }),
        );
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Evidence' }));
    const evidence = await screen.findByRole('dialog');
    expect(within(evidence).getByText(/Stayed 35 min, confidence 91/)).toBeInTheDocument();
    expect(within(evidence).getByText('1 fix proved it')).toBeInTheDocument();
    fireEvent.click(within(evidence).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Only the pending one may be completed; only the completed one reopened.
    expect(screen.getAllByRole('button', { name: 'Complete' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reopen' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Signed sheet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.init?.method === 'POST' && c.url.endsWith('/tasks/5/assignments/40/complete')),
      ).toBe(true),
    );
    const post = calls.find((c) => c.url.endsWith('/complete'))!;
    expect(JSON.parse(String(post.init!.body))).toEqual({ reason: 'Signed sheet' });
  });
  it('/task/add: a new task is done by hand until a POI is chosen, then by a visit or by hand', async () => {
    const mall = {
      id: 7,
      name: 'Client site: City Mall',
      color: '#1565c0',
      active: true,
      geometry: { type: 'CIRCLE', center: { lat: 24.7, lon: 46.7 }, radiusM: 150 },
      insideCount: 0,
    };
    const { calls } = renderApp('/task/add', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [mall], truncated: false });
      if (url.pathname.endsWith('/tasks') && init?.method === 'POST')
        return jsonResponse({ ...task, id: 9 }, 201);
      return undefined;
    });
    const rule = await screen.findByRole('combobox', { name: 'Completed by' });
    expect(rule).toHaveTextContent('Hand only');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'POI' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Client site: City Mall' }));
    await waitFor(() => expect(rule).toHaveTextContent('A visit, or by hand'));
    // Back to no POI: by hand again, so the form can be saved as it stands.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'POI' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No POI' }));
    await waitFor(() => expect(rule).toHaveTextContent('Hand only'));
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Count the stock' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({ poiId: null, completionRule: 'MANUAL' });
  });
});

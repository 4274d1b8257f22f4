import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkApplications } from '../../scripts/bulk-applications';
import { call, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let user: TestUser;
const ROWS = 100_000;

beforeAll(async () => {
  server = await startServer();
  user = await signUp(server);
  await insertBulkApplications(server.database.db, user.id, ROWS);
}, 120_000);
afterAll(async () => server.close());

describe('applications list with 100,000 rows', () => {
  // Behaviour only: the time a page takes is measured by `npm run bench`, not asserted here.
  it('pages through them newest first with drafts hidden, and counts them', async () => {
    type Page = { total: number; last_page: number; items: Array<{ app_id: string; application_status_id: number }> };
    const first = await call<Page>(server.app, 'GET', `clients/applications/${user.id}`, { token: user.token });
    expect(first.body.data.total).toBe(90_000);
    expect(first.body.data.last_page).toBe(3600);
    expect(first.body.data.items).toHaveLength(25);
    expect(first.body.data.items[0]?.app_id).toBe(`EP-BENCH-${user.id}-${ROWS - 1}`);
    expect(first.body.data.items.every((i) => i.application_status_id !== 1)).toBe(true);

    const deep = await call<Page>(server.app, 'GET', `clients/applications/${user.id}?page=3000`, {
      token: user.token,
    });
    expect(deep.status).toBe(200);
    expect(deep.body.data.items).toHaveLength(25);
    expect(deep.body.data.items.every((i) => i.application_status_id !== 1)).toBe(true);

    const stats = await call(server.app, 'GET', `client/statistics/${user.id}`, { token: user.token });
    // Every 10th row is a draft: 90,000 count.
    expect(stats.body.data).toMatchObject({ all_applications: 90_000 });
  });
});

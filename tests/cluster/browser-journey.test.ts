/**
 * An applicant in Chromium through nginx, with two instances behind it: registers, adds a company,
 * fills the environmental audit and submits it with five documents, uploaded while one instance is
 * restarted (SIGTERM, drained) and the other is killed (SIGKILL) and restarted. The applicant sees
 * their application submitted, no error; the server holds it whole, every file readable from each
 * instance.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster';
import { fillAuditProject } from '../e2e/audit-flows';
import { applicantWithCompany, newAccount, storedUser } from '../e2e/flows';
import { launchBrowser, screenshotOnFailure, type RunningProduct } from '../e2e/harness';
import { api, codeFor } from './applicant';

const COMPANY = {
  name: 'Nyabarongo Quarry Ltd',
  tin: '107788990',
  telephone: '0788556677',
  email: 'q@nyabarongo.example.org',
};
const DOCUMENTS = [
  'Legal document',
  'EIA report',
  'Environmental audit report',
  'RAPEP firm registration certificate',
  'Draft terms of reference',
];
/**
 * Large enough, at the emulated upload speed (25 s for the five), to be in flight while the instances
 * stop; whether nginx had to retry one depends on timing, so the test asserts the outcome only.
 */
const FILE_BYTES = 5 * 1024 * 1024;
const UPLOAD_BYTES_PER_SECOND = 1024 * 1024;

let cluster: Cluster;
let browser: Browser;
let page: Page;
let files: string;
const logs = () => cluster.instances.flatMap((instance) => instance.log);
const direct = (index: number) => `http://127.0.0.1:${cluster.instances[index]!.port}`;

/** The cluster as the browser flows know a product: its address and its log of codes. */
const product = (): RunningProduct => ({
  baseUrl: cluster.address,
  dataDir: '',
  logLineCount: () => logs().length,
  // Every instance's lines, not those after a count: the code lands in whichever instance's log. The
  // addresses are new, so any code for one is the code sent now.
  otpFor: (recipient) => codeFor(logs, recipient),
  staff: () => Promise.reject(new Error('not used here')),
  staffCommand: () => Promise.reject(new Error('not used here')),
  stop: () => cluster.stop(),
});

/** A PDF of `FILE_BYTES` whose text names the document: each file has its own fingerprint. */
function documentFile(name: string): { path: string; sha256: string } {
  const content = Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n`),
    Buffer.alloc(FILE_BYTES, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
  const path = join(files, `${name.toLowerCase().replace(/\W+/g, '-')}.pdf`);
  writeFileSync(path, content);
  return { path, sha256: createHash('sha256').update(content).digest('hex') };
}

/** Waits until nginx sends requests to instance `index` again (its own count of health checks grows). */
async function backInRotation(index: number): Promise<void> {
  const served = /^http_requests_total\{[^}]*route="\/api\/health"[^}]*\} [1-9]/m;
  for (let i = 0; i < 300; i += 1) {
    await fetch(`${cluster.address}/api/health`);
    if (served.test(await fetch(`${direct(index)}/metrics`).then((response) => response.text()))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx sent instance ${index + 1} nothing in 30 s`);
}

beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { DRAIN_DELAY_SECONDS: '2', METRICS: 'on' } });
  browser = await launchBrowser();
  page = await browser.newPage();
  page.setDefaultTimeout(20_000);
  files = mkdtempSync(join(tmpdir(), 'ecopermit-cluster-files-'));
}, 300_000);

afterAll(async () => {
  // Failures the instances and nginx logged, to read beside a failed run.
  if (cluster) {
    const nginx = readFileSync(cluster.nginxErrorLog, 'utf8').split('\n');
    const failures = [
      ...logs().filter((line) => line.includes('"level":50')),
      ...nginx.filter((line) => /\[(crit|alert|emerg)\]/.test(line)),
    ];
    if (failures.length > 0) console.log(failures.join('\n'));
  }
  await browser?.close();
  await cluster?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('an applicant through nginx while the instances restart and crash', () => {
  it('submits the audit with five documents, and every file is kept and readable from each instance', async () => {
    await screenshotOnFailure(page, 'cluster-journey', async () => {
      await applicantWithCompany(page, product(), newAccount('Eric', 'Nshuti'), COMPANY);

      await fillAuditProject(page, cluster.address, COMPANY, { auditBefore: 'Yes', torDrafted: 'Yes' });

      await page.getByRole('heading', { name: 'Document Uploads' }).waitFor();
      const sent = new Map<string, string>();
      for (const name of DOCUMENTS) {
        const file = documentFile(name);
        sent.set(name, file.sha256);
        await page.getByLabel(`Choose a file for ${name}`).setInputFiles(file.path);
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();

      // The uploads leave at the submit, slowly (as from a slow connection): in flight while the
      // first instance is restarted and the second killed.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: UPLOAD_BYTES_PER_SECOND,
      });
      await page.getByRole('button', { name: 'Submit' }).click();
      const [first, second] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
      await new Promise((r) => setTimeout(r, 1000));
      await first.stop('SIGTERM');
      await first.start();
      await backInRotation(0);
      await second.stop('SIGKILL');
      await second.start();
      await page.getByText('Application succesfully submitted').waitFor({ timeout: 90_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      // Whole on the server: submitted, the five documents, each the file sent, from either instance.
      const { id, token } = await storedUser(page);
      const list = await api<{ items: Array<{ id: number }>; total: number }>(
        cluster.address,
        'GET',
        `clients/applications/${id}`,
        { token },
      );
      // Listed once: the application submitted, never a second one from a retried call.
      expect(list.data.total).toBe(1);
      const applicationId = list.data.items[0]!.id;
      const detail = await api<{
        application_status_id: number;
        application_attachments: Array<{ description: string; path: string }>;
      }>(cluster.address, 'GET', `application/${applicationId}`, { token });
      expect(detail.data.application_status_id).toBe(2);
      expect(detail.data.application_attachments.map((a) => a.description).sort()).toEqual([...DOCUMENTS].sort());
      for (const attachment of detail.data.application_attachments) {
        for (const index of [0, 1]) {
          const response = await fetch(
            `${direct(index)}/api/service/download-attachment?file=${encodeURIComponent(attachment.path)}`,
            { headers: { authorization: `Bearer ${token}` } },
          );
          expect(response.status).toBe(200);
          const digest = createHash('sha256')
            .update(Buffer.from(await response.arrayBuffer()))
            .digest('hex');
          expect(digest).toBe(sent.get(attachment.description));
        }
      }
    });
  }, 300_000);
});

/**
 * Nothing typed is lost when the page goes: an applicant types a long answer at a human pace (pauses
 * between words shorter than the draft's quiet wait, so the quiet wait never ends), and the draft is
 * saved at least every 10 s while the typing goes on; then the page is closed, or hidden as a phone
 * hides it when the applicant switches apps, and every word is in the draft on the server.
 *
 * The page's clock is Playwright's (`page.clock`), paused and moved on by the test: 26 s of typing
 * take as long as the machine needs, and each wait of the page (the field's pause, the draft's quiet
 * and longest waits) ends at its time on that clock, however busy the machine is. Only the requests
 * are real, and the test waits for what the server holds, not for a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, loginThroughUi, newAccount, registerThroughApi, storedUser } from './flows';
import {
  PATIENCE_MS,
  formField,
  launchBrowser,
  screenshotOnFailure,
  startProduct,
  type RunningProduct,
} from './harness';

/** Between two words: a human pace, well under the draft's quiet wait of 2.5 s. */
const PAUSE_MS = 650;
/** 40 words at that pace: 26 s of typing. */
const WORDS = Array.from({ length: 40 }, (_, i) => `word${String(i + 1).padStart(2, '0')}`);

describe('drafts when the page is left', () => {
  let product: RunningProduct;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const account = newAccount('Aline', 'Uwase');
    await registerThroughApi(product, account);
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    await loginThroughUi(page, product, account.email, account.password);
    // Each test opens its own page, signed in, with a clock of its own.
    signedIn = await context.storageState();
    await context.close();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** The description the server holds in the draft `id`, read with the applicant's `token`. */
  async function savedDescription(token: string, id: number): Promise<string> {
    const read = await apiCall<{ draft?: { answers?: { description?: string } } }>(
      product,
      'GET',
      `application/${id}`,
      {
        token,
      },
    );
    return read.data.draft?.answers?.description ?? '';
  }

  /** A save of the draft while typing: the page's clock when it was sent, and what the server then held. */
  interface SaveSeen {
    at: number;
    description: string;
  }

  /**
   * Opens a new plastics application on a paused clock and types WORDS into its description, a word
   * each PAUSE_MS. Answers the page, the draft's id, the applicant's token, when (page clock) each word
   * was typed and the saves made meanwhile.
   */
  async function typeAtHumanPace(): Promise<{
    page: Page;
    id: number;
    token: string;
    typedAt: number[];
    saves: SaveSeen[];
  }> {
    const context = await browser.newContext({ storageState: signedIn });
    // The page notes when (on its clock) it sends a draft, and whether the request outlives the page;
    // the request itself goes on untouched.
    await context.addInitScript(() => {
      const sent: Array<{ at: number; keepalive: boolean }> = [];
      const original = window.fetch.bind(window);
      Object.assign(window, { draftRequests: sent });
      window.fetch = (input, init) => {
        const request = input instanceof Request ? input : null;
        if (request?.method === 'PUT' && /\/client\/application\/\d+\/draft$/.test(request.url)) {
          sent.push({ at: Date.now(), keepalive: request.keepalive });
        }
        return original(input, init);
      };
    });
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    // The clock runs as usual until the form is there: the page loads and creates its draft normally.
    await page.clock.install();
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/client\/application\/\d+$/.test(response.url()),
    );
    await page.goto(`${product.baseUrl}/auth-plastics-apply`);
    await page.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();
    const id = ((await (await created).json()) as { data: { id: number } }).data.id;
    const { token } = await storedUser(page);
    await formField(page, /^Description/).click();

    await page.clock.pauseAt(Date.now() + 1000);
    const typedAt: number[] = [];
    const saves: SaveSeen[] = [];
    for (const [index, word] of WORDS.entries()) {
      typedAt.push(await page.evaluate(() => Date.now()));
      await page.keyboard.type(index === 0 ? word : ` ${word}`);
      await page.clock.runFor(PAUSE_MS);
      const sent = await draftRequests(page);
      if (sent.length > saves.length) {
        // The clock stands still until the next word: the server's answer is this save's.
        const before = saves.at(-1)?.description ?? '';
        await expect.poll(() => savedDescription(token, id), { timeout: PATIENCE_MS }).not.toBe(before);
        saves.push({ at: sent.at(-1)?.at ?? 0, description: await savedDescription(token, id) });
      }
    }
    // What the applicant reads: the last words are not saved yet.
    await page.getByText('Unsaved changes').waitFor();
    return { page, id, token, typedAt, saves };
  }

  /** The draft requests the page sent so far (see the init script above). */
  const draftRequests = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { draftRequests: Array<{ at: number; keepalive: boolean }> }).draftRequests,
    );

  /**
   * Checks the saves made while typing: none waits more than 10 s after the first word typed since
   * the one before, and each holds every word typed by then (the one the field still held included).
   */
  function expectSavedWhileTyping(typedAt: number[], saves: SaveSeen[]): void {
    // 26 s of typing: saved twice at least, though the typing never paused for the quiet wait.
    expect(saves.length).toBeGreaterThanOrEqual(2);
    let unsavedSince = typedAt[0] ?? 0;
    for (const save of saves) {
      expect(save.at - unsavedSince).toBeLessThanOrEqual(10_000);
      const typed = typedAt.filter((at) => at <= save.at).length;
      expect(save.description).toBe(WORDS.slice(0, typed).join(' '));
      unsavedSince = typedAt[typed] ?? Infinity;
    }
  }

  it('keeps every word typed at a human pace when the page is closed', async () => {
    const { page, id, token, typedAt, saves } = await typeAtHumanPace();
    await screenshotOnFailure(page, 'draft-leaving-close', async () => {
      expectSavedWhileTyping(typedAt, saves);
      expect(await savedDescription(token, id)).not.toContain(WORDS.at(-1));
      const context = page.context();
      await page.close();
      // The request sent as the page went arrives after it.
      await expect.poll(() => savedDescription(token, id), { timeout: PATIENCE_MS }).toBe(WORDS.join(' '));
      await context.close();
    });
  }, 120_000);

  it('keeps every word when the page is hidden (a phone switching apps) and then frozen', async () => {
    const { page, id, token, typedAt, saves } = await typeAtHumanPace();
    await screenshotOnFailure(page, 'draft-leaving-hidden', async () => {
      expectSavedWhileTyping(typedAt, saves);
      // Headless Chromium keeps its pages visible whatever happens to its windows and tabs, so the
      // page is told it is hidden as the browser tells it: the state reads 'hidden' and the event fires.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      // Sent at once, as a request that outlives the page.
      expect((await draftRequests(page)).at(-1)?.keepalive).toBe(true);
      // The phone then freezes the page: it runs no more code, so only what it sent when hidden counts.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
      await expect.poll(() => savedDescription(token, id), { timeout: PATIENCE_MS }).toBe(WORDS.join(' '));
      await page.context().close();
    });
  }, 120_000);
});

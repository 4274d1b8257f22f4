/**
 * Steps shared by the browser tests: accounts (through the UI or straight through the API, with the
 * OTP read from the server log), login, adding a company and applying for the plastics authorisation.
 * Every step drives the real product; nothing is mocked.
 */
import type { Page } from 'playwright-core';
import { PATIENCE_MS, sampleFile, type RunningProduct } from './harness';

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  /** 10 digits, unique per product start. */
  phone: string;
  password: string;
}

let accounts = 0;

/** A new account's details: unique email and phone within this test process. */
export function newAccount(firstName = 'Grace', lastName = 'Mukamana'): Account {
  accounts += 1;
  // Time plus a counter grows with every call, so two accounts never share an email or a phone.
  const stamp = Date.now() + accounts;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${stamp}@example.org`,
    phone: `078${String(stamp % 10_000_000).padStart(7, '0')}`,
    password: 'Str0ng-passw0rd',
  };
}

/**
 * Registration with the code from the log, then the password, as an applicant does it on /register.
 * The code is read from the phone's line: with SMTP_URL set the e-mail's line does not show it, and a
 * phone's log line is its only delivery (there is no SMS gateway).
 */
export async function registerThroughUi(page: Page, product: RunningProduct, account: Account): Promise<void> {
  await page.goto(`${product.baseUrl}/register`);
  const since = product.logLineCount();
  await page.getByLabel(/^First name/).fill(account.firstName);
  await page.getByLabel(/^Last name/).fill(account.lastName);
  await page.getByLabel(/^Phone number/).fill(account.phone);
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Register' }).click();

  const otp = await product.otpFor(account.phone, since);
  await page.getByLabel(/^Verification code/).fill(otp);
  await page.getByRole('button', { name: 'Confirm' }).click();

  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/^Confirm password/).fill(account.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.waitForURL('**/login');
}

/** A JSON call to the product's API; answers the status and the envelope. */
export async function apiCall<T = unknown>(
  product: RunningProduct,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T; error: string | null }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${product.baseUrl}/api/${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as { data: T; error: string | null };
  return { status: response.status, data: envelope.data, error: envelope.error };
}

/** The same registration through the API (register, the phone's code from the log, password): a quick arrangement. */
export async function registerThroughApi(product: RunningProduct, account: Account): Promise<void> {
  const since = product.logLineCount();
  const registered = await apiCall(product, 'POST', 'clients', {
    body: {
      first_name: account.firstName,
      last_name: account.lastName,
      other_name: '',
      telephone: account.phone,
      email: account.email,
    },
  });
  if (registered.status !== 201) throw new Error(`registration refused: ${registered.error}`);
  const otp = await product.otpFor(account.phone, since);
  const confirmed = await apiCall<{ password_token?: string } | null>(product, 'POST', 'client/confirm-otp', {
    body: { username: account.email, otp },
  });
  if (confirmed.status !== 200) throw new Error(`OTP refused: ${confirmed.error}`);
  // The password step needs the single-use secret the confirmed code answered.
  const password = await apiCall(product, 'POST', 'client/password', {
    body: { username: account.email, password: account.password, password_token: confirmed.data?.password_token },
  });
  if (password.status !== 200) throw new Error(`password refused: ${password.error}`);
}

/** Logs in on /login and waits for the dashboard. */
export async function loginThroughUi(
  page: Page,
  product: RunningProduct,
  username: string,
  password: string,
): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto(`${product.baseUrl}/login`);
  await page.getByLabel(/^Email or phone/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Your Applications' }).waitFor();
}

/** The signed-in user kept by the portal (localStorage `user`). */
export async function storedUser(page: Page): Promise<{ id: number; token: string }> {
  return page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number; token: string };
    return { id: user.id, token: user.token };
  });
}

export interface CompanyDetails {
  name: string;
  tin: string;
  telephone: string;
  email: string;
}

/** A new applicant as one starts: registers, signs in and adds the company it applies for. */
export async function applicantWithCompany(
  page: Page,
  product: RunningProduct,
  account: Account,
  company: CompanyDetails,
): Promise<void> {
  await registerThroughUi(page, product, account);
  await loginThroughUi(page, product, account.email, account.password);
  await addCompanyThroughUi(page, product, company);
}

/**
 * An applicant registered through the API, signed in on `page`, with `company` and a plastics
 * application submitted for it through the wizard: the application's id and number.
 */
export async function applicantWithSubmittedPlastics(
  page: Page,
  product: RunningProduct,
  account: Account,
  company: CompanyDetails,
  filesDir: string,
): Promise<{ id: number; appId: string }> {
  await registerThroughApi(product, account);
  await loginThroughUi(page, product, account.email, account.password);
  await addCompanyThroughUi(page, product, company);
  await applyForPlastics(page, product, company.name, filesDir);
  const user = await storedUser(page);
  const list = await apiCall<{ items: Array<{ id: number; app_id: string }> }>(
    product,
    'GET',
    `clients/applications/${user.id}`,
    { token: user.token },
  );
  const first = list.data.items[0];
  if (!first) throw new Error('the submitted application is not listed');
  return { id: first.id, appId: first.app_id };
}

/**
 * The signed-in applicant's application of a service, as their list of applications shows it;
 * throws when it is not listed (nothing of that service was submitted).
 */
export async function listedApplication(
  page: Page,
  product: RunningProduct,
  serviceId: number,
): Promise<{ id: number; app_id: string; service_id: number; token: string }> {
  const { id, token } = await storedUser(page);
  const list = await apiCall<{ items: Array<{ id: number; app_id: string; service_id: number }> }>(
    product,
    'GET',
    `clients/applications/${id}`,
    { token },
  );
  const listed = list.data.items.find((item) => item.service_id === serviceId);
  if (!listed) throw new Error(`no application of service ${serviceId} is listed`);
  return { ...listed, token };
}

/** Adds a company through the Add Company dialog (no location, no single-use plastics). */
export async function addCompanyThroughUi(page: Page, product: RunningProduct, company: CompanyDetails): Promise<void> {
  await page.goto(`${product.baseUrl}/companies`);
  await page.getByRole('button', { name: 'Add Company' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Company name/).fill(company.name);
  await dialog.getByRole('combobox', { name: /^Company category/ }).click();
  await page.getByRole('option').nth(1).click();
  await dialog.getByRole('combobox', { name: /^Registration type/ }).click();
  await page.getByRole('option', { name: 'Company', exact: true }).click();
  await dialog.getByLabel(/^TIN/).fill(company.tin);
  await dialog.getByLabel(/^Telephone/).fill(company.telephone);
  await dialog.getByLabel(/^Email/).fill(company.email);
  await dialog.getByLabel(/^Activities/).fill('Packaging of food products');
  await dialog.getByLabel(/^Address/).fill('KG 11 Ave, Kigali');
  await dialog.getByLabel(/^Contact person name/).fill('Jean Habimana');
  await dialog.getByLabel(/^Contact person job title/).fill('Director');
  await dialog.getByLabel(/^Contact person phone/).fill('0788000222');
  await dialog.getByLabel(/^Contact person email/).fill('jean@greenpack.example.org');
  await dialog.getByRole('radio', { name: 'No' }).check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Registration successful!').waitFor();
  await page.getByRole('cell', { name: company.name, exact: true }).waitFor();
}

/**
 * Fills every required answer of the plastics form's step 1 for `companyName`: carry bags imported
 * from Kenya, Food Packaging with Bread, for local sale.
 */
export async function fillPlasticsStepOne(
  page: Page,
  companyName: string,
  answers: { quantity: string; description: string },
): Promise<void> {
  await page.getByRole('radio', { name: 'Company' }).check();
  await page
    .getByLabel(/^Company/, { exact: false })
    .and(page.locator('select'))
    .selectOption({ label: companyName });
  await page.getByLabel(/^Plastic type/).selectOption({ label: 'Plastic carry bags' });
  await page.getByRole('radio', { name: 'Import plastic carry bags' }).check();
  await page.getByLabel(/^Country of origin/).selectOption({ label: 'Kenya' });
  await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Kilograms' });
  await page
    .getByLabel(/^Quantity/, { exact: false })
    .and(page.locator('input'))
    .fill(answers.quantity);
  await page.getByLabel(/^Application area/).selectOption({ label: 'Food Packaging' });
  await page.getByRole('checkbox', { name: 'Bread' }).check();
  await page.getByRole('radio', { name: 'Local Sale' }).check();
  await page.getByLabel(/^Description/).fill(answers.description);
}

/**
 * Waits until the page is on a service's apply route (`/<key>-apply`), with or without the
 * draft the wizard opened there: the address names it (`?application_id=`) as soon as it exists, which
 * on a quick machine is after this wait and on a busy one before it.
 */
export async function atApplyRoute(page: Page, route: string): Promise<void> {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.waitForURL(new RegExp(`${escaped}(\\?application_id=\\d+)?$`));
}

/**
 * Applies for the plastics authorisation for `companyName` with two uploaded files (written into
 * `filesDir`), up to the success panel. An empty step 1 is refused first.
 */
export async function applyForPlastics(
  page: Page,
  product: RunningProduct,
  companyName: string,
  filesDir: string,
  /** Called on the documents step with its files chosen, and on the confirm step (axe checks them). */
  atStep: (step: 'documents' | 'confirm') => Promise<void> = async () => undefined,
): Promise<void> {
  await page.goto(`${product.baseUrl}/auth-plastics-apply`);
  await page.getByRole('heading', { name: 'Apply | Authorization to use Plastics' }).waitFor();

  // Step 1: an empty form does not move on.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Please correct the highlighted fields before continuing.').waitFor();

  await page.getByRole('radio', { name: 'Company' }).check();
  await page
    .getByLabel(/^Company/, { exact: false })
    .and(page.locator('select'))
    .selectOption({ label: companyName });
  await page.getByLabel(/^Plastic type/).selectOption({ label: 'Plastic carry bags' });
  await page.getByRole('radio', { name: 'Import plastic carry bags' }).check();
  await page.getByLabel(/^Country of origin/).selectOption({ label: 'Kenya' });
  await page.getByLabel(/^Quantity measure/).selectOption({ label: 'Kilograms' });
  await page
    .getByLabel(/^Quantity/, { exact: false })
    .and(page.locator('input'))
    .fill('250');
  // Medical Use: the items come from the list only; the other areas take free-text items too.
  await page.getByLabel(/^Application area/).selectOption({ label: 'Medical Use' });
  await page.getByRole('checkbox', { name: 'Syringes' }).waitFor();
  if ((await page.getByLabel(/^Other items/).count()) !== 0) throw new Error('Medical Use offers free-text items');
  await page.getByLabel(/^Application area/).selectOption({ label: 'Food Packaging' });
  await page
    .getByLabel(/^Other items/)
    .first()
    .waitFor();
  await page.getByRole('checkbox', { name: 'Bread' }).waitFor();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('radio', { name: 'Local Sale' }).check();
  await page.getByLabel(/^Description/).fill('Carry bags for our food packaging line.');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the service's two documents (the information page is still in the page, hidden: visible ones only).
  await page.getByText('Company registration certificate').filter({ visible: true }).first().waitFor();
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles(sampleFile(filesDir, 'certificate.pdf'));
  await inputs.nth(1).setInputFiles(sampleFile(filesDir, 'sample.png'));
  await atStep('documents');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: confirm and submit.
  await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
  await atStep('confirm');
  await submitApplication(page);
}

/** Submits on the confirm step and waits for the success panel. */
export async function submitApplication(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Application succesfully submitted').waitFor({ timeout: PATIENCE_MS });
}

/**
 * From step 1 of a returned application's corrected form: on to the documents (the files already
 * uploaded count), to the confirm step, and re-submits it.
 */
export async function resubmitCorrected(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByText(/Already uploaded/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Confirm Detail' }).waitFor();
  await submitApplication(page);
}

/** Leaves the success panel by its Back link, to the dashboard. */
export async function backToDashboard(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/dashboard');
}

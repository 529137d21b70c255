// A key belongs to the address it was saved for, seen as a new user would: a profile's key works against its
// own service; pointed elsewhere, the profile loses its key, says why, and the other host never sees it.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openWithProfile } from './support/loupeUi';
import { DEMO_KEY, expect, test } from './support/simulator';

/** A host that answers 401 to everything and remembers every credential it was offered. */
async function listener(): Promise<{
  origin: string;
  requests: () => number;
  heard: () => string[];
  close: () => Promise<void>;
}> {
  const heard: string[] = [];
  let requests = 0;
  const record = (request: IncomingMessage) => {
    for (const name of ['authorization', 'x-api-key']) {
      const value = request.headers[name];
      if (typeof value === 'string') heard.push(value);
    }
    if ((request.url ?? '').includes(DEMO_KEY)) heard.push(request.url ?? '');
  };
  const server = createServer((request, response) => {
    requests += 1;
    record(request);
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"error":{"code":"unauthorized","message":"no","details":null}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => requests,
    heard: () => [...heard],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test.use({ surface: 'managed' });

test('the key works at its own address, and no other host ever sees it after the address changes', async ({
  page,
  webShell,
  simulator,
}, testInfo) => {
  // A launch, a simulator, a second listener and a profile saved and changed: 24 s of 30 in a loaded CI run.
  // The limit catches a hang, not a slow machine.
  test.setTimeout(60_000);
  const other = await listener();
  try {
    await openWithProfile(page, webShell.url, {
      name: 'Studio',
      surface: 'managed',
      baseUrl: simulator.url,
      apiKey: DEMO_KEY,
    });
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Settings' })
      .click();
    const row = page.getByRole('listitem', { name: 'Studio' });

    // At its own address the key is sent and accepted, as before.
    await row.getByRole('button', { name: 'Test connection to Studio' }).click();
    await expect(row.getByTestId('connection-report')).toContainText(/key accepted/i);

    // Pointed at another host without a new key: saved, the key is gone, and the form says why.
    await row.getByRole('button', { name: 'Edit Studio' }).click();
    const form = page.getByRole('form', { name: 'Edit Studio' });
    await form.getByLabel('Base URL', { exact: true }).fill(other.origin);
    await expect(form).toContainText('The saved key stays with the old address.');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toContainText('The address changed, so enter the key again');
    await page.screenshot({ path: testInfo.outputPath('key-dropped.png') });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByTestId('credential-state')).toHaveText('no key');

    // Everything that talks to the service now talks to the other host, and it hears no key.
    await row.getByRole('button', { name: 'Test connection to Studio' }).click();
    await expect(row.getByTestId('connection-report').or(row.getByRole('alert')).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Jobs' }).click();
    await expect.poll(() => other.requests()).toBeGreaterThan(1);
    expect(other.heard()).toEqual([]);
  } finally {
    await other.close();
  }
});

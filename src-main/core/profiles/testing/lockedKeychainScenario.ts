// One Loupe process of the locked-keychain test (lockedSecretService.test.ts), run as a child so that its
// keychain calls go to the test's private Secret Service (the native keychain library reads the bus address
// from the process's own environment at start). `save` makes two profiles on the API_ORIGIN server, one with
// a key saved in the keychain; `request` asks that server three times for each and prints what happened, one
// JSON line per attempt.
import { HttpClient } from '../../api/http';
import { openStore } from '../../store';
import { CredentialVault } from '../credentialVault';
import { systemKeychain } from '../keychainBackend';
import { ProfileService } from '../profileService';
import { connectionForProfile } from '../serviceConnection';

const [step, dataFile, origin, secret] = process.argv.slice(2);
if (dataFile === undefined || origin === undefined)
  throw new Error('usage: save|request DATA_FILE ORIGIN [SECRET]');
const store = openStore(dataFile);
let n = 0;
const service = new ProfileService({
  store,
  vault: new CredentialVault(systemKeychain('loupe-locked-test')),
  newId: () => `real-${++n}`,
});

async function main(): Promise<void> {
  if (step === 'save') {
    const keyed = await service.create({ name: 'Keyed', surface: 'managed', baseUrl: origin });
    await service.create({ name: 'Open', surface: 'managed', baseUrl: origin });
    console.log(JSON.stringify({ saved: await service.setCredential(keyed.id, secret ?? '') }));
    return;
  }
  for (const id of ['real-1', 'real-1', 'real-1', 'real-2']) {
    const http = new HttpClient({ connection: await connectionForProfile(service, id) });
    try {
      await http.send({ family: 'v2', method: 'GET', target: 'jobs' });
      console.log(JSON.stringify({ id, sent: true }));
    } catch (error) {
      const { kind, message } = error as { kind?: string; message?: string };
      console.log(JSON.stringify({ id, sent: false, kind, message }));
    }
  }
}

main()
  .finally(() => store.close())
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });

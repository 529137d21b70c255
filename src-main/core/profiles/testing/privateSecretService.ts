// A Secret Service of a test's own: a private D-Bus session with gnome-keyring on it, in a throwaway HOME, so
// a test may lock its keychain without touching the one the other test files share. The processes that use it
// get `env`. Test-only.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivateSecretService {
  /** The environment that reaches this service (its bus, its HOME). */
  env: NodeJS.ProcessEnv;
  /** Locks the login collection, as a screen lock or `secret-tool lock` would. */
  lock(): void;
  stop(): void;
}

/** Whether this machine has what it takes (dbus-daemon, dbus-send and gnome-keyring-daemon). */
export function canRunSecretService(): boolean {
  return ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon'].every(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
  );
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('error', reject);
  });
}

export async function startPrivateSecretService(): Promise<PrivateSecretService> {
  const home = mkdtempSync(join(tmpdir(), 'loupe-secret-service-'));
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: await firstLine(bus), HOME: home };
  const keyring = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets', '--foreground'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin.end('pass');
  const dbusSend = (dest: string, path: string, method: string, ...args: string[]) =>
    execFileSync('dbus-send', ['--session', '--print-reply', `--dest=${dest}`, path, method, ...args], {
      env,
      timeout: 5_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
  // Ready when the daemon holds the service's name. Asked of the bus, not of the service: a call to the service
  // before the daemon has its name would have the bus start another daemon (D-Bus activation), locked.
  const hasOwner = () =>
    dbusSend(
      'org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.secrets',
    );
  for (let attempt = 0; !hasOwner().includes('boolean true'); attempt += 1) {
    if (attempt > 200) throw new Error('the private Secret Service did not start');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    env,
    lock: () => {
      dbusSend(
        'org.freedesktop.secrets',
        '/org/freedesktop/secrets',
        'org.freedesktop.Secret.Service.Lock',
        'array:objpath:/org/freedesktop/secrets/collection/login',
      );
    },
    stop: () => {
      keyring.kill();
      bus.kill();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

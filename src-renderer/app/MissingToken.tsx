/** The browser shell was opened without its launch link (or reloaded, which drops the in-memory token). */
export function MissingToken() {
  return (
    <div className="flex h-full items-center justify-center p-8" data-app-ready="missing-token">
      <div className="max-w-lg text-sm leading-relaxed">
        <h1 className="mb-2 text-base font-semibold">Open Loupe from its launch link</h1>
        <p className="text-muted">
          For your safety the browser shell only talks to a page that holds this launch's secret token, and
          the page keeps it in memory only. Use the link Loupe printed in your terminal (it ends in{' '}
          <span className="font-mono">#token=…</span>). If you reloaded the page, open that link again, or
          restart with <span className="font-mono">npm run serve</span>.
        </p>
      </div>
    </div>
  );
}

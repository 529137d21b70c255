// Limits Loupe keeps everywhere it meets them: the page, main and the CLI say the same numbers.

/**
 * The service takes "about 100 MB in a single request" (job-and-asset-api.md, Limits). Read as decimal
 * megabytes, the smaller reading, so a file Loupe sends is never one the service refuses for its size.
 */
export const MAX_SINGLE_UPLOAD_BYTES = 100 * 1000 * 1000;

/** Files one upload (a drop, a pick, a folder) may hold. */
export const MAX_FILES_PER_UPLOAD = 1000;

/** Label filters per job list (the service's limit). */
export const MAX_LABEL_FILTERS = 3;

/** A label key's length at most, and a label value's. */
export const MAX_LABEL_KEY_LENGTH = 40;
export const MAX_LABEL_VALUE_LENGTH = 1024;

/**
 * A workflow file's text at most (jobs.submit, batches.plan, batches.send). API-format graphs weigh kilobytes,
 * a few megabytes with images inlined in widgets; the simulator, like a real proxy, refuses a body over 10 MB.
 */
export const MAX_WORKFLOW_BYTES = 8 * 1024 * 1024;

/** A batch's CSV table at most: ten thousand rows of a few hundred characters. */
export const MAX_TABLE_BYTES = 4 * 1024 * 1024;

/**
 * One call's message on the browser shell's socket at most (its JSON text, UTF-8). The largest real call, a
 * batch plan with the largest workflow and table (12 MiB of text), fits with room for its JSON escaping; the
 * page refuses a larger call before sending it, and the host closes the socket on one rather than buffer it.
 * Electron's IPC has no frame: the contract's own limits apply there.
 */
export const MAX_CALL_MESSAGE_BYTES = 16 * 1024 * 1024;

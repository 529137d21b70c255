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

// The store's schema, as the list of migrations that build it. Append new migrations; never edit a released one.
import type { Migration } from './migrations';

const initial = `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE profiles (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  surface TEXT NOT NULL,
  base_url TEXT,
  router_base_url TEXT,
  built_in TEXT,
  sort_order INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE jobs (
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  job_id TEXT NOT NULL,
  status TEXT NOT NULL,
  snapshot TEXT,
  labels TEXT,
  submitted_by_us INTEGER NOT NULL DEFAULT 0,
  retry_of TEXT,
  workflow TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  terminal_at TEXT,
  PRIMARY KEY (profile_id, job_id)
) WITHOUT ROWID;
CREATE INDEX jobs_by_created ON jobs (profile_id, created_at DESC, job_id);
CREATE INDEX jobs_open ON jobs (profile_id, terminal_at) WHERE terminal_at IS NULL;
CREATE INDEX jobs_by_retry_of ON jobs (profile_id, retry_of) WHERE retry_of IS NOT NULL;

CREATE TABLE outputs (
  profile_id TEXT NOT NULL,
  job_id TEXT NOT NULL,
  asset_id TEXT NOT NULL,
  node_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  hash TEXT,
  position INTEGER NOT NULL,
  PRIMARY KEY (profile_id, job_id, asset_id),
  FOREIGN KEY (profile_id, job_id) REFERENCES jobs(profile_id, job_id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX outputs_by_hash ON outputs (profile_id, hash) WHERE hash IS NOT NULL;

CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  file_path TEXT NOT NULL,
  size INTEGER NOT NULL,
  hash TEXT,
  asset_id TEXT,
  state TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX uploads_by_profile ON uploads (profile_id, created_at DESC);
CREATE INDEX uploads_by_hash ON uploads (profile_id, hash) WHERE hash IS NOT NULL;

CREATE TABLE batches (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX batches_by_profile ON batches (profile_id, created_at DESC);

CREATE TABLE batch_items (
  id TEXT PRIMARY KEY,
  batch_id TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL,
  job_id TEXT,
  request TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX batch_items_by_batch ON batch_items (batch_id, position);
CREATE INDEX batch_items_by_state ON batch_items (state, batch_id);
`;

// What the service told Loupe about assets (the Assets view's memory beyond uploads and outputs), with
// tombstones for deleted ones.
const assets = `
CREATE TABLE assets (
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  asset_id TEXT NOT NULL,
  hash TEXT,
  size INTEGER,
  content_type TEXT,
  file_path TEXT,
  job_id TEXT,
  created_at TEXT,
  expires_at TEXT,
  looked_up INTEGER NOT NULL DEFAULT 0,
  described_at TEXT,
  deleted_at TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (profile_id, asset_id)
) WITHOUT ROWID;
CREATE INDEX assets_by_hash ON assets (profile_id, hash) WHERE hash IS NOT NULL;
`;

// Where an upload goes on the service (its path inside what was dropped, and the batch's file_path, tags
// and expires_in), so an upload interrupted by a crash is resumed with the same request. Null on rows
// written before this column existed.
const uploadPlacement = `
ALTER TABLE uploads ADD COLUMN placement TEXT;
`;

// A planned batch (one workflow over many inputs): the plan it came from (axes, window, options, as JSON) and
// each item's values on those axes, so the batch screens and exports can lay items out by axis. Null on
// batches of one (a single submit or retry) and on rows written before these columns existed.
const batchPlans = `
ALTER TABLE batches ADD COLUMN plan TEXT;
ALTER TABLE batches ADD COLUMN canceled_at TEXT;
ALTER TABLE batch_items ADD COLUMN item_values TEXT;
`;

// A batch item sent again after its job failed: the job it retries, so the new job is recorded as the next
// attempt of the same item (jobs.retry_of) and the item shows its attempts.
const batchItemRetries = `
ALTER TABLE batch_items ADD COLUMN retry_of_job TEXT;
`;

// The Router (model-router-api.md): each profile's catalogue as last read (one JSON list, replaced whole), what
// a model's openapi.json said about its output, the latest committed-spend figures, and every run, written with
// its Idempotency-Key before it is sent (ARCHITECTURE rule 6). A queued run's status/response/cancel URLs stay
// here, in main: they are followed, never composed and never shown to the renderer.
const router = `
CREATE TABLE router_catalogues (
  profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  models TEXT NOT NULL,
  fetched_at TEXT NOT NULL
);

CREATE TABLE router_model_facts (
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  model_id TEXT NOT NULL,
  output_kind TEXT,
  output_content_type TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (profile_id, model_id)
) WITHOUT ROWID;

CREATE TABLE router_spend (
  profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  spend_limit REAL,
  spend_current REAL,
  spend_remaining REAL,
  last_credits REAL,
  updated_at TEXT NOT NULL
);

CREATE TABLE router_runs (
  id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  model_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  state TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  input TEXT NOT NULL,
  options TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  request_id TEXT,
  queue_request_id TEXT,
  queue_position INTEGER,
  queue_links TEXT,
  output TEXT,
  meta TEXT,
  credits_used REAL,
  error TEXT,
  media TEXT NOT NULL DEFAULT '[]',
  cancel_requested INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX router_runs_by_profile ON router_runs (profile_id, created_at DESC, id);
CREATE INDEX router_runs_open ON router_runs (state)
  WHERE state IN ('pending', 'sent', 'in_queue', 'in_progress');
`;

// Which batch a job runs an item of, asked per job (claimsJob, the job's local facts): without it, a scan.
const batchItemsByJob = `
CREATE INDEX batch_items_by_job ON batch_items (job_id) WHERE job_id IS NOT NULL;
`;

// How each planned batch is being sent, kept with the batch so a restart or a resume keeps it: the window, the
// automatic retry, whether the user wants it sending or paused and why it paused by itself; and the lease that
// makes one process its only sender (owner + heartbeat; a dead owner's lease expires).
const batchSending = `
CREATE TABLE batch_sending (
  batch_id TEXT PRIMARY KEY REFERENCES batches(id) ON DELETE CASCADE,
  send_window INTEGER NOT NULL,
  auto_retry INTEGER,
  wanted TEXT NOT NULL,
  paused_reason TEXT,
  owner TEXT,
  heartbeat_ms INTEGER,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX batch_sending_wanted ON batch_sending (wanted);
CREATE INDEX batch_items_by_retry ON batch_items (retry_of_job) WHERE retry_of_job IS NOT NULL;
`;

// Whether the user chose to send the profile's own key with workflows that use partner nodes (issue 20). Off
// unless chosen: the key bills the account, so it never goes into a request body without the user's say.
const profilePartnerKey = `
ALTER TABLE profiles ADD COLUMN send_partner_key INTEGER NOT NULL DEFAULT 0;
`;

// The library (issue 21): one entry per output of every job Loupe has seen, on every profile, with what its
// workflow said (read once, kept as columns for filters and as JSON for the detail), the user's rating, reject
// flag and tags, whether its bytes are kept in the library folder, and its thumbnail's state. library_fts is a
// contentless FTS5 index over the entry's words (rowid = entry_id): the words live in the entry's columns and
// facts, so the index adds no second copy. library_backlog lists finished jobs whose outputs Loupe has not read
// yet, read in the background newest first at a bounded rate; a restart takes it up where it was. A read job
// keeps its row with read_at set, so a list showing it again does not queue it a second time.
// library_blobs is the content-addressed library folder's index: one file per blake3 hash, however many entries
// share it.
const library = `
CREATE TABLE library_entries (
  entry_id INTEGER PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  job_id TEXT NOT NULL,
  asset_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  hash TEXT,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  terminal_at TEXT,
  job_status TEXT NOT NULL,
  batch_id TEXT,
  batch_values TEXT,
  prompt TEXT,
  seed REAL,
  steps REAL,
  cfg REAL,
  sampler TEXT,
  model TEXT,
  width INTEGER,
  height INTEGER,
  facts TEXT NOT NULL,
  rating INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT,
  keep_state TEXT NOT NULL DEFAULT 'none',
  keep_message TEXT,
  kept_at TEXT,
  thumb_state TEXT NOT NULL DEFAULT 'none',
  thumb_message TEXT,
  indexed_at TEXT NOT NULL,
  UNIQUE (profile_id, job_id, asset_id)
);
-- Search reads these two indexes instead of the wide rows (facts, prompt): entries newest first, and each
-- entry's filter columns by entry_id (what an FTS match's rowids are checked against). Both carry every column a
-- search filters, orders or counts facets by, so a search touches a row only for the page it returns.
-- rejected is not leading: without statistics SQLite would take \`rejected = 0\` for a selective equality.
CREATE INDEX library_by_created ON library_entries (created_at DESC, entry_id DESC, rejected, type, profile_id,
  rating, batch_id, keep_state, seed, steps, cfg, width, height, expires_at);
CREATE INDEX library_filters ON library_entries (entry_id, rejected, created_at, type, profile_id, rating,
  batch_id, keep_state, seed, steps, cfg, width, height, expires_at);
CREATE INDEX library_by_seed ON library_entries (seed);
CREATE INDEX library_by_steps ON library_entries (steps);
CREATE INDEX library_by_cfg ON library_entries (cfg);
CREATE INDEX library_by_profile ON library_entries (profile_id, created_at DESC);
CREATE INDEX library_by_rating ON library_entries (rating DESC, created_at DESC) WHERE rating > 0;
CREATE INDEX library_by_hash ON library_entries (hash) WHERE hash IS NOT NULL;
CREATE INDEX library_by_batch ON library_entries (batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX library_by_keep ON library_entries (keep_state) WHERE keep_state <> 'none';
CREATE INDEX library_by_expiry ON library_entries (expires_at) WHERE expires_at IS NOT NULL;

CREATE VIRTUAL TABLE library_fts USING fts5(
  title, prompts, strings, names, models, labels, tags,
  content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);

CREATE TABLE library_tags (
  entry_id INTEGER NOT NULL REFERENCES library_entries(entry_id) ON DELETE CASCADE,
  tag TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (entry_id, tag)
) WITHOUT ROWID;
CREATE INDEX library_tags_by_tag ON library_tags (tag);

CREATE TABLE library_collections (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  filter TEXT NOT NULL,
  sort TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE library_backlog (
  profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  job_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_error TEXT,
  read_at TEXT,
  PRIMARY KEY (profile_id, job_id)
) WITHOUT ROWID;
CREATE INDEX library_backlog_next ON library_backlog (profile_id, created_at DESC) WHERE read_at IS NULL;

CREATE TABLE library_blobs (
  hash TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  kept_at TEXT NOT NULL,
  verified_at TEXT NOT NULL
) WITHOUT ROWID;
`;

// Where a library entry came from (issue 21): a job's output ('job', every entry before this), a Router run's
// saved medium ('router': job_id is the run, asset_id names the run and the medium's index) or an upload
// ('upload': job_id is the upload, asset_id the service's asset). Entries that are not jobs' outputs are few
// next to those that are, so the partial index finds them without widening the search's covering indexes.
const librarySources = `
ALTER TABLE library_entries ADD COLUMN source TEXT NOT NULL DEFAULT 'job';
CREATE INDEX library_by_source ON library_entries (source, created_at DESC) WHERE source <> 'job';
`;

// The library's facet counts kept as they change (issue 21): one row per combination of the columns the facets
// count by (type, profile, batch, rating) and the two every search filters on (rejected, kept), with how many
// entries have it, kept in the same transaction as the entries: a new entry is counted by the statement that makes
// it (libraryEntriesTable.ts: an INSERT trigger made indexing a third slower), a change or a removal by triggers; so "facets of everything" (and any
// search made only of those picks) sums a few rows instead of grouping every entry. The key is the combination
// as a JSON array, so a NULL batch is one key (a UNIQUE over the columns would take every NULL as distinct).
const libraryCounts = `
CREATE TABLE library_counts (
  key TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  batch_id TEXT,
  rating INTEGER NOT NULL,
  rejected INTEGER NOT NULL,
  kept INTEGER NOT NULL,
  n INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO library_counts (key, type, profile_id, batch_id, rating, rejected, kept, n)
  SELECT json_array(type, profile_id, batch_id, rating, rejected, keep_state = 'kept'), type, profile_id, batch_id,
    rating, rejected, keep_state = 'kept', count(*)
  FROM library_entries GROUP BY 1;
CREATE TRIGGER library_counts_delete AFTER DELETE ON library_entries BEGIN
  UPDATE library_counts SET n = n - 1 WHERE key =
    json_array(old.type, old.profile_id, old.batch_id, old.rating, old.rejected, old.keep_state = 'kept');
  DELETE FROM library_counts WHERE n <= 0 AND key =
    json_array(old.type, old.profile_id, old.batch_id, old.rating, old.rejected, old.keep_state = 'kept');
END;
CREATE TRIGGER library_counts_update AFTER UPDATE OF type, profile_id, batch_id, rating, rejected, keep_state
  ON library_entries
  WHEN old.type IS NOT new.type OR old.profile_id IS NOT new.profile_id OR old.batch_id IS NOT new.batch_id
    OR old.rating IS NOT new.rating OR old.rejected IS NOT new.rejected
    OR (old.keep_state = 'kept') IS NOT (new.keep_state = 'kept')
BEGIN
  UPDATE library_counts SET n = n - 1 WHERE key =
    json_array(old.type, old.profile_id, old.batch_id, old.rating, old.rejected, old.keep_state = 'kept');
  DELETE FROM library_counts WHERE n <= 0 AND key =
    json_array(old.type, old.profile_id, old.batch_id, old.rating, old.rejected, old.keep_state = 'kept');
  INSERT INTO library_counts (key, type, profile_id, batch_id, rating, rejected, kept, n)
    VALUES (json_array(new.type, new.profile_id, new.batch_id, new.rating, new.rejected, new.keep_state = 'kept'),
      new.type, new.profile_id, new.batch_id, new.rating, new.rejected, new.keep_state = 'kept', 1)
    ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
-- An entry's words go with it (a profile's removal deletes its entries by cascade, which never reached the
-- contentless index): full-text counts are then counts of entries, and words left from before are cleared.
CREATE TRIGGER library_fts_delete AFTER DELETE ON library_entries BEGIN
  DELETE FROM library_fts WHERE rowid = old.entry_id;
END;
DELETE FROM library_fts WHERE rowid NOT IN (SELECT entry_id FROM library_entries);
-- Rejected entries are few: a search for words that hides them counts its matches as the full-text count less
-- the rejected ones among them, read through this index instead of checking every match's row.
CREATE INDEX library_rejected ON library_entries (entry_id) WHERE rejected = 1;
`;

// An entry by its asset (a thumbnail or a kept copy asked for by the asset route): the unique key leads with the
// job, so without this index each tile's thumbnail scanned every entry of its profile (about 120 ms at 100,000,
// one after another on main's one thread while a grid filled).
const libraryByAsset = `
CREATE INDEX library_by_asset ON library_entries (profile_id, asset_id);
`;

// A kept file's sidecar (<hex>.json: the entries that share the bytes, with their workflows) is written after the
// keeping, not by it: each keep raises the blob's sidecar_due count, and the library writes the due ones when no
// download runs, a batch at a time, clearing the count it wrote (a keep in between leaves it due). A crash
// between the two leaves the count, and the next start writes what is due.
const librarySidecars = `
ALTER TABLE library_blobs ADD COLUMN sidecar_due INTEGER NOT NULL DEFAULT 0;
CREATE INDEX library_sidecars_due ON library_blobs (hash) WHERE sidecar_due > 0;
`;

// Whether a key for the profile was saved in the keychain, so a keychain that cannot be read (locked, its
// service stopped) is told apart from a profile that has no key: the first must not send its requests without
// the key (the service would answer 401, shown as a rejected key), the second sends them as it always did.
// NULL: not known yet (profiles saved before this column); learned at the next read of the keychain.
const profileCredentialSaved = `
ALTER TABLE profiles ADD COLUMN credential_saved INTEGER CHECK (credential_saved IN (0, 1));
`;

// When the service answered 404 for a job Loupe still had in flight, before any retention deadline Loupe knew
// had passed: a local proxy restarted and lost its queue, or the key now belongs to another account. How the
// job ended cannot be known, so its status stays as last read and the job reads as 'unknown' with this time;
// the watcher does not take it up again at each start. A later read that finds the job clears it.
const jobsGone = `
ALTER TABLE jobs ADD COLUMN gone_at TEXT;
`;

// Each job's place in the job list's newest-first order, kept by SQLite itself: the job's own creation time
// (its snapshot's created_at) or, without one, when Loupe first recorded it, in ms since the epoch (0 when
// neither reads as a time). Generated, so no write can forget it; indexed, so the list reads the page it shows
// after a position instead of every remembered job (reading 10,000 of them took main 0.3-0.75 s at each list,
// every 15 s while a window followed the profile). julianday keeps whole milliseconds exactly (round recovers
// them); a created_at that is not text (a number) is no ISO time, and julianday would take it for a day
// number. CASE, not AND, so a damaged snapshot is never handed to json_type.
const jobsByCreation = `
ALTER TABLE jobs ADD COLUMN created_ms INTEGER GENERATED ALWAYS AS (CAST(round((COALESCE(
  julianday(CASE WHEN json_valid(snapshot) THEN
    CASE WHEN json_type(snapshot, '$.created_at') = 'text' THEN json_extract(snapshot, '$.created_at') END END),
  julianday(created_at),
  2440587.5) - 2440587.5) * 86400000) AS INTEGER)) VIRTUAL;
CREATE INDEX jobs_by_creation ON jobs (profile_id, created_ms DESC, job_id);
`;

export const storeMigrations: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'assets', sql: assets },
  { version: 3, name: 'upload placement', sql: uploadPlacement },
  { version: 4, name: 'batch plans', sql: batchPlans },
  { version: 5, name: 'batch item retries', sql: batchItemRetries },
  { version: 6, name: 'router', sql: router },
  { version: 7, name: 'batch items by job', sql: batchItemsByJob },
  { version: 8, name: 'batch sending', sql: batchSending },
  { version: 9, name: 'profile partner key', sql: profilePartnerKey },
  { version: 10, name: 'library', sql: library },
  { version: 11, name: 'library sources', sql: librarySources },
  { version: 12, name: 'library counts', sql: libraryCounts },
  { version: 13, name: 'library entries by asset', sql: libraryByAsset },
  { version: 14, name: 'library sidecars', sql: librarySidecars },
  { version: 15, name: 'profile credential saved', sql: profileCredentialSaved },
  { version: 16, name: 'jobs gone from the service', sql: jobsGone },
  { version: 17, name: 'jobs by creation time', sql: jobsByCreation },
];

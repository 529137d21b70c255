// Generators of schema-valid documents for every resource the service sends, as the documents and
// NOTES describe them. Test-only: the fuzz test feeds these, and mutations of them, to the schemas.
import { jobStatuses, outputTypes } from '../schemas/job';
import {
  arrayOf,
  bool,
  constant,
  fraction,
  hex64,
  integer,
  isoDate,
  junk,
  link,
  nullable,
  objectOf,
  oneOf,
  optional,
  recordOf,
  text,
  uuid,
  type Gen,
} from './fuzz';

const nodeId = oneOf(['1', '12', 'KSampler.3', '']);
const modelSlug = oneOf(['acme', 'img-1', 'v.2', 'flux_pro', 'a1']);

export const progress = objectOf({
  value: fraction,
  nodes_done: integer,
  nodes_total: integer,
  current_node: optional(nullable(nodeId)),
  current_node_class: optional(nullable(text)),
  step: optional(nullable(integer)),
  steps: optional(nullable(integer)),
  message: optional(nullable(text)),
});

export const output = objectOf({
  node_id: nodeId,
  name: text,
  type: oneOf(outputTypes),
  content_type: oneOf(['image/png', 'audio/wav', 'text/plain']),
  size_bytes: integer,
  id: uuid,
  hash: nullable(hex64),
  url: link,
  url_expires_at: isoDate,
  job_id: optional(nullable(uuid)),
});

export const jobError = objectOf({
  code: oneOf(['node_execution_error', 'brand_new']),
  message: text,
  node_id: optional(nullable(nodeId)),
  class_type: optional(nullable(text)),
  traceback: optional(nullable(text)),
});

export const jobUrls = objectOf({ self: link, events: link, cancel: link, logs: optional(link) });

export const job = objectOf({
  id: uuid,
  status: oneOf(jobStatuses),
  created_at: isoDate,
  started_at: nullable(isoDate),
  completed_at: nullable(isoDate),
  expires_at: isoDate,
  queue_position: nullable(integer),
  progress: nullable(progress),
  outputs: arrayOf(output),
  error: nullable(jobError),
  metrics: optional(objectOf({ queue_ms: nullable(integer), execution_ms: nullable(integer) })),
  metadata: optional(recordOf(text)),
  urls: jobUrls,
});

export const asset = objectOf({
  id: uuid,
  hash: nullable(hex64),
  size_bytes: integer,
  content_type: oneOf(['image/png', 'application/octet-stream']),
  created_at: isoDate,
  url: link,
  url_expires_at: isoDate,
  file_path: optional(nullable(text)),
  created_new: optional(bool),
  expires_at: optional(nullable(isoDate)),
  job_id: optional(nullable(uuid)),
});

export const jobListItem = objectOf({
  id: uuid,
  status: oneOf(jobStatuses),
  create_time: isoDate,
  update_time: isoDate,
  release_version: integer,
  metadata: recordOf(text),
});
export const jobListPage = objectOf({ jobs: arrayOf(jobListItem), next_cursor: optional(text) });

export const workflowDocument = objectOf({ format: oneOf(['save', 'api']), workflow: recordOf(junk) });
export const logDocument = objectOf({ text, truncated: bool, captured_at: isoDate, complete: bool });

const v1Statuses = [
  'success',
  'error',
  'non_retryable_error',
  'lost',
  'cancelled',
  'submitted',
  'queued_waiting',
  'preparing',
  'executing',
  'cancel_requested',
  'pending',
  'waiting_to_dispatch',
  'in_progress',
  'completed',
  'failed',
];
export const v1JobStatus = objectOf({ status: oneOf(v1Statuses), error_message: optional(nullable(text)) });
export const v1ListItem = objectOf({
  id: uuid,
  status: oneOf(v1Statuses),
  create_time: integer,
  execution_error: optional(
    nullable(
      objectOf({
        node_id: nodeId,
        node_type: text,
        exception_message: text,
        exception_type: oneOf(['OOMError', 'ValidationError']),
        traceback: arrayOf(text),
        current_inputs: recordOf(junk),
        current_outputs: recordOf(junk),
      }),
    ),
  ),
  preview_output: optional(nullable(recordOf(junk))),
  outputs_count: optional(integer),
  workflow_id: optional(text),
  execution_start_time: optional(integer),
  execution_end_time: optional(integer),
});
export const v1JobList = objectOf({
  jobs: arrayOf(v1ListItem),
  pagination: objectOf({ offset: integer, limit: integer, total: integer, has_more: bool }),
});
export const v1PromptResponse = objectOf({ prompt_id: uuid, number: integer, node_errors: recordOf(junk) });
export const v1UploadResponse = objectOf({
  name: oneOf(['a.png', 'mask.png']),
  subfolder: text,
  type: optional(oneOf(['input', 'temp'])),
});
export const v1ObjectInfo = recordOf(
  objectOf({
    input: objectOf({ required: recordOf(junk), optional: optional(recordOf(junk)) }),
    output: arrayOf(text),
    display_name: text,
    category: text,
  }),
);

const modelId: Gen = (r) => `${String(modelSlug(r))}/${String(modelSlug(r))}`;
export const modelEntry = objectOf({
  id: modelId,
  provider: modelSlug,
  model: modelSlug,
  billing: objectOf({ charges_on_policy_rejection: constant('unknown') }),
});
export const modelPage = objectOf({
  data: arrayOf(modelEntry),
  has_more: bool,
  next_cursor: optional(text),
  limit: integer,
});
export const modelDetail = objectOf({
  id: modelId,
  provider: modelSlug,
  model: modelSlug,
  billing: objectOf({}),
  input_schema_url: optional(link),
});
const queueStatus = oneOf(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']);
export const queueHandle = objectOf({
  request_id: uuid,
  status: queueStatus,
  queue_position: optional(integer),
  status_url: link,
  response_url: link,
  cancel_url: link,
});
export const queueStatusResponse = objectOf({
  request_id: uuid,
  status: queueStatus,
  queue_position: optional(integer),
  error_type: optional(text),
  status_url: link,
  response_url: link,
  cancel_url: link,
});
export const cancelResponse = objectOf({
  request_id: uuid,
  status: oneOf(['CANCELLATION_REQUESTED', 'ALREADY_COMPLETED']),
});
export const validationErrorDetail = objectOf({
  loc: arrayOf(oneOf(['body', 'prompt', 0, 3])),
  msg: text,
  type: text,
  ctx: optional(recordOf(junk)),
  input: optional(junk),
});

export const statusEvent = objectOf({
  status: oneOf(jobStatuses),
  queue_position: optional(nullable(integer)),
});
export const previewEvent = objectOf({
  node_id: nodeId,
  content_type: constant('image/jpeg'),
  data_base64: constant('AAAA'),
});
export const logEvent = objectOf({ level: oneOf(['info', 'error']), message: text });
export const cachedOpenApi = objectOf({ modelId, etag: text, document: recordOf(junk), storedAt: integer });

// The envelope of POST /api/v2/jobs around the workflow: reserved fields, the closed `extra_data`,
// and labels. Codes follow NOTES.md (reference proxy): reserved fields and a missing workflow are 422
// invalid_workflow; a bad `extra_data` is 400 invalid_request; bad labels are 422 metadata_invalid.
import { isPlainObject } from '../http';
import type { LabelPolicy } from './jobEngine';
import { parseLabels } from './labels';

/** The closed `extra_data`: credentials for partner nodes, forwarded to the worker, never answered back. */
export interface ExtraData {
  api_key_svc_org?: string;
  auth_token_svc_org?: string;
}

export interface SubmitBody {
  workflow: unknown;
  labels: Record<string, string> | null;
  extraData: ExtraData | null;
}

export interface BodyRefusal {
  status: 400 | 422;
  code: string;
  message: string;
  details: Record<string, unknown> | null;
}

export type SubmitBodyResult = { ok: true; body: SubmitBody } | { ok: false; refusal: BodyRefusal };

const reservedFields = ['webhook_url', 'inputs'] as const;
const extraDataKeys = new Set(['api_key_svc_org', 'auth_token_svc_org']);

function refuse(
  status: 400 | 422,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
): SubmitBodyResult {
  return { ok: false, refusal: { status, code, message, details } };
}

export function parseSubmitBody(value: unknown, labelPolicy: LabelPolicy): SubmitBodyResult {
  if (!isPlainObject(value)) {
    return refuse(422, 'invalid_workflow', 'The request body must be a JSON object with a workflow.', {
      node_errors: {},
    });
  }
  for (const field of reservedFields) {
    if (field in value) {
      return refuse(422, 'invalid_workflow', `The field "${field}" is reserved and not accepted.`, {
        node_errors: {},
        field,
      });
    }
  }
  if (value.workflow === undefined || value.workflow === null) {
    return refuse(422, 'invalid_workflow', 'The request body has no workflow.', { node_errors: {} });
  }
  let extraData: ExtraData | null = null;
  if ('extra_data' in value) {
    const extra = value.extra_data;
    if (!isPlainObject(extra))
      return refuse(400, 'invalid_request', 'extra_data must be an object.', { field: 'extra_data' });
    extraData = {};
    for (const [key, item] of Object.entries(extra)) {
      if (!extraDataKeys.has(key)) {
        return refuse(400, 'invalid_request', `extra_data does not accept "${key}".`, {
          field: `extra_data.${key}`,
        });
      }
      if (typeof item !== 'string') {
        return refuse(400, 'invalid_request', `extra_data.${key} must be a string.`, {
          field: `extra_data.${key}`,
        });
      }
      if (key === 'api_key_svc_org') extraData.api_key_svc_org = item;
      else extraData.auth_token_svc_org = item;
    }
  }
  let labels: Record<string, string> | null = null;
  if (value.metadata !== undefined) {
    if (labelPolicy === 'refused') {
      return refuse(422, 'metadata_not_supported', 'This service does not accept job labels.', {
        field: 'metadata',
      });
    }
    const parsed = parseLabels(value.metadata);
    if (!parsed.ok) return refuse(422, 'metadata_invalid', parsed.message, parsed.details);
    labels = parsed.labels;
  }
  return { ok: true, body: { workflow: value.workflow, labels, extraData } };
}

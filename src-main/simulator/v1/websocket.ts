// The v1 WebSocket at /ws?clientId=…&token=…: JSON {type, data} frames for every job of the
// caller (clientId is ignored: all connections of a user receive the same messages) and binary
// preview frames (4-byte type 1, 4-byte format 2 = PNG, then the image).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { JobEvent } from '../jobs/jobEvents';
import type { JobEngine } from '../jobs/jobEngine';
import type { JobRecord, JobStatus, OutputRecord } from '../jobs/jobModel';
import { uiOutputKey } from './uiOutputKey';

export interface V1SocketDeps {
  engine: JobEngine;
  prefix: string;
  ownerForToken(token: string | null): string | null;
  /** Let the kernel's request log see WebSocket handshakes too. */
  record(req: IncomingMessage, url: URL, status: number): void;
}

const previewFrameType = 1;
const pngFormat = 2;

function previewFrame(png: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(previewFrameType, 0);
  header.writeUInt32BE(pngFormat, 4);
  return Buffer.concat([header, png]);
}

function uiOutput(outputs: readonly OutputRecord[]): Record<string, unknown[]> {
  const ui: Record<string, unknown[]> = {};
  for (const output of outputs) {
    const key = uiOutputKey(output.type);
    (ui[key] ??= []).push({ filename: output.name, subfolder: '', type: 'output' });
  }
  return ui;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

export class V1Socket {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly clients = new Map<WebSocket, string>();
  /** What each live job last looked like, to tell a transition from a queue-position change. */
  private readonly lastStatus = new Map<string, JobStatus>();
  private readonly executedNodes = new Map<string, string[]>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: V1SocketDeps) {
    this.unsubscribe = deps.engine.hub.subscribe((job, event) => this.onJobEvent(job, event));
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://127.0.0.1');
      } catch {
        return refuse(socket, 400, 'Bad Request');
      }
      if (url.pathname !== `${this.deps.prefix}/ws`) {
        this.deps.record(req, url, 404);
        return refuse(socket, 404, 'Not Found');
      }
      const owner = this.deps.ownerForToken(url.searchParams.get('token'));
      if (owner === null) {
        this.deps.record(req, url, 401);
        return refuse(socket, 401, 'Unauthorized');
      }
      this.deps.record(req, url, 101);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.welcome(ws, owner));
    });
  }

  close(): void {
    this.unsubscribe();
    for (const ws of this.clients.keys()) ws.terminate();
    this.clients.clear();
    this.wss.close();
  }

  reset(): void {
    this.lastStatus.clear();
    this.executedNodes.clear();
  }

  private welcome(ws: WebSocket, owner: string): void {
    this.clients.set(ws, owner);
    ws.on('close', () => this.clients.delete(ws));
    ws.on('error', () => this.clients.delete(ws));
    this.send(ws, 'status', {
      status: { exec_info: { queue_remaining: this.queueRemaining(owner) } },
      sid: randomSid(),
    });
  }

  private queueRemaining(owner: string): number {
    return this.deps.engine.store
      .listVisible(owner)
      .filter((j) => j.status === 'queued' || j.status === 'running').length;
  }

  private send(ws: WebSocket, type: string, data: Record<string, unknown>): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type, data }));
  }

  private broadcast(owner: string, type: string, data: Record<string, unknown>): void {
    for (const [ws, clientOwner] of this.clients) if (clientOwner === owner) this.send(ws, type, data);
  }

  private onJobEvent(job: JobRecord, event: JobEvent): void {
    const promptId = job.id;
    const timestamp = Date.now();
    switch (event.type) {
      case 'status':
        return this.onStatus(job);
      case 'node_started':
        return this.broadcast(job.owner, 'executing', {
          node: event.nodeId,
          display_node: event.nodeId,
          prompt_id: promptId,
        });
      case 'step':
        return this.broadcast(job.owner, 'progress', {
          node: event.nodeId,
          prompt_id: promptId,
          value: event.step,
          max: event.steps,
        });
      case 'preview':
        for (const [ws, owner] of this.clients) {
          if (owner === job.owner && ws.readyState === ws.OPEN) ws.send(previewFrame(event.preview.bytes));
        }
        return;
      case 'node_finished': {
        const executed = this.executedNodes.get(promptId) ?? [];
        executed.push(event.nodeId);
        this.executedNodes.set(promptId, executed);
        if (event.outputs.length === 0) return;
        return this.broadcast(job.owner, 'executed', {
          node: event.nodeId,
          display_node: event.nodeId,
          prompt_id: promptId,
          output: uiOutput(event.outputs),
          timestamp,
        });
      }
      default:
        return;
    }
  }

  private onStatus(job: JobRecord): void {
    const previous = this.lastStatus.get(job.id);
    const promptId = job.id;
    const timestamp = Date.now();
    this.broadcast(job.owner, 'status', {
      status: { exec_info: { queue_remaining: this.queueRemaining(job.owner) } },
    });
    if (previous === job.status) return;
    this.lastStatus.set(job.id, job.status);
    const executed = this.executedNodes.get(promptId) ?? [];
    switch (job.status) {
      case 'running':
        this.broadcast(job.owner, 'execution_start', { prompt_id: promptId, timestamp });
        this.broadcast(job.owner, 'execution_cached', { prompt_id: promptId, nodes: [], timestamp });
        return;
      case 'succeeded':
        this.broadcast(job.owner, 'executing', { node: null, prompt_id: promptId });
        this.broadcast(job.owner, 'execution_success', { prompt_id: promptId, timestamp });
        break;
      case 'failed':
        this.broadcast(job.owner, 'execution_error', {
          prompt_id: promptId,
          node_id: job.error?.node_id ?? null,
          node_type: job.error?.class_type ?? null,
          exception_message: job.error?.message ?? 'The job failed.',
          exception_type: job.error?.code === 'worker_lost' ? 'OOMError' : 'RuntimeError',
          traceback: job.error?.traceback ? job.error.traceback.split('\n').map((line) => `${line}\n`) : [],
          executed,
          current_inputs: {},
          current_outputs: {},
          timestamp,
        });
        break;
      case 'canceled':
        if (job.startedAt !== null) {
          const current = job.progress?.current_node ?? null;
          this.broadcast(job.owner, 'execution_interrupted', {
            prompt_id: promptId,
            node_id: current,
            node_type: job.progress?.current_node_class ?? null,
            executed,
            timestamp,
          });
        }
        break;
      default:
        return;
    }
    this.lastStatus.delete(job.id);
    this.executedNodes.delete(promptId);
  }
}

function randomSid(): string {
  return Math.random().toString(16).slice(2, 18).padEnd(16, '0');
}

// The page's side of the explorer's worker (src/web/worker/explorer-worker.ts): one job at a time
// per client, and the latest wins. A new request while a job runs stops that job at once (the
// worker is terminated: a parse of 2 MB cannot be interrupted otherwise) and goes to a spare
// worker that has already loaded the library, so typing never waits for a stale parse. The spare
// is started once a job has been stopped (small inputs never need one).
import { requestSpecs, type ColumnResult, type WorkerAnswer, type WorkerRequest } from "./worker-protocol";

const WORKER_URL = "assets/worker.js";

type Done = Extract<WorkerAnswer, { type: "done" }>;

interface Job {
  id: number;
  resolve(answer: Done | null): void;
  reject(e: Error): void;
  onColumn?: (c: ColumnResult) => void;
}

export class WorkerClient {
  private worker: Worker | null = null;
  private spare: Worker | null = null;
  private job: Job | null = null;
  private next = 1;
  /** Jobs stopped because a newer request came (for the page's own counters and the tests). */
  cancelled = 0;

  private start(): Worker {
    const w = new Worker(WORKER_URL, { type: "module" });
    w.onmessage = (ev: MessageEvent<WorkerAnswer>) => this.answer(w, ev.data);
    w.onerror = (ev) => {
      if (this.worker !== w || !this.job) return;
      const job = this.job;
      this.job = null;
      job.reject(new Error(`the explorer's worker failed: ${ev.message}`));
    };
    return w;
  }

  private answer(w: Worker, a: WorkerAnswer): void {
    const job = this.job;
    if (w !== this.worker || !job || a.id !== job.id) return;
    if (a.type === "column") job.onColumn?.(a.column);
    else if (a.type === "failed") {
      this.job = null;
      job.reject(new Error(a.message));
    } else {
      this.job = null;
      job.resolve(a);
    }
  }

  /** Whether a job is running. */
  get busy(): boolean {
    return this.job !== null;
  }

  /** Runs a job; resolves to null when a newer request stopped it. */
  request(req: WorkerRequest, onColumn?: (c: ColumnResult) => void): Promise<Done | null> {
    if (this.job) {
      // Stop the stale job: its worker goes, the spare takes over.
      this.worker?.terminate();
      this.worker = null;
      this.job.resolve(null);
      this.job = null;
      this.cancelled++;
    }
    if (!this.worker) {
      this.worker = this.spare ?? this.start();
      this.spare = null;
    }
    const id = this.next++;
    const promise = new Promise<Done | null>((resolve, reject) => {
      this.job = { id, resolve, reject, onColumn };
    });
    this.worker.postMessage({ ...req, id });
    // After a stopped job, a spare for the next one, loaded while this one runs.
    // It loads the tables of the revisions asked for now (a new worker has none: lib/revision-tables.ts).
    const specs = requestSpecs(req);
    if (this.cancelled > 0 && !this.spare) setTimeout(() => {
      if (this.spare) return;
      this.spare = this.start();
      this.spare.postMessage({ type: "load", specs, id: 0 } satisfies WorkerRequest & { id: number });
    }, 0);
    return promise;
  }
}

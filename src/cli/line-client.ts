// One implementation kept running for questions asked one at a time (confusion's rows: each input
// is one line to every implementation, and the answers are needed before the next input): a line
// out, one line back, under a time limit. Where audit-runner.ts sends a whole suite to a process and
// restarts it after a failure, this keeps one process alive across inputs:
//   - the process starts at the first question (the first answer also gets the start-up allowance);
//   - an answer that does not come within the limit is a timeout: the process is killed, and the
//     next question starts a new one; an exit before the answer is a crash (status and the end of
//     its error output); after MAX_FAILURES questions in a row without an answer the client stops
//     asking and answers every later question with that failure at once;
//   - close() ends its standard input and kills what is still running: nothing outlives the run.
import { spawn, type ChildProcess } from "node:child_process";

export type ClientAnswer = { line: string } | { failure: "timeout" | "crash" | "gave-up"; detail: string };

export interface ClientOptions {
  timeoutMs: number;
  startupMs: number;
  env?: NodeJS.ProcessEnv;
}

const MAX_FAILURES = 3;
const STDERR_KEPT = 400;

export class LineClient {
  private child: ChildProcess | null = null;
  private fresh = true;
  private buffered = "";
  private stderr = "";
  private waiting: ((a: ClientAnswer) => void) | null = null;
  private failures = 0;
  private lastFailure = "";

  constructor(
    private readonly argv: string[],
    private readonly o: ClientOptions,
  ) {}

  /** One question, one answer (or why none came). Never rejects. */
  ask(line: string): Promise<ClientAnswer> {
    if (this.failures >= MAX_FAILURES) return Promise.resolve({ failure: "gave-up", detail: `not asked: the last ${MAX_FAILURES} questions got no answer (${this.lastFailure})` });
    return new Promise((resolve) => {
      const child = this.child ?? this.start();
      if (!child) {
        resolve(this.fail("crash", this.lastFailure));
        return;
      }
      const limit = this.o.timeoutMs + (this.fresh ? this.o.startupMs : 0);
      const timer = setTimeout(() => {
        this.waiting = null;
        this.kill();
        resolve(this.fail("timeout", `no answer within ${limit / 1000} s; the implementation was stopped`));
      }, limit);
      this.waiting = (a) => {
        clearTimeout(timer);
        this.waiting = null;
        if ("line" in a) {
          this.fresh = false;
          this.failures = 0;
        }
        resolve(a);
      };
      child.stdin!.write(line + "\n");
    });
  }

  private fail(failure: "timeout" | "crash", detail: string): ClientAnswer {
    this.failures++;
    this.lastFailure = detail;
    return { failure, detail };
  }

  private start(): ChildProcess | null {
    let child: ChildProcess;
    try {
      child = spawn(this.argv[0], this.argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], env: this.o.env });
    } catch (e) {
      this.lastFailure = `cannot start ${this.argv[0]}: ${(e as Error).message}`;
      return null;
    }
    this.child = child;
    this.fresh = true;
    this.buffered = "";
    this.stderr = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      if (this.child !== child) return; // a process already stopped
      this.buffered += chunk;
      let nl = this.buffered.indexOf("\n");
      while (nl >= 0) {
        const answer = this.buffered.slice(0, nl).replace(/\r$/, "");
        this.buffered = this.buffered.slice(nl + 1);
        this.waiting?.({ line: answer });
        nl = this.buffered.indexOf("\n");
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
    });
    child.stdin!.on("error", () => undefined); // EPIPE: the exit handler answers
    child.on("error", (e) => this.exited(child, `cannot start ${this.argv[0]}: ${e.message}`));
    child.on("exit", (code, signal) => this.exited(child, `the implementation ${signal ? `was killed by ${signal}` : `exited with status ${code}`} before answering${this.stderr.trim() ? `; its last error output: ${JSON.stringify(this.stderr.trim().split("\n").slice(-2).join(" | "))}` : ""}`));
    return child;
  }

  private exited(child: ChildProcess, detail: string): void {
    if (this.child !== child) return; // stopped on purpose (a timeout, close())
    this.child = null;
    const w = this.waiting;
    if (w) {
      this.waiting = null;
      w(this.fail("crash", detail));
    } else this.lastFailure = detail;
  }

  private kill(): void {
    const c = this.child;
    this.child = null;
    if (c && c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  }

  /** Ends the process (standard input closed, then killed if still there). */
  close(): void {
    const c = this.child;
    this.child = null;
    if (!c) return;
    c.stdin!.end();
    if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  }
}

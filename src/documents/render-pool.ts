import os from 'node:os';
import { Piscina } from 'piscina';
import { pdfRenderDuration } from '../observability/metrics';
import { threadModule } from '../thread-module';
import type { RenderJob } from './render-job';

/**
 * PDFs are typeset on worker threads, never on the event loop that runs activities: one proof costs 50–100 ms
 * of synchronous CPU in pdfkit (font subsetting, layout, deflate), so a burst of amendments would otherwise
 * stall every other order's activities and heartbeats behind it (issue 13's hostile bench). One thread is
 * kept warm (loading pdfkit and the fonts takes a moment), more start under load and exit after a minute idle;
 * idle threads never keep the process alive.
 */
const IDLE_THREAD_MS = 60_000;

/** One thread per spare core, at least one, at most four: rendering should not starve the event loop's core. */
export const RENDER_THREADS = Math.min(4, Math.max(1, os.availableParallelism() - 1));

let pool: Piscina<RenderJob, Uint8Array> | undefined;

/** Starts the render threads now rather than on the first document (the worker calls it at start-up). */
export function renderPool(): Piscina<RenderJob, Uint8Array> {
  pool ??= new Piscina({
    ...threadModule(__dirname, 'render-thread'),
    minThreads: 1,
    maxThreads: RENDER_THREADS,
    idleTimeout: IDLE_THREAD_MS,
  });
  return pool;
}

/**
 * Typesets one document on a render thread, timed into `notices_pdf_render_duration_seconds`. A job still
 * queued when `signal` aborts (its activity has timed out or been cancelled: Temporal has given up on this
 * attempt) is dropped rather than rendered for nobody; one already rendering is stopped with its thread.
 */
export async function renderDocument(job: RenderJob, signal?: AbortSignal): Promise<Buffer> {
  const end = pdfRenderDuration.startTimer({ document: job.document });
  try {
    const pdf = await renderPool().run(job, signal ? { signal } : {});
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    end();
  }
}

/** Stops the render threads (on shutdown, after the worker has finished its activities). */
export async function closeRenderPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
